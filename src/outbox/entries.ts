import { clockIso } from '../clock';
import { map, type Observable } from 'rxjs';
import type { BlobStore, DriverDatabase, OutboxDoc, Session } from '../db';
import { attachmentIds, deliveryCollection, draftImageIds } from '../db/drafts';
import { driverScope, inDriverScope, ownsDoc } from '../db/driverScope';
import { orderLeftDriver } from '../domain';
import { applyOptimistic, undoOptimistic } from './optimistic';
import { activeEntriesSelector, isDeliveryEntry } from './queue';
import { kindDef } from './registry';

const plain = (docs: { toJSON(): unknown }[]): OutboxDoc[] => docs.map((d) => d.toJSON() as OutboxDoc);

/**
 * The signed-in driver's actions the server does not have yet, newest first (never another
 * driver's). A delivery the server committed is not among them, even while its certificate
 * and emails are still being sent.
 */
export function activeOutbox$(db: DriverDatabase, session: Session): Observable<OutboxDoc[]> {
  return db.outbox
    .find({ selector: activeEntriesSelector(session), sort: [{ created_at: 'desc' }] })
    .$.pipe(map((docs) => plain(docs).filter((entry) => !isCommitted(entry))));
}

/** A follow-up of the entry failed (an email not sent, the office not notified); skipped ones are only warnings. */
export function hasFailedFollowup(entry: Pick<OutboxDoc, 'steps'>): boolean {
  return Object.values(entry.steps.followups).some((r) => r.status === 'failed');
}

/**
 * The driver's latest deliveries the server committed (follow-ups running or finished), and
 * other committed actions one of whose follow-ups failed, newest first.
 */
export function recentOutbox$(db: DriverDatabase, session: Session, limit = 10): Observable<OutboxDoc[]> {
  return db.outbox.find({ selector: driverScope(session.claims), sort: [{ updated_at: 'desc' }] }).$.pipe(
    map((docs) =>
      plain(docs)
        .filter((entry) => isCommitted(entry) && (isDeliveryEntry(entry) || hasFailedFollowup(entry)))
        .slice(0, limit),
    ),
  );
}

/** Done entries are kept a week (the driver can see how the emails went), then pruned. */
export const DONE_RETENTION_MS = 7 * 24 * 3600_000;

export async function pruneDoneEntries(db: DriverDatabase, nowMs: number): Promise<number> {
  const old = await db.outbox.find({ selector: { status: 'done', updated_at: { $lt: new Date(nowMs - DONE_RETENTION_MS).toISOString() } } }).exec();
  for (const doc of old) await doc.remove();
  return old.length;
}

async function ownEntry(db: DriverDatabase, session: Session, id: string) {
  const doc = await db.outbox.findOne(id).exec();
  if (!doc || !inDriverScope(doc, session.claims)) return null;
  return doc;
}

/** True once the server committed the entry's main call (only follow-ups may remain). */
export function isCommitted(entry: Pick<OutboxDoc, 'steps'>): boolean {
  return entry.steps.response !== null;
}

/** The driver asks to try a needs-attention entry again, e.g. after the office fixed the order. */
export async function retryOutboxEntry(db: DriverDatabase, session: Session, id: string): Promise<void> {
  const doc = await ownEntry(db, session, id);
  if (!doc || doc.status !== 'needs_attention') return;
  await doc.incrementalPatch({ status: 'queued', next_attempt_at: 0, updated_at: clockIso() });
  // Waiting again: the list shows it again (the server's answer decides once more).
  await applyOptimistic(db, session, [doc.order_key]);
}

/**
 * A delivery refused because its order left the driver (reassigned, delivered by someone
 * else) and not given back since: it cannot be sent, so it is kept until the driver discards it.
 */
export function isKeptApart(entry: Pick<OutboxDoc, 'kind' | 'status' | 'last_error'>): boolean {
  return entry.status === 'needs_attention' && isDeliveryEntry(entry) && orderLeftDriver(entry.last_error) && !entry.last_error?.order_back;
}

/**
 * The pull brought these orders (keys) to the driver's list: a delivery refused because its
 * order had left the driver may be sent again (the office gave it back). Marked only; the
 * driver decides (Retry), nothing is resent by itself.
 */
export async function markOrdersBack(db: DriverDatabase, session: Session, orderKeys: readonly string[]): Promise<void> {
  if (orderKeys.length === 0) return;
  const keys = new Set(orderKeys);
  const refused = await db.outbox.find({ selector: { ...driverScope(session.claims), status: 'needs_attention' } }).exec();
  for (const doc of refused) {
    const error = doc.toMutableJSON().last_error; // a plain copy: RxDB refuses its own document proxies in a patch
    if (!keys.has(doc.order_key) || !error || error.order_back || !orderLeftDriver(error)) continue;
    await doc.incrementalPatch({ last_error: { ...error, order_back: true } });
  }
}

/**
 * The driver gives up on an entry to fix the delivery (e.g. change the payment) and submit
 * again. The draft and its images stay; only the queued action goes. The kind says which
 * draft it belongs to, and whether the list showed it (then the next pull brings the
 * server's row back).
 */
export async function discardOutboxEntry(db: DriverDatabase, session: Session, id: string): Promise<void> {
  const doc = await ownEntry(db, session, id);
  if (!doc || doc.status !== 'needs_attention' || isCommitted(doc)) return;
  const entry = doc.toMutableJSON();
  await doc.remove();
  await undoOptimistic(db, session, kindDef(entry.kind));
  const draftKind = kindDef(entry.kind)?.draft;
  if (!draftKind) return;
  const draftDoc = await deliveryCollection(db, draftKind).findOne(entry.order_key).exec();
  if (!draftDoc || !ownsDoc(draftDoc, session)) return;
  await draftDoc.incrementalModify(
    (data) =>
      ({
        ...data,
        draft: { ...data.draft, readyToDeliver: false, outboxId: null, deliveryError: entry.last_error?.message ?? null },
      }) as typeof data,
  );
}

/**
 * Nothing is left to send: the server has the order as delivered (from another device or by
 * the office), or the order left the driver (reassigned, delivered by someone else: issue 23,
 * kept until the driver discards it). The entry, the draft, its images and the row go.
 */
export async function dropDeliveredEntry(db: DriverDatabase, blobs: BlobStore, session: Session, id: string): Promise<void> {
  const doc = await ownEntry(db, session, id);
  if (!doc || doc.status !== 'needs_attention') return;
  const entry = doc.toMutableJSON();
  await doc.remove();
  const draftKind = kindDef(entry.kind)?.draft;
  const draftDoc = draftKind ? await deliveryCollection(db, draftKind).findOne(entry.order_key).exec() : null;
  if (draftDoc && ownsDoc(draftDoc, session)) await draftDoc.remove();
  await blobs.delete([...attachmentIds(entry.attachments), ...(draftDoc ? draftImageIds(draftDoc.toMutableJSON().draft) : [])]);
  await (await db.orders.findOne(entry.order_key).exec())?.remove();
}
