import { clockDate } from '../clock';
import * as v from 'valibot';
import type { DriverDatabase, OutboxAttachments, OutboxDisplay, OutboxDoc, Session } from '../db';
import { driverScope } from '../db/driverScope';
import { emptySteps } from '../db/outboxCollection';
import { uuidv7 } from '../db/uuid';
import { kindDef } from './registry';
import type { OutboxKindDef } from './types';

export const ACTIVE_STATUSES = ['queued', 'sending', 'needs_attention'] as const;

/**
 * The one selector of a driver's active entries (queued, sending or needs attention), of one
 * order when `orderKey` is given. Scoped to the driver like every outbox read.
 */
export function activeEntriesSelector(session: Session, orderKey?: string) {
  return {
    ...driverScope(session.claims),
    ...(orderKey === undefined ? {} : { order_key: orderKey }),
    status: { $in: [...ACTIVE_STATUSES] },
  };
}

export interface QueueInput<P> {
  orderKey: string;
  payload: P;
  attachments?: Partial<OutboxAttachments>;
  display?: OutboxDisplay | null;
}

/**
 * The one way an action enters the outbox: the payload must validate against its kind's
 * schema (callers ran the SPEC §5 rules first); then one entry is inserted for this driver.
 */
export async function queue<P extends Record<string, unknown>>(
  db: DriverDatabase,
  session: Session,
  def: OutboxKindDef<P>,
  input: QueueInput<P>,
  now: Date = clockDate(),
): Promise<OutboxDoc> {
  const payload = v.parse(def.payloadSchema, input.payload);
  const entry: OutboxDoc = {
    id: uuidv7(now.getTime()),
    ...driverScope(session.claims),
    kind: def.kind,
    payload_version: def.payloadVersion,
    order_key: input.orderKey,
    display: input.display ?? null,
    payload,
    attachments: { photos: [], signature: null, check: null, ...input.attachments },
    status: 'queued',
    steps: emptySteps(),
    attempts: 0,
    next_attempt_at: 0,
    last_error: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.outbox.insert(entry);
  return entry;
}

/** The driver's active entry for an order, if any (one order's actions go one at a time). */
export async function activeEntryFor(db: DriverDatabase, session: Session, orderKey: string) {
  return db.outbox.findOne({ selector: activeEntriesSelector(session, orderKey) }).exec();
}

/**
 * The driver's active delivery of an order, if any. A queued schedule, reassign or note does
 * not count: pressing Deliver behind one queues the delivery after it. A kind this build does
 * not know counts as a delivery (never risk a second one).
 */
export async function activeDeliveryFor(db: DriverDatabase, session: Session, orderKey: string) {
  const docs = await db.outbox.find({ selector: activeEntriesSelector(session, orderKey) }).exec();
  return docs.find((doc) => kindDef(doc.kind)?.delivers ?? true) ?? null;
}

/** True for an entry that is a delivery (or of a kind this build does not know). */
export function isDeliveryEntry(entry: Pick<OutboxDoc, 'kind'>): boolean {
  return kindDef(entry.kind)?.delivers ?? true;
}
