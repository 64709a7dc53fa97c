// The suite's invariants. After every command (cheap): the phone holds none of the colleague's
// orders, and every entry that needs attention says why. After the run has settled: each
// accepted action reached the server exactly once, or sits in needs-attention with a message
// (or waits in order behind one that does); no card was charged twice; the driver's times are
// the ones entered; actions on one order committed in the order they were made; nothing was
// written under the driver's name on the colleague's orders; the schedule and settings the
// server holds are the last ones committed.
import { ACTIVE_STATUSES } from '../../../src/outbox';
import type { Accepted, Model, Real } from './model';

export interface Tally {
  actions: number;
  lost: number;
  duplicated: number;
  double_charges: number;
  /** Refused and kept for the driver with a message (an order the office took, a declined card). */
  attention: number;
  /** Waiting in order behind an entry that needs attention on the same order. */
  held: number;
  /** Each accepted action as "what[:path] outcome" (committed, attention, held), for the coverage report. */
  outcomes: string[];
  problems: string[];
}

export async function checkStep(m: Model, r: Real): Promise<void> {
  const foreign = m.world.colleagueOrders;
  const { db } = r.device;
  for (const collection of [db.orders, db.onlot_deliveries, db.customer_deliveries] as const) {
    const keys = (await collection.find().exec()).map((d) => d.primary);
    const seen = keys.filter((k) => foreign.some((id) => k.endsWith(`-${id}`)));
    if (seen.length) throw new Error(`the colleague's orders are on the driver's phone: ${seen.join(', ')}`);
  }
  const silent = (await db.outbox.find({ selector: { status: 'needs_attention' } }).exec()).filter((e) => !e.last_error?.message);
  if (silent.length) throw new Error(`needs attention without a message: ${silent.map((e) => e.kind).join(', ')}`);
}

interface KeyRow {
  id: number;
  key: string;
  /** When the server committed it (ms): an order's actions must commit in the order made. */
  done: number;
}

