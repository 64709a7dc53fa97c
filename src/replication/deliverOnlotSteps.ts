import * as v from 'valibot';
import { API, parseUploadPath, UploadResultSchema, type DeliverResponse, type ImageRecord } from '../domain';
import type { OutboxDoc } from '../db';
import { uploadHeaders } from './http';
import type { OutboxContext, EntryHandle } from './outboxTypes';
import { TransportError } from './transportError';

const FOLDER = '/deliver-onlot-inventory-order/delivery';

/**
 * A delivery is a sequence of steps: upload each photo (its own id is the Idempotency-Key,
 * so a repeat returns the same stored file), then the deliver call (the entry id is the
 * key). Each finished step is recorded before the next starts, so a crash resumes at the
 * next step and never repeats a committed one.
 */
export async function runDeliverOnlot(ctx: OutboxContext, entry: EntryHandle): Promise<DeliverResponse> {
  for (const photo of entry.get().photos) {
    if (entry.get().steps.uploads[photo.id]) continue;
    const blob = await ctx.blobs.get(photo.id);
    if (!blob) throw new TransportError('permanent', 'PhotoMissing', 'A photo of this delivery is missing on this device; take it again', null);
    const form = new FormData();
    form.append('file-0', new Blob([blob.bytes], { type: blob.type }), `${photo.id}.${photo.extension}`);
    const result = await ctx.http.post<unknown>(API.upload, { form, headers: uploadHeaders(FOLDER), idempotencyKey: photo.id });
    const record = imageRecordOf(result);
    await entry.update((doc) => ({ ...doc, steps: { ...doc.steps, uploads: { ...doc.steps.uploads, [photo.id]: record } } }));
    ctx.events?.onStep?.({ entryId: entry.get().id, step: `upload:${photo.id}` });
  }
  const current = entry.get();
  const body = { ...current.payload, building_images: current.photos.map((p) => current.steps.uploads[p.id]) };
  const response = await ctx.http.post<DeliverResponse>(API.deliverOnlot, { json: body, idempotencyKey: current.id });
  ctx.events?.onStep?.({ entryId: current.id, step: 'deliver' });
  return response;
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

/** After the server committed: the local draft, its photos and the list row go. */
export async function cleanupDeliveredOnlot(ctx: OutboxContext, entry: OutboxDoc): Promise<void> {
  const draft = await ctx.db.onlot_deliveries.findOne(entry.order_key).exec();
  await draft?.remove();
  await ctx.blobs.delete(entry.photos.map((p) => p.id));
  const order = await ctx.db.orders.findOne(entry.order_key).exec();
  await order?.remove();
}
