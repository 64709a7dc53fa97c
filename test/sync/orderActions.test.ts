import { describe, expect, it } from 'vitest';
import { deliveryCollection, readCompanyDrivers, readOrdersRefresh, readSession } from '../../src/db';
import { ERROR_TEXT, type OrderKind } from '../../src/domain';
import { discardOutboxEntry, queueNote, queueReassign, queueSchedule, queueUnschedule } from '../../src/outbox';
import { activeEntries, DEMO_DRIVER, syncUntilSettled, useSyncServer } from '../support/device';
import type { TestServer } from '../support/server';

// Schedule, reschedule, unschedule, reassign and a note, queued offline through the real
// engine against the real server: each applied exactly once when the phone is back, a lost
// answer included; a reassign the server refuses needs the driver's attention with its message;
// a schedule change the list showed at once is undone when the server refuses it or the
// driver discards it (the next sync shows the server's row again).

interface Row {
  id: number;
  kind: OrderKind;
  is_scheduled: boolean;
}
let server: TestServer;
let me = 0;
let colleague = 0;
let foreign = 0;
let pool: Row[] = [];

const harness = useSyncServer(async ({ server: s }) => {
  server = s;
  const id = async (email: string) => Number((await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [email]))[0]?.id);
  me = await id(DEMO_DRIVER.email);
  colleague = await id('driver2@summit.test');
  foreign = await id('driver@ridge.test');
  pool = await server.query<Row>(
    `SELECT id, kind, is_scheduled_for_delivery is_scheduled FROM orders
    WHERE driver_id = $1 AND delivered_at IS NULL AND cancelled_at IS NULL ORDER BY id`,
    [me],
  );
});

function take(test: (row: Row) => boolean): Row {
  const index = pool.findIndex(test);
  const [row] = index >= 0 ? pool.splice(index, 1) : [];
  if (!row) throw new Error('no seeded order fits');
  return row;
}

async function orderOnServer(id: number) {
  const [row] = await server.query<{ is_scheduled: boolean; scheduled_date: Date | null; driver_id: number; status: string; updated_at: Date }>(
    'SELECT is_scheduled_for_delivery is_scheduled, scheduled_date, driver_id, status, updated_at FROM orders WHERE id = $1',
    [id],
  );
  return row;
}

const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const KEY_PREFIX = { customer: 'co', onlot: 'oio', move: 'mo' } as const;
const keyOf = (row: Row) => `${KEY_PREFIX[row.kind]}-${row.id}`;

