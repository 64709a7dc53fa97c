import * as v from 'valibot';
import { API, parseUploadPath, UploadResultSchema, type ImageRecord } from '../../domain';
import type { DraftPhoto } from '../../db';
import type { StepSpec, UploadedFiles } from '../../outbox';
import { uploadHeaders } from '../http';
import type { EntryHandle, OutboxContext } from '../outboxTypes';
import { TransportError } from '../transportError';

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
  for (const photo of imagesOf(entry, step)) {
    if (entry.get().steps.uploads[photo.id]) continue;
    const blob = await ctx.blobs.get(photo.id);
    if (!blob) throw new TransportError('permanent', 'PhotoMissing', 'A photo of this delivery is missing on this device; take it again', null);
    const form = new FormData();
    form.append('file-0', new Blob([blob.bytes], { type: blob.type }), `${photo.id}.${photo.extension}`);
    const result = await ctx.http.post<unknown>(API.upload, { form, headers: uploadHeaders(step.folder), idempotencyKey: photo.id });
    const record = imageRecordOf(result);
    await entry.update((doc) => ({ ...doc, steps: { ...doc.steps, uploads: { ...doc.steps.uploads, [photo.id]: record } } }));
    ctx.events?.onStep?.({ entryId: entry.get().id, step: `upload:${photo.id}` });
  }
}

/** The uploaded records by slot, in the order the driver took them. */
export function uploadedFiles(entry: EntryHandle): UploadedFiles {
  const { attachments, steps } = entry.get();
  const record = (photo: DraftPhoto | null): ImageRecord | null => (photo ? steps.uploads[photo.id] ?? null : null);
  return {
    photos: attachments.photos.map((p) => steps.uploads[p.id]).filter((r): r is ImageRecord => Boolean(r)),
    signature: record(attachments.signature),
    check: record(attachments.check),
  };
}

function imageRecordOf(result: unknown): ImageRecord {
  const parsed = v.safeParse(UploadResultSchema, result);
  const first = parsed.success ? parsed.output[0] : undefined;
  const path = first ? parseUploadPath(first.path) : null;
  if (!first || !path) throw new TransportError('retry', 'GeneralError', 'The upload answer was not understood', null);
  return {
    guid: path.guid,
    extension: path.extension as ImageRecord['extension'],
    mime_type: first.mimetype as ImageRecord['mime_type'],
    download_urls: [first.path],
  };
}
