import { useMemo } from 'react';
import type { UploadProgress } from '../../db';
import { uploadProgress$ } from '../../db/uploadProgress';
import { useOpenDatabase } from './useDatabase';
import { useObservable } from './useObservable';

/** The image the sync worker is uploading now, if it is this entry's (upload-progress record). */
export function useUploadProgress(entryId: string): UploadProgress | null {
  const db = useOpenDatabase();
  const source = useMemo(() => db && uploadProgress$(db), [db]);
  const progress = useObservable(source) ?? null;
  return progress?.entryId === entryId ? progress : null;
}
