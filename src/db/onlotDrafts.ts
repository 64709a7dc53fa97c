import type { Observable } from 'rxjs';
import { MAX_BUILDING_IMAGES, orderKey } from '../domain';
import type { BlobStore } from './blobStore';
import type { DriverDatabase } from './database';
import type { Session } from './localState';
import { emptyInventoryDraft, type DraftPhoto, type InventoryDraft, type OnlotDeliveryDoc } from './onlotDeliveriesCollection';
import { uuidv4 } from './uuid';

// What the driver types on the delivery screen is written here on every change, so it
// survives the tab being killed. Only this module and the outbox processor write drafts.

export function onlotKey(onlotInventoryOrderId: number): string {
  return orderKey('onlot', onlotInventoryOrderId);
}

export function onlotDelivery$(db: DriverDatabase, key: string): Observable<OnlotDeliveryDoc | null> {
  return db.onlot_deliveries.findOne(key).$;
}

async function ensureDoc(db: DriverDatabase, session: Session, onlotId: number) {
  const key = onlotKey(onlotId);
  const existing = await db.onlot_deliveries.findOne(key).exec();
  if (existing) return existing;
  return db.onlot_deliveries.insert({
    id: key,
    company_id: session.claims.company_id,
    onlot_inventory_order_id: onlotId,
    server: null,
    draft: emptyInventoryDraft(),
    updated_at: new Date().toISOString(),
  }).catch(async (error: unknown) => {
    // Another realm (the sync worker) inserted it first: use theirs.
    const raced = await db.onlot_deliveries.findOne(key).exec();
    if (raced) return raced;
    throw error;
  });
}

export async function patchOnlotDraft(db: DriverDatabase, session: Session, onlotId: number, patch: Partial<InventoryDraft>): Promise<void> {
  const doc = await ensureDoc(db, session, onlotId);
  await doc.incrementalModify((data) => ({ ...data, draft: { ...data.draft, ...patch }, updated_at: new Date().toISOString() }));
}

export type AddPhotoResult = { ok: true; photo: DraftPhoto } | { ok: false; error: 'TooManyPhotos' };

export async function addDraftPhoto(
  db: DriverDatabase,
  blobs: BlobStore,
  session: Session,
  onlotId: number,
  image: { bytes: ArrayBuffer; type: 'image/jpeg' | 'image/png'; width: number; height: number },
): Promise<AddPhotoResult> {
  const doc = await ensureDoc(db, session, onlotId);
  if (doc.draft.photos.length >= MAX_BUILDING_IMAGES) return { ok: false, error: 'TooManyPhotos' };
  const photo: DraftPhoto = {
    id: uuidv4(),
    mime_type: image.type,
    extension: image.type === 'image/png' ? 'png' : 'jpg',
    size: image.bytes.byteLength,
    width: image.width,
    height: image.height,
  };
  // Bytes first, then the reference: a crash in between leaves an orphan blob, never a
  // reference to nothing.
  await blobs.put({ id: photo.id, type: image.type, bytes: image.bytes, created_at: new Date().toISOString() });
  let added = false;
  await doc.incrementalModify((data) => {
    if (data.draft.photos.length >= MAX_BUILDING_IMAGES) return data;
    added = true;
    return { ...data, draft: { ...data.draft, photos: [...data.draft.photos, photo] }, updated_at: new Date().toISOString() };
  });
  if (!added) {
    await blobs.delete([photo.id]);
    return { ok: false, error: 'TooManyPhotos' };
  }
  return { ok: true, photo };
}

export async function removeDraftPhoto(db: DriverDatabase, blobs: BlobStore, onlotId: number, photoId: string): Promise<void> {
  const doc = await db.onlot_deliveries.findOne(onlotKey(onlotId)).exec();
  if (!doc) return;
  await doc.incrementalModify((data) => ({
    ...data,
    draft: { ...data.draft, photos: data.draft.photos.filter((p) => p.id !== photoId) },
    updated_at: new Date().toISOString(),
  }));
  // A queued outbox entry keeps its own list of photo ids; only delete unreferenced bytes.
  const referenced = await db.outbox.find({ selector: { status: { $in: ['queued', 'sending', 'needs_attention'] } } }).exec();
  if (!referenced.some((entry) => entry.photos.some((p) => p.id === photoId))) await blobs.delete([photoId]);
}
