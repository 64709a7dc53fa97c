import { clockIso } from '../clock';
import type { RxCollection } from 'rxdb';
import { map, type Observable } from 'rxjs';
import { MAX_BUILDING_IMAGES, ORDER_KIND_SPECS, orderKey, type OrderKind } from '../domain';
import type { BlobStore } from './blobStore';
import type { CustomerDeliveryDoc } from './customerDeliveriesCollection';
import { emptyCustomerDraft } from './customerDeliveriesCollection';
import type { DriverDatabase } from './database';
import type { DraftCommon, DraftPhoto } from './deliveryDoc';
import type { Session } from './localState';
import type { MoveDeliveryDoc } from './moveDeliveriesCollection';
import { emptyInventoryDraft, type OnlotDeliveryDoc } from './onlotDeliveriesCollection';
import type { OutboxAttachments } from './outboxCollection';
import { driverScope, ownsDoc, UNCLAIMED_ACCOUNT } from './driverScope';
import { uuidv4 } from './uuid';

// What the driver types on a delivery screen is written here on every change, so it
// survives the tab being killed. Only this module, the intents and the outbox processor
// write drafts; pulls write only the `server` half.

export interface DeliveryDocs {
  onlot: OnlotDeliveryDoc;
  move: MoveDeliveryDoc;
  customer: CustomerDeliveryDoc;
}
export type DraftOf<K extends OrderKind> = DeliveryDocs[K]['draft'];
export type AnyDeliveryDoc = DeliveryDocs[OrderKind];

/** The collection holding a kind's delivery documents. */
export function deliveryCollection<K extends OrderKind>(db: DriverDatabase, kind: K): RxCollection<DeliveryDocs[K]> {
  return db[ORDER_KIND_SPECS[kind].collection] as unknown as RxCollection<DeliveryDocs[K]>;
}

/** A customer order's draft holds the payment (it takes one); the others the inventory draft. */
export function emptyDraftOf<K extends OrderKind>(kind: K): DraftOf<K> {
  return ORDER_KIND_SPECS[kind].payment ? emptyCustomerDraft() : emptyInventoryDraft();
}

/** A new delivery document of this driver's: an empty draft beside `server` (null until pulled). */
export function newDeliveryDoc<K extends OrderKind>(
  session: Session,
  kind: K,
  orderId: number,
  server: DeliveryDocs[K]['server'],
  updatedAt: string,
): DeliveryDocs[K] {
  return {
    id: orderKey(kind, orderId),
    ...driverScope(session.claims),
    order_id: orderId,
    server,
    draft: emptyDraftOf(kind),
    updated_at: updatedAt,
    notes: null,
    notes_at: null,
    ...(ORDER_KIND_SPECS[kind].payment ? { saved_checks: null, saved_checks_at: null } : {}),
  } as DeliveryDocs[K];
}

/** True once the driver typed or captured anything in the draft (it must then survive sign-out). */
export function draftTouched<K extends OrderKind>(kind: K, draft: DraftOf<K>): boolean {
  const empty = emptyDraftOf(kind) as unknown as Record<string, unknown>;
  const current = draft as unknown as Record<string, unknown>;
  return Object.keys(empty).some((key) => JSON.stringify(current[key] ?? null) !== JSON.stringify(empty[key] ?? null));
}

/** The delivery document of one order, or null when absent or another driver's. */
export function delivery$<K extends OrderKind>(db: DriverDatabase, session: Session, kind: K, key: string): Observable<DeliveryDocs[K] | null> {
  return deliveryCollection(db, kind)
    .findOne(key)
    .$.pipe(map((doc) => (doc && ownsDoc(doc, session) ? (doc.toJSON() as DeliveryDocs[K]) : null)));
}

export type DraftError = 'NotYours';

/** The driver's document for the order, created with an empty draft (or claimed) when needed. */
export async function ensureDeliveryDoc<K extends OrderKind>(db: DriverDatabase, session: Session, kind: K, orderId: number) {
  const collection = deliveryCollection(db, kind);
  const key = orderKey(kind, orderId);
  const existing = await collection.findOne(key).exec();
  if (existing) {
    if (!ownsDoc(existing, session)) throw new Error('This delivery belongs to another driver signed in on this device');
    if (existing.account_id === UNCLAIMED_ACCOUNT) await existing.incrementalPatch({ account_id: session.claims.account_id } as Partial<DeliveryDocs[K]>);
    return existing;
  }
  return collection.insert(newDeliveryDoc(session, kind, orderId, null, clockIso())).catch(async (error: unknown) => {
    // Another realm (the sync worker) inserted it first: use theirs.
    const raced = await collection.findOne(key).exec();
    if (raced) return raced;
    throw error;
  });
}

/**
 * A change to some fields of a draft: the new values, or a function computing them from the
 * stored draft at the moment of the write (a tick added to the stored list, not to the list
 * the screen showed, which may be a write behind).
 */