describe('order actions through the outbox', () => {
  it('schedule, reschedule, unschedule, reassign and a note queued offline are each applied once online, through a lost answer', async () => {
    const device = await harness.signedInDevice();
    const session = (await readSession(device.db))!;
    // The reassign picker's list came down with the first sync, and is there offline.
    const drivers = await readCompanyDrivers(device.db, session);
    expect(drivers?.find((d) => d.is_self)?.id).toBe(me);
    expect(drivers?.some((d) => d.id === colleague)).toBe(true);
    expect(drivers?.some((d) => d.id === foreign)).toBe(false);

    const a = take((r) => !r.is_scheduled);
    const b = take((r) => r.kind !== a.kind);
    const c = take(() => true);
    // c starts scheduled on the server (the phone learns it from the pull).
    await server.query(`UPDATE orders SET is_scheduled_for_delivery = true, scheduled_date = $2, status = 'Scheduled for Delivery' WHERE id = $1`, [
      c.id,
      at(3, 9),
    ]);
    await device.engine.syncNow();
    expect((await device.db.orders.findOne(keyOf(c)).exec())?.is_scheduled_for_delivery).toBe(true);

    device.net.offline = true;
    const first = at(2, 14);
    const second = at(4, 15);
    const t = Date.now();
    const when = (s: number) => new Date(t + s * 1000);
    expect(await queueSchedule(device.db, session, { kind: a.kind, id: a.id, scheduledDate: first, reschedule: false }, when(1))).toMatchObject({ ok: true });
    expect(await queueSchedule(device.db, session, { kind: a.kind, id: a.id, scheduledDate: second, reschedule: true }, when(2))).toMatchObject({ ok: true });
    expect(await queueNote(device.db, session, { kind: a.kind, id: a.id }, 'Customer asks to call 30 min ahead', when(3))).toMatchObject({ ok: true });
    expect(await queueReassign(device.db, session, { kind: b.kind, id: b.id }, colleague, when(4))).toMatchObject({ ok: true });
    expect(await queueUnschedule(device.db, session, { kind: c.kind, id: c.id }, when(5))).toMatchObject({ ok: true });
    await device.engine.syncNow();
    expect((await activeEntries(device)).map((e) => e.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
    // The list shows the queued schedule at once.
    const local = await device.db.orders.findOne(keyOf(a)).exec();
    expect([local?.is_scheduled_for_delivery, local?.scheduled_date]).toEqual([true, second]);
    expect((await device.db.orders.findOne(keyOf(c)).exec())?.is_scheduled_for_delivery).toBe(false);

    device.net.offline = false;
    device.net.inject(/POST \/secure\/driver\/schedule_my_/, { kind: 'lose-response' }, 1);
    await syncUntilSettled(device);
    expect(device.net.reached(/POST \/secure\/driver\/schedule_my_/)).toBe(2); // lost once; the replay answered from its key
    expect(await activeEntries(device)).toHaveLength(0);

    const onA = await orderOnServer(a.id);
    expect([onA?.is_scheduled, onA?.scheduled_date?.toISOString(), onA?.driver_id]).toEqual([true, second, me]);
    const notes = await server.query<{ note: string; account_id: number }>('SELECT note, account_id FROM order_notes WHERE order_id = $1 AND account_id = $2', [
      a.id,
      me,
    ]);
    expect(notes).toEqual([{ note: 'Customer asks to call 30 min ahead', account_id: me }]);
    // On the phone the note is among the order's notes once: the commit's answer, then the pull's copy of the same note.
    const phoneNotes = (await deliveryCollection(device.db, a.kind).findOne(keyOf(a)).exec())?.notes ?? [];
    expect(phoneNotes.filter((n) => n.note === 'Customer asks to call 30 min ahead')).toHaveLength(1);
    expect((await orderOnServer(b.id))?.driver_id).toBe(colleague);
    const onC = await orderOnServer(c.id);
    expect([onC?.is_scheduled, onC?.scheduled_date]).toEqual([false, null]);
    // The reassigned order left this driver's list; the others show the server's truth.
    expect(await device.db.orders.findOne(keyOf(b)).exec()).toBeNull();
    expect((await device.db.orders.findOne(keyOf(a)).exec())?.scheduled_date).toBe(second);
  });

  it("a reassign the server refuses (another company's driver; an order already taken away) needs attention with the server's message", async () => {
    const device = await harness.signedInDevice();
    const session = (await readSession(device.db))!;
    const d = take(() => true);
    const e = take(() => true);
    device.net.offline = true;
    const t = Date.now();
    await queueReassign(device.db, session, { kind: d.kind, id: d.id }, foreign, new Date(t + 1000));
    await queueReassign(device.db, session, { kind: e.kind, id: e.id }, colleague, new Date(t + 2000));
    // Meanwhile the office gives order e to the colleague directly.
    await server.query('UPDATE orders SET driver_id = $2 WHERE id = $1', [e.id, colleague]);
    device.net.offline = false;
    await syncUntilSettled(device);
    const stuck = await activeEntries(device);
    expect(stuck.map((x) => [x.order_key, x.status])).toEqual(
      expect.arrayContaining([
        [keyOf(d), 'needs_attention'],
        [keyOf(e), 'needs_attention'],
      ]),
    );
    const byKey = new Map(stuck.map((x) => [x.order_key, x.last_error]));
    expect(byKey.get(keyOf(d))).toMatchObject({ code: 'NotFound', message: 'Driver not found', status: 404 });
    expect(byKey.get(keyOf(e))).toMatchObject({ code: 'NotFound', message: ERROR_TEXT.NotFound, status: 404 });
    expect((await orderOnServer(d.id))?.driver_id).toBe(me);
    expect(device.net.reached(/POST \/secure\/driver\/reassign_driver/)).toBe(2); // each tried once, not retried
  });

  /** The local list row's schedule beside the server's, in the same shape. */
  async function scheduleOf(device: Awaited<ReturnType<typeof harness.signedInDevice>>, row: Row) {
    const local = await device.db.orders.findOne(keyOf(row)).exec();
    const remote = await orderOnServer(row.id);
    return {
      local: local ? [local.is_scheduled_for_delivery, local.scheduled_date, local.order_status] : null,
      server: [remote?.is_scheduled, remote?.scheduled_date?.toISOString() ?? null, remote?.status],
    };
  }

  it("a schedule the server refuses needs attention and the next sync shows the server's row again; an action waiting behind it keeps showing", async () => {
    const device = await harness.signedInDevice();
    const session = (await readSession(device.db))!;
    const f = take((r) => r.is_scheduled);
    const g = take((r) => !r.is_scheduled);
    const h = take((r) => r.is_scheduled);
    const k = take(() => true);
    const before = new Map(await Promise.all([f, g, h].map(async (r) => [r.id, (await orderOnServer(r.id))?.updated_at.toISOString()] as const)));
    // f and h: the office scheduled them after this phone's last pull (the phone's rows say not
    // scheduled), so the phone's schedule is refused: "already scheduled; reschedule it instead".
    for (const row of [f, h])
      await (await device.db.orders.findOne(keyOf(row)).exec())?.incrementalPatch({ is_scheduled_for_delivery: false, scheduled_date: null });

    device.net.offline = true;
    const t = Date.now();
    const when = (s: number) => new Date(t + s * 1000);
    // f: a schedule of an order the server has scheduled already.
    expect(await queueSchedule(device.db, session, { kind: f.kind, id: f.id, scheduledDate: at(2, 10), reschedule: true }, when(1))).toMatchObject({
      ok: true,
    });
    // g: a date the phone's clock allowed but the server's refuses (more than 31 days ago): the
    // phone's clock is 40 days behind, past the 30 days within which the server judges the
    // window at the instant the phone queued it (scheduledAtActionMs).
    const phoneBehind = new Date(t - 40 * 86_400_000);
    expect(await queueSchedule(device.db, session, { kind: g.kind, id: g.id, scheduledDate: at(-45, 10), reschedule: false }, phoneBehind)).toMatchObject({
      ok: true,
    });
    // h: a refused schedule, then a reschedule that waits behind it.
    const refusedH = await queueSchedule(device.db, session, { kind: h.kind, id: h.id, scheduledDate: at(3, 10), reschedule: true }, when(2));
    expect(await queueSchedule(device.db, session, { kind: h.kind, id: h.id, scheduledDate: at(4, 11), reschedule: false }, when(3))).toMatchObject({
      ok: true,
    });
    // The list shows all of it at once.
    expect((await scheduleOf(device, f)).local).toEqual([true, at(2, 10), 'Scheduled for Delivery']);
    expect((await scheduleOf(device, g)).local).toEqual([true, at(-45, 10), 'Scheduled for Delivery']);
    expect((await scheduleOf(device, h)).local).toEqual([true, at(4, 11), 'Scheduled for Delivery']);
    // Meanwhile the office hands k to the colleague: the full re-read must not lose its tombstone.
    await server.query('UPDATE orders SET driver_id = $2 WHERE id = $1', [k.id, colleague]);

    device.net.offline = false;
    await device.engine.syncNow();
    const entries = await activeEntries(device);
    const status = (row: Row) => entries.filter((e) => e.order_key === keyOf(row)).map((e) => [e.kind.split('_')[0], e.status, e.last_error?.status ?? null]);
    expect(status(f)).toEqual([['schedule', 'needs_attention', 409]]);
    expect(entries.find((e) => e.order_key === keyOf(f))?.last_error?.message).toContain('the order is already scheduled; reschedule it instead');
    expect(status(g)).toEqual([['schedule', 'needs_attention', 400]]);
    expect(entries.find((e) => e.order_key === keyOf(g))?.last_error?.message).toContain('more than 31 days in the past');
    expect(status(h)).toEqual([
      ['schedule', 'needs_attention', 409],
      ['reschedule', 'queued', null],
    ]);
    // The server changed none of them, so a checkpointed pull alone would never resend them...
    for (const row of [f, g, h]) expect((await orderOnServer(row.id))?.updated_at.toISOString()).toBe(before.get(row.id));
    // ...yet the list shows the server's rows again (f scheduled by the office, g not), and h
    // the reschedule still waiting.
    for (const [row, scheduled] of [
      [f, true],
      [g, false],
    ] as const) {
      const { local, server: remote } = await scheduleOf(device, row);
      expect(local).toEqual(remote);
      expect(local?.[0]).toBe(scheduled);
    }
    expect((await scheduleOf(device, h)).local).toEqual([true, at(4, 11), 'Scheduled for Delivery']);
    expect(await device.db.orders.findOne(keyOf(k)).exec()).toBeNull();
    expect(await readOrdersRefresh(device.db, session)).toBeNull();

    // Discarding h's refused schedule lets the reschedule behind it go; the server has it once.
    if (!refusedH.ok) throw new Error('not queued');
    await discardOutboxEntry(device.db, session, refusedH.entryId);
    await device.engine.syncNow();
    expect((await activeEntries(device)).filter((e) => e.order_key === keyOf(h))).toHaveLength(0);
    const settled = await scheduleOf(device, h);
    expect(settled.server).toEqual([true, at(4, 11), 'Scheduled for Delivery']);
    expect(settled.local).toEqual(settled.server);
    expect(device.net.reached(/POST \/secure\/driver\/schedule_my_/)).toBe(3); // f, g and h's first, refused
    expect(device.net.reached(/POST \/secure\/driver\/update_.*_scheduled_date_and_time/)).toBe(1); // h's reschedule
  });

  it("a refused schedule the list still showed (refused by an older build) goes back to the server's row once the driver discards it", async () => {
    const device = await harness.signedInDevice();
    const session = (await readSession(device.db))!;
    const m = take((r) => !r.is_scheduled);
    const queued = await queueSchedule(device.db, session, { kind: m.kind, id: m.id, scheduledDate: at(5, 9), reschedule: false }, new Date());
    if (!queued.ok) throw new Error('not queued');
    // As a build before the undo rule left it: refused, with the row still patched.
    await (await device.db.outbox.findOne(queued.entryId).exec())?.incrementalPatch({
      status: 'needs_attention',
      last_error: { code: 'FailedToScheduleDelivery', message: 'Failed to schedule delivery: refused', status: 409 },
    });
    await device.engine.syncNow();
    expect((await scheduleOf(device, m)).local).toEqual([true, at(5, 9), 'Scheduled for Delivery']); // nothing resends the row
    await discardOutboxEntry(device.db, session, queued.entryId);
    expect(await device.db.outbox.findOne(queued.entryId).exec()).toBeNull();
    await device.engine.syncNow();
    const { local, server: remote } = await scheduleOf(device, m);
    expect(local).toEqual(remote);
    expect(remote[0]).toBe(false);
    expect(device.net.reached(/POST \/secure\/driver\/schedule_my_/)).toBe(0);
  });
});
