import {
  IMAGE_TYPE_OF_FOLDER,
  ORDER_ID_HEADER,
  parseOrderKey,
  parseUploadPath,
  PHOTO_TYPE_HEADER,
  UPLOAD_FOLDER_HEADER,
  uploadFailedText,
  type ImageRecord,
  type UploadFolder,
  type UploadResult,
} from '../../domain';
import { readResumableUpload, removeResumableUpload, writeResumableUpload, type DraftPhoto, type DriverDatabase, type OutboxDoc } from '../../db';
import type { StepSpec, UploadedFiles } from '../../outbox';
import type { HttpClient } from '../http';
import type { EntryHandle, OutboxContext } from '../outboxTypes';
import { TransportError } from '../transportError';
import { progressWriter } from './progressWriter';
import { memoryResumeRecords, sendResumable, type ResumeRecords } from './tusUpload';

type UploadStep = Extract<StepSpec, { type: 'upload' }>;

function imagesOf(entry: EntryHandle, step: UploadStep): DraftPhoto[] {
  const value = entry.get().attachments[step.slot];
  if (Array.isArray(value)) return value;
  return value ? [value] : [];
}

/**
 * Uploads each image of a slot that has no recorded result yet. The image's own id is the
 * Idempotency-Key, so a repeat after a lost answer returns the same stored file; each
 * result is recorded before the next upload starts.
 */
export async function runUpload(ctx: OutboxContext, entry: EntryHandle, step: UploadStep): Promise<void> {
  const images = imagesOf(entry, step);
  for (const [index, photo] of images.entries()) {
    if (entry.get().steps.uploads[photo.id]) continue;
    const blob = await ctx.blobs.get(photo.id);
    if (!blob) throw new TransportError('permanent', 'PhotoMissing', 'A photo of this delivery is missing on this device; take it again', null);
    const orderId = parseOrderKey(entry.get().order_key)?.id ?? null;
    // The queue's card shows this image's progress ("Sending photo 1 of 2 — 40%").
    const progress = progressWriter(ctx.db);
    const where = { entryId: entry.get().id, slot: step.slot, photo: index + 1, photos: images.length };
    progress.report({ ...where, sent: 0, total: blob.bytes.byteLength });
    let record: ImageRecord;
    try {
      const image = { id: photo.id, extension: photo.extension, type: blob.type, bytes: blob.bytes };
      const onProgress = (sent: number, total: number) => progress.report({ ...where, sent, total });
      record = await uploadImage(ctx.http, image, step.folder, orderId, onProgress, storedResumeRecords(ctx.db));
    } finally {
      await progress.close();
    }
    await entry.update((doc) => ({ ...doc, steps: { ...doc.steps, uploads: { ...doc.steps.uploads, [photo.id]: record } } }));
    ctx.events?.onStep?.({ entryId: entry.get().id, step: `upload:${photo.id}` });
  }
}

/** Where each image's upload stands, in PWADB: a retry after a cut or a reload resumes. */
function storedResumeRecords(db: DriverDatabase): ResumeRecords {
  return {
    read: (id) => readResumableUpload(db, id),
    write: (id, upload) => writeResumableUpload(db, id, upload),
    remove: (id) => removeResumableUpload(db, id),
  };
}

/** The profile picture's uploads (no database at hand there): resumable for the worker's lifetime. */
const workerResumeRecords = memoryResumeRecords();

/**
 * Uploads one image to `folder` by the resumable upload (tus, steps/tusUpload.ts; the SPEC's
 * POST /upload stays on the server for older builds): named by the image's id, so a repeat
 * after a lost answer or a cut goes on from the server's offset and answers the same stored
 * file. Deliveries and the profile picture both upload through here. The requests say the
 * photo type (the folder's) and, but for a profile picture, the order (SPEC §5 Images); a
 * failure is worded "Request to upload {image type} image failed" (SPEC §8) before the reason,
 * keeping its identifier and how it is retried.
 */
export async function uploadImage(
  http: HttpClient,
  image: { id: string; extension: string; type: string; bytes: ArrayBuffer },
  folder: UploadFolder,
  orderId: number | null = null,
  onUploadProgress?: (sent: number, total: number) => void,
  records: ResumeRecords = workerResumeRecords,
): Promise<ImageRecord> {
  const photoType = IMAGE_TYPE_OF_FOLDER[folder];
  const headers = { [UPLOAD_FOLDER_HEADER]: folder, [PHOTO_TYPE_HEADER]: photoType, ...(orderId === null ? {} : { [ORDER_ID_HEADER]: String(orderId) }) };
  try {
    return imageRecordOf(await sendResumable(http, image, headers, records, onUploadProgress));
  } catch (error) {
    // A refused session or an app too old is not about this image: those keep their own words.
    if (!(error instanceof TransportError) || error.kind === 'auth' || error.kind === 'upgrade') throw error;
    throw new TransportError(error.kind, error.code, `${uploadFailedText(photoType)}: ${error.message}`, error.status);
  }
}

/** The uploaded records by slot, in the order the driver took them. */
export function uploadedFiles({ attachments, steps }: Pick<OutboxDoc, 'attachments' | 'steps'>): UploadedFiles {
  const record = (photo: DraftPhoto | null): ImageRecord | null => (photo ? (steps.uploads[photo.id] ?? null) : null);
  return {
    photos: attachments.photos.map((p) => steps.uploads[p.id]).filter((r): r is ImageRecord => Boolean(r)),
    signature: record(attachments.signature),
    check: record(attachments.check),
  };
}

function imageRecordOf(result: UploadResult): ImageRecord {
  const first = result[0];
  const path = first ? parseUploadPath(first.path) : null;
  if (!first || !path) throw new TransportError('retry', 'GeneralError', 'The upload answer was not understood', null);
  return {
    guid: path.guid,
    extension: path.extension as ImageRecord['extension'],
    mime_type: first.mimetype as ImageRecord['mime_type'],
    download_urls: [first.path],
  };
}
