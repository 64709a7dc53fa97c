import type { DriverDatabase } from './database';

// Where an interrupted photo upload resumes (issue 23, the tus protocol): its upload URL, its
// size and the bytes the server had accepted when last heard, per image, in PWADB, so a retry
// after a cut — or after the tab was killed — asks the server's offset (HEAD) and sends only
// the rest. The server's offset decides; `offset` is what the phone last knew.

export interface ResumableUpload {
  /** The upload's path on the server (`/upload/tus/<image id>`). */
  url: string;
  size: number;
  offset: number;
}

const idOf = (imageId: string): string => `resumable-upload-${imageId}`;

export async function readResumableUpload(db: DriverDatabase, imageId: string): Promise<ResumableUpload | null> {
  const doc = await db.getLocal<ResumableUpload>(idOf(imageId));
  return doc ? doc.toJSON().data : null;
}

export async function writeResumableUpload(db: DriverDatabase, imageId: string, upload: ResumableUpload): Promise<void> {
  await db.upsertLocal<ResumableUpload>(idOf(imageId), upload);
}

export async function removeResumableUpload(db: DriverDatabase, imageId: string): Promise<void> {
  const doc = await db.getLocal(idOf(imageId));
  await doc?.remove();
}
