import { clockMs } from '../clock';
import type { DriverDatabase, OutboxDoc, Session } from '../db';
import { driverScope, inDriverScope } from '../db/driverScope';
import { requestOrdersRefresh } from '../db/localState';
import { uuidv7 } from '../db/uuid';
import { preparePayload } from './payload';
import { kindDef } from './registry';
import type { OrderRowPatch, OutboxKindDef } from './types';

// Optimistic list rows (DESIGN §5: the client shows queued work optimistically). A kind that
// declares `optimistic` patches its order's list row while its entry waits. The row is never
// "un-patched" locally (this phone does not know what the server has): when the server
// refuses the action or the driver discards it, the order list is read again from the server
// and every entry still waiting patches its row again on top. Nothing here switches on a kind.

/**
 * Patches the driver's own list rows with what their waiting (queued or sending) entries
 * show, oldest entry first (so the latest action wins); only the given orders, or all of the
 * driver's. A row that already shows it is not written again.
 */
export async function applyOptimistic(db: DriverDatabase, session: Session, orderKeys?: readonly string[]): Promise<void> {
  const selector = {
    ...driverScope(session.claims),
    status: { $in: ['queued', 'sending'] },
    ...(orderKeys ? { order_key: { $in: [...orderKeys] } } : {}),
  };
  const entries = await db.outbox.find({ selector, sort: [{ created_at: 'asc' }, { id: 'asc' }] }).exec();
  const patches = new Map<string, OrderRowPatch>();
  for (const doc of entries) {
    const entry: OutboxDoc = doc.toMutableJSON();
    // Waiting means not committed yet: once the server has it, the pull shows its truth.
    if (entry.steps.response !== null || !kindDef(entry.kind)?.optimistic) continue;
    // The patch comes from the payload as it will be sent; one that cannot be sent shows nothing.
    const prepared = preparePayload(entry);
    if (!prepared.ok || !prepared.def.optimistic) continue;
    patches.set(entry.order_key, { ...patches.get(entry.order_key), ...prepared.def.optimistic.row(prepared.payload) });
  }
  for (const [key, patch] of patches) {
    const row = await db.orders.findOne(key).exec();
    if (!row || !inDriverScope(row, session.claims)) continue;
    const current = row.toJSON() as Record<string, unknown>;
    if (Object.entries(patch).every(([field, value]) => current[field] === value)) continue;
    await row.incrementalPatch(patch);
  }
}

/**
 * An entry of this kind no longer stands (refused or discarded): if the kind patched the list,
 * ask the next pull to read the driver's whole order list again from the server.
 */
export async function undoOptimistic(
  db: DriverDatabase,
  session: Session,
  def: Pick<OutboxKindDef, 'optimistic'> | null,
  nowMs: number = clockMs(),
): Promise<void> {
  if (!def?.optimistic) return;
  await requestOrdersRefresh(db, session, uuidv7(nowMs));
}
