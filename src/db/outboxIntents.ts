import type { Observable } from 'rxjs';
import { validateDelivery, type DeliverOnlotBody, type ErrorCode } from '../domain';
import type { DriverDatabase } from './database';
import type { Session } from './localState';
import { onlotKey } from './onlotDrafts';
import type { OutboxDoc } from './outboxCollection';
import { uuidv7 } from './uuid';

// The one way a driver action enters the outbox: validate (SPEC §5), then insert. Invalid
// input returns the named error codes and inserts nothing.

export const ACTIVE_STATUSES = ['queued', 'sending', 'needs_attention'] as const;

export type QueueResult = { ok: true; entryId: string } | { ok: false; errors: ErrorCode[] };

/** The body of deliver_onlot_inventory_order without building_images (filled by uploads). */
export type OnlotPayload = Omit<DeliverOnlotBody, 'building_images'>;

export async function queueOnlotDelivery(db: DriverDatabase, session: Session, onlotId: number, now: Date = new Date()): Promise<QueueResult> {
  const key = onlotKey(onlotId);
  const doc = await db.onlot_deliveries.findOne(key).exec();
  if (!doc || doc.company_id !== session.claims.company_id) return { ok: false, errors: ['FailedToFindDeliveryDetails'] };
  const existing = await db.outbox.findOne({ selector: { order_key: key, status: { $in: [...ACTIVE_STATUSES] } } }).exec();
  if (existing) return { ok: true, entryId: existing.id };

  const draft = doc.draft;
  const errors = validateDelivery({
    kind: 'onlot',
    photoCount: draft.photos.length,
    milesDriven: draft.deliveryMilesDriven,
    began: draft.deliveryBegan,
    ended: draft.deliveryEnded,
  });
  if (errors.length) return { ok: false, errors };

  const dateDelivered = draft.dateDelivered ?? now.toISOString();
  const payload: OnlotPayload = {
    onlot_inventory_order_id: onlotId,
    date_delivered: dateDelivered,
    delivery_miles_driven: draft.deliveryMilesDriven,
    // SPEC §7: missing GPS values are sent as 0 for inventory and move orders.
    delivery_gps_lat: draft.deliveryGpsLat ?? 0,
    delivery_gps_lon: draft.deliveryGpsLon ?? 0,
    delivery_began: draft.deliveryBegan,
    delivery_ended: draft.deliveryEnded,
    delivery_note: draft.deliveryNote,
  };
  const entry: OutboxDoc = {
    id: uuidv7(now.getTime()),
    company_id: session.claims.company_id,
    account_id: session.claims.account_id,
    kind: 'deliver_onlot',
    order_key: key,
    payload,
    photos: draft.photos,
    status: 'queued',
    steps: { uploads: {}, response: null },
    attempts: 0,
    next_attempt_at: 0,
    last_error: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.outbox.insert(entry);
  await doc.incrementalModify((data) => ({
    ...data,
    draft: { ...data.draft, readyToDeliver: true, dateDelivered, outboxId: entry.id, deliveryError: null },
    updated_at: now.toISOString(),
  }));
  return { ok: true, entryId: entry.id };
}

/** Entries the driver has not seen reach the server, newest first. */
export function activeOutbox$(db: DriverDatabase, companyId: number): Observable<OutboxDoc[]> {
  return db.outbox.find({
    selector: { company_id: companyId, status: { $in: [...ACTIVE_STATUSES] } },
    sort: [{ created_at: 'desc' }],
  }).$;
}

/** The driver asks to try a needs-attention entry again, e.g. after the office fixed the order. */
export async function retryOutboxEntry(db: DriverDatabase, id: string): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (!doc || doc.status !== 'needs_attention') return;
  await doc.incrementalPatch({ status: 'queued', next_attempt_at: 0, updated_at: new Date().toISOString() });
}

/**
 * The driver gives up on an entry to fix the delivery and submit again. The draft and its
 * photos stay; only the queued action goes.
 */
export async function discardOutboxEntry(db: DriverDatabase, id: string): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (!doc || doc.status !== 'needs_attention') return;
  const draftDoc = await db.onlot_deliveries.findOne(doc.order_key).exec();
  await doc.remove();
  await draftDoc?.incrementalModify((data) => ({
    ...data,
    draft: { ...data.draft, readyToDeliver: false, outboxId: null, deliveryError: doc.last_error?.message ?? null },
  }));
}