export type DraftChange<K extends OrderKind> = Partial<DraftOf<K>> | ((stored: DraftOf<K>) => Partial<DraftOf<K>>);

/** Writes only the changed fields over the stored draft, in one atomic modify of the document. */
export async function patchDraft<K extends OrderKind>(db: DriverDatabase, session: Session, kind: K, orderId: number, change: DraftChange<K>): Promise<void> {
  const doc = await ensureDeliveryDoc(db, session, kind, orderId);
  await doc.incrementalModify((data) => {
    const patch = typeof change === 'function' ? change(data.draft) : change;
    return { ...data, draft: { ...data.draft, ...patch }, updated_at: clockIso() };
  });
}

/** Where an image goes in a draft: up to 5 building photos, one signature, one check. */
export type ImageSlot = keyof OutboxAttachments;

export type AddPhotoResult = { ok: true; photo: DraftPhoto } | { ok: false; error: 'TooManyPhotos' };

export interface CapturedImage {
  bytes: ArrayBuffer;
  type: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

function slotImages(draft: Record<string, unknown>, slot: ImageSlot): DraftPhoto[] {
  const value = draft[slot] as DraftPhoto[] | DraftPhoto | null | undefined;
  if (Array.isArray(value)) return value;
  return value ? [value] : [];
}

export async function addDraftImage<K extends OrderKind>(
  db: DriverDatabase,
  blobs: BlobStore,
  session: Session,
  kind: K,
  orderId: number,
  image: CapturedImage,
  slot: ImageSlot = 'photos',
): Promise<AddPhotoResult> {
  const doc = await ensureDeliveryDoc(db, session, kind, orderId);
  const full = (draft: Record<string, unknown>) => slot === 'photos' && slotImages(draft, slot).length >= MAX_BUILDING_IMAGES;
  if (full(doc.draft)) return { ok: false, error: 'TooManyPhotos' };
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
  await blobs.put({ id: photo.id, type: image.type, bytes: image.bytes, created_at: clockIso() });
  let added = false;
  let replaced: DraftPhoto[] = [];
  await doc.incrementalModify((data) => {
    const draft = data.draft as unknown as Record<string, unknown>;
    if (full(draft)) return data;
    added = true;
    replaced = slot === 'photos' ? [] : slotImages(draft, slot);
    const value = slot === 'photos' ? [...slotImages(draft, slot), photo] : photo;
    return { ...data, draft: { ...data.draft, [slot]: value }, updated_at: clockIso() };
  });
  if (!added) {
    await blobs.delete([photo.id]);
    return { ok: false, error: 'TooManyPhotos' };
  }
  await deleteUnreferenced(
    db,
    blobs,
    replaced.map((p) => p.id),
  );
  return { ok: true, photo };
}

/**
 * Takes an image out of the draft and deletes its bytes (unless an outbox entry holds them).
 * For the signature and the check, `imageId` null takes whatever the slot holds when this
 * write runs: a Clear queued behind a save still landing clears that save too.
 */
export async function removeDraftImage<K extends OrderKind>(
  db: DriverDatabase,
  blobs: BlobStore,
  session: Session,
  kind: K,
  orderId: number,
  imageId: string | null,
  slot: ImageSlot = 'photos',
): Promise<void> {
  const doc = await deliveryCollection(db, kind).findOne(orderKey(kind, orderId)).exec();
  if (!doc || !ownsDoc(doc, session)) return;
  let removed: string[] = [];
  await doc.incrementalModify((data) => {
    const draft = data.draft as unknown as Record<string, unknown>;
    const held = slotImages(draft, slot).map((p) => p.id);
    removed = slot === 'photos' ? (imageId ? [imageId] : []) : [...new Set([...(imageId ? [imageId] : []), ...held])];
    const value = slot === 'photos' ? slotImages(draft, slot).filter((p) => p.id !== imageId) : null;
    return { ...data, draft: { ...data.draft, [slot]: value }, updated_at: clockIso() };
  });
  await deleteUnreferenced(db, blobs, removed);
}

/** Every image id a draft holds (photos, signature, check). */
export function draftImageIds(draft: DraftCommon | Record<string, unknown>): string[] {
  const record = draft as Record<string, unknown>;
  return (['photos', 'signature', 'check'] as const).flatMap((slot) => slotImages(record, slot).map((p) => p.id));
}

/** Every image id an attachment set holds. */
export function attachmentIds(attachments: OutboxAttachments): string[] {
  return [...attachments.photos, attachments.signature, attachments.check].filter((p): p is DraftPhoto => Boolean(p)).map((p) => p.id);
}

/** A queued outbox entry keeps its own image list: only delete bytes no active entry references. */
export async function deleteUnreferenced(db: DriverDatabase, blobs: BlobStore, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const active = await db.outbox.find({ selector: { status: { $in: ['queued', 'sending', 'needs_attention'] } } }).exec();
  const referenced = new Set(active.flatMap((entry) => attachmentIds(entry.attachments)));
  await blobs.delete(ids.filter((id) => !referenced.has(id)));
}
