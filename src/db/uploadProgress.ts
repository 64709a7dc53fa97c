import { map, type Observable } from 'rxjs';
import type { DriverDatabase } from './database';
import { watchLocal } from './watchLocal';

// The upload in flight, for the queue's card ("Sending photo 1 of 2 — 40%"): a local document
// of its own, so its few writes a second wake only the cards, not every reader of the sync status.

export interface UploadProgress {
  /** The outbox entry whose image is going. */
  entryId: string;
  /** Which of its attachments: the photos, the signature or the check. */
  slot: 'photos' | 'signature' | 'check';
  /** 1-based: the image going now, of the slot's images. */
  photo: number;
  photos: number;
  /** Body bytes handed to the network, of the request's total. */
  sent: number;
  total: number;
}

const UPLOAD_PROGRESS_ID = 'upload-progress';

export async function writeUploadProgress(db: DriverDatabase, progress: UploadProgress | null): Promise<void> {
  await db.upsertLocal<{ progress: UploadProgress | null }>(UPLOAD_PROGRESS_ID, { progress });
}

export function uploadProgress$(db: DriverDatabase): Observable<UploadProgress | null> {
  return watchLocal<{ progress: UploadProgress | null }>(db, UPLOAD_PROGRESS_ID).pipe(map((doc) => doc?.toJSON().data.progress ?? null));
}

/** Whole percent, never 100 before the server's answer (the last bytes may still be on their way). */
export function uploadPercent(progress: UploadProgress): number {
  if (!(progress.total > 0) || !Number.isFinite(progress.total)) return 0;
  return Math.min(99, Math.floor((progress.sent / progress.total) * 100));
}
