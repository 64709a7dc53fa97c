import { clockDate } from '../clock';
import { isInventoryKind, orderKey, validateDelivery, type ErrorCode, type InventoryKind, type OrderKind } from '../domain';
import type { AnyDeliveryDoc, CustomerDeliveryDoc, DriverDatabase, InventoryDraft, OutboxAttachments, Session } from '../db';
import { ensureDeliveryDoc } from '../db/drafts';
import { customerCallOf, customerFacts, customerPayload, inventoryFacts, inventoryPayload } from './deliveryPayloads';
import { CUSTOMER_DELIVER_KINDS } from './kinds/deliverCustomer';
import { activeDeliveryFor, queue } from './queue';
import { deliveryKindOf } from './registry';
import type { OutboxKindDef } from './types';

export type QueueResult = { ok: true; entryId: string } | { ok: false; errors: ErrorCode[] };

/** What a draft that passed the SPEC §5 rules is queued as. */
type Delivery =
  | { ok: true; def: OutboxKindDef; payload: Record<string, unknown>; attachments: Partial<OutboxAttachments> }
  | { ok: false; errors: ErrorCode[] };

/** A customer order: its details (RTO flag, survey, cards) and the payment choice pick one of seven calls. */
function customerDelivery(doc: CustomerDeliveryDoc, orderId: number, dateDelivered: string): Delivery {
  const { server, draft } = doc;
  if (!server) return { ok: false, errors: ['FailedToFindDeliveryDetails'] };
  const errors = validateDelivery(customerFacts(server, draft));
  const call = customerCallOf(server.is_rto, draft);
  if (errors.length || !call) return { ok: false, errors: errors.length ? errors : ['PaymentMethodRequired'] };
  return {
    ok: true,
    def: CUSTOMER_DELIVER_KINDS[call],
    payload: customerPayload(call, orderId, server, draft, dateDelivered),
    attachments: { photos: draft.photos, signature: draft.signature, check: call === 'new_check' ? draft.check : null },
  };
}

/** An on-lot or move order: its one deliver kind (the registry's kind that delivers this draft). */
function inventoryDelivery(kind: InventoryKind, draft: InventoryDraft, orderId: number, dateDelivered: string): Delivery {
  const errors = validateDelivery(inventoryFacts(kind, draft));
  if (errors.length) return { ok: false, errors };
  return { ok: true, def: deliveryKindOf(kind), payload: inventoryPayload(kind, orderId, draft, dateDelivered), attachments: { photos: draft.photos } };
}

/**
 * Pressing Deliver (SPEC §4 delivery steps 1–3): runs every SPEC §5 rule on the driver's
 * draft, and either returns the error identifiers (nothing inserted) or queues the deliver
 * call its order kind and payment choice take, marking the draft ready with its date.
 */
export async function queueDelivery(db: DriverDatabase, session: Session, kind: OrderKind, orderId: number, now: Date = clockDate()): Promise<QueueResult> {
  const key = orderKey(kind, orderId);
  const doc = await ensureDeliveryDoc(db, session, kind, orderId);
  const existing = await activeDeliveryFor(db, session, key);
  if (existing) return { ok: true, entryId: existing.id };
  const dateDelivered = doc.draft.dateDelivered ?? now.toISOString();

  const json: AnyDeliveryDoc = doc.toMutableJSON();
  const delivery = isInventoryKind(kind)
    ? inventoryDelivery(kind, json.draft, orderId, dateDelivered)
    : customerDelivery(json as CustomerDeliveryDoc, orderId, dateDelivered);
  if (!delivery.ok) return delivery;

  const display = await orderDisplay(db, key);
  const entry = await queue(db, session, delivery.def, { orderKey: key, payload: delivery.payload, attachments: delivery.attachments, display }, now);
  await doc.incrementalModify(
    (data) =>
      ({
        ...data,
        draft: { ...data.draft, readyToDeliver: true, dateDelivered, outboxId: entry.id, deliveryError: null },
        updated_at: now.toISOString(),
      }) as typeof data,
  );
  return { ok: true, entryId: entry.id };
}

/** How outbox cards name the order once its list row is gone: customer (or dealer), model, serial. */
export async function orderDisplay(db: DriverDatabase, key: string) {
  const order = await db.orders.findOne(key).exec();
  return order ? { name: order.customer_name ?? order.dealer_name, model: order.building_model, serial: order.serial_number } : null;
}