async function serverFacts(m: Model, r: Real) {
  const { driver } = m.world;
  const q = r.server.query.bind(r.server);
  const keys = await q<KeyRow>(
    `SELECT id, key, (extract(epoch FROM completed_at) * 1000)::float8 done FROM idempotency_keys WHERE account_id = $1 AND state = 'done' AND response_status < 400`,
    [driver.id],
  );
  const orderIds = m.world.orders.map((o) => o.id);
  // The main calls' keys (entry ids): not an upload's (the image id) or a follow-up's (entry id:step).
  const actionKeys = await q<{ key: string }>(
    `SELECT key FROM idempotency_keys WHERE account_id = $1 AND state = 'done' AND response_status < 400 AND position(':' in key) = 0 AND path NOT LIKE '/upload%' AND path NOT LIKE '%card%'`,
    [driver.id],
  );
  const deliveries = await q<{ order_id: number; driver_id: number; began_at: Date; ended_at: Date; date_delivered: Date }>(
    'SELECT order_id, driver_id, began_at, ended_at, date_delivered FROM deliveries WHERE order_id = ANY($1::int[])',
    [orderIds],
  );
  const notes = await q<{ id: number; order_id: number; note: string }>('SELECT id, order_id, note FROM order_notes WHERE account_id = $1 ORDER BY id', [
    driver.id,
  ]);
  const payments = await q<{ order_id: number; n: number }>(
    'SELECT order_id, count(*)::int n FROM order_payments WHERE order_id = ANY($1::int[]) GROUP BY order_id',
    [orderIds],
  );
  const charges = await q<{ order_id: number; n: number; cents: number }>(
    `SELECT order_id, count(*)::int n, sum(captured_cents)::int cents FROM payment_transactions
     WHERE order_id = ANY($1::int[]) AND captured_cents > 0 GROUP BY order_id`,
    [orderIds],
  );
  const orders = await q<{ id: number; driver_id: number; is_scheduled_for_delivery: boolean; scheduled_date: Date | null }>(
    'SELECT id, driver_id, is_scheduled_for_delivery, scheduled_date FROM orders WHERE id = ANY($1::int[])',
    [orderIds],
  );
  const dismissed = await q<{ id: number }>('SELECT id FROM notifications WHERE account_id = $1 AND dismissed_at IS NOT NULL', [driver.id]);
  const [settings] = await q<{ a: boolean; b: boolean; c: boolean }>(
    `SELECT email_notifications_new_order_assigned a, email_notifications_order_reassigned b, email_notifications_order_finished_at_shop c FROM account_settings WHERE account_id = $1`,
    [driver.id],
  );
  const foreign = await q<{ n: number }>(
    `SELECT (SELECT count(*) FROM order_notes WHERE account_id = $1 AND order_id = ANY($2::int[])) + (SELECT count(*) FROM deliveries WHERE driver_id = $1 AND order_id = ANY($2::int[])) n`,
    [driver.id, m.world.colleagueOrders],
  );
  return {
    keys,
    actionKeys: actionKeys.map((k) => k.key),
    deliveries,
    notes,
    payments,
    charges,
    orders,
    dismissed: new Set(dismissed.map((d) => d.id)),
    settings,
    foreign: Number(foreign[0]?.n ?? 0),
  };
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The settled run judged against the model. */
export async function checkRun(m: Model, r: Real): Promise<Tally> {
  const facts = await serverFacts(m, r);
  const tally: Tally = { actions: m.accepted.length, lost: 0, duplicated: 0, double_charges: 0, attention: 0, held: 0, outcomes: [], problems: [] };
  const problem = (what: string, a?: Accepted) => {
    tally.problems.push(a ? `${what}: ${a.what} ${a.orderKey} (${a.entryId})` : what);
  };
  const count = (field: 'lost' | 'duplicated' | 'double_charges', what: string, a?: Accepted) => {
    tally[field] += 1;
    problem(what, a);
  };
  const keyRow = new Map(facts.keys.map((k) => [k.key, k]));
  const entries = new Map((await r.device.db.outbox.find().exec()).map((e) => [e.id, e]));
  const attentionKeys = new Set([...entries.values()].filter((e) => e.status === 'needs_attention').map((e) => e.order_key));

  for (const a of m.accepted) {
    const entry = entries.get(a.entryId);
    const committed = keyRow.has(a.entryId);
    const status = entry?.status ?? 'gone';
    tally.outcomes.push(
      `${a.what}${a.what === 'deliver' ? `:${a.path}` : ''} ${committed ? 'committed' : status === 'needs_attention' ? 'attention' : status}`,
    );
    if (status === 'done') {
      if (!committed) count('lost', 'done on the phone, not on the server', a);
    } else if (status === 'needs_attention') {
      tally.attention += 1;
      if (committed) problem('needs attention on the phone, committed on the server', a);
      // Only what the run did may refuse an action: the office took the order, or the card declines.
      const cause = m.takenByOffice.has(a.orderKey) || (a.what === 'deliver' && a.path === 'declined_card');
      if (!cause) problem(`refused with no cause in the run (${entry?.last_error?.status} ${entry?.last_error?.code}: ${entry?.last_error?.message})`, a);
    } else if ((ACTIVE_STATUSES as readonly string[]).includes(status)) {
      if (attentionKeys.has(a.orderKey) && !committed) tally.held += 1;
      else count('lost', `still ${status} after the run settled`, a);
    } else if (!(a.what === 'settings' && !committed && m.accepted.some((b) => b.what === 'settings' && m.accepted.indexOf(b) > m.accepted.indexOf(a)))) {
      // Only a refused settings change may leave the queue unsent: the next change discards it.
      count('lost', 'gone from the phone', a);
    }
    if (a.what === 'note') {
      const copies = facts.notes.filter((n) => n.note === a.text).length;
      if (copies > 1) count('duplicated', `${copies} copies of the note`, a);
      if (copies !== (committed ? 1 : 0)) problem(`${copies} notes for a ${committed ? 'committed' : 'refused'} action`, a);
    }
    if (a.what === 'deliver') {
      const row = facts.deliveries.find((d) => d.order_id === a.orderId && d.driver_id === m.world.driver.id);
      if (committed !== Boolean(row)) problem(`delivery row ${row ? 'present' : 'missing'} for a ${committed ? 'committed' : 'refused'} delivery`, a);
      if (row) {
        const got = [iso(row.began_at), iso(row.ended_at), iso(row.date_delivered)];
        if (got.join() !== [a.began, a.ended, a.delivered].join())
          problem(`times ${got.join(' ')} are not the driver's ${a.began} ${a.ended} ${a.delivered}`, a);
      }
    }
  }

  // Money: one payment row and at most one charge per order, for the amount the driver entered.
  for (const p of facts.payments) if (p.n > 1) count('duplicated', `${p.n} payments on order ${p.order_id}`);
  for (const c of facts.charges) if (c.n > 1 || c.cents > 2500) count('double_charges', `order ${c.order_id} charged ${c.n} times, ${c.cents} cents`);
  if (facts.foreign) problem(`${facts.foreign} rows written under the driver's name on the colleague's orders`);

  // Per-order order: each order's committed actions claimed their keys in the order they were made.
  const byOrder = new Map<string, { done: number; what: string }[]>();
  for (const a of m.accepted) {
    const row = keyRow.get(a.entryId);
    if (row) byOrder.set(a.orderKey, [...(byOrder.get(a.orderKey) ?? []), { done: row.done, what: a.what }]);
  }
  for (const [key, rows] of byOrder)
    if (rows.some((row, i) => i > 0 && row.done < (rows[i - 1]?.done ?? 0)))
      problem(`actions on ${key} committed out of order: ${rows.map((r) => `${r.what} at ${new Date(r.done).toISOString()}`).join(', ')} in the order made`);

  // Nothing queued or sent that the driver was not told was accepted (an intent that failed after its insert).
  const known = new Set(m.accepted.map((a) => a.entryId));
  for (const entry of entries.values())
    if (!known.has(entry.id)) problem(`an entry the driver was told failed is queued: ${entry.kind} ${entry.order_key} (${entry.status})`);
  for (const key of facts.actionKeys) if (!known.has(key)) problem(`an action the driver was told failed reached the server (key ${key})`);

  checkState(m, facts, keyRow, problem);
  return tally;
}

/** The schedule, the dismissals and the switches the server holds are the last committed ones. */
function checkState(m: Model, facts: Awaited<ReturnType<typeof serverFacts>>, keyRow: Map<string, KeyRow>, problem: (what: string) => void): void {
  const committed = m.accepted.filter((a) => keyRow.has(a.entryId));
  for (const order of m.world.orders) {
    if (m.takenByOffice.has(order.key)) continue;
    const row = facts.orders.find((o) => o.id === order.id);
    const last = committed.filter((a) => a.orderKey === order.key && a.what === 'schedule').pop();
    const expected = last?.what === 'schedule' ? last.scheduledDate : null;
    const held = row?.is_scheduled_for_delivery ? iso(row.scheduled_date) : null;
    if (held !== expected) problem(`order ${order.key} is scheduled ${held} on the server, the driver's last committed ${expected}`);
    const reassigned = committed.some((a) => a.orderKey === order.key && a.what === 'reassign');
    if (reassigned !== (row?.driver_id === m.world.colleague.id))
      problem(`order ${order.key}: reassign ${reassigned ? 'committed' : 'not committed'}, driver ${row?.driver_id}`);
  }
  for (const a of committed)
    if (a.what === 'dismiss' && a.notificationIds.some((id) => !facts.dismissed.has(id)))
      problem(`dismissal ${a.entryId} committed, a notification still active`);
  const lastSettings = committed.filter((a) => a.what === 'settings').pop();
  if (lastSettings?.what === 'settings') {
    const held = facts.settings ? [facts.settings.a, facts.settings.b, facts.settings.c] : null;
    if (held?.join() !== lastSettings.flags.join()) problem(`email switches ${held?.join()} on the server, the last committed ${lastSettings.flags.join()}`);
  }
}
