import { useMemo } from 'react';
import { uploadProgress$, type UploadProgress } from '../../db';
import { useDatabase } from './useDatabase';
import { useObservable } from './useObservable';

/** The image the sync worker is uploading now, if it is this entry's (upload-progress record). */
export function useUploadProgress(entryId: string): UploadProgress | null {
  const db = useDatabase();
  const source = useMemo(() => uploadProgress$(db), [db]);
  const progress = useObservable(source) ?? null;
  return progress?.entryId === entryId ? progress : null;
}
