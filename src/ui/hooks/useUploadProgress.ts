import type { UploadProgress } from '../../db';
import { uploadProgress$ } from '../../db/uploadProgress';
import { useDbObservable } from './useDatabase';

/** The image the sync worker is uploading now, if it is this entry's (upload-progress record). */
export function useUploadProgress(entryId: string): UploadProgress | null {
  const progress = useDbObservable((db) => uploadProgress$(db), []) ?? null;
  return progress?.entryId === entryId ? progress : null;
}
