import { describe, expect, it } from 'vitest';
import { readCompanyDrivers, readSession } from '../../src/db';
import { ERROR_TEXT, type OrderKind } from '../../src/domain';
import { queueNote, queueReassign, queueSchedule, queueUnschedule } from '../../src/outbox';
import { activeEntries, DEMO_DRIVER, syncUntilSettled, useSyncServer } from '../support/device';
import type { TestServer } from '../support/server';

// Schedule, reschedule, unschedule, reassign and a note, queued offline through the real
// engine against the real server: each applied exactly once when the phone is back, a lost
// answer included; a reassign the server refuses needs the driver's attention with its message.

interface Row { id: number; kind: OrderKind; is_scheduled: boolean }
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
  pool = await server.query<Row>(`SELECT id, kind, is_scheduled_for_delivery is_scheduled FROM orders
    WHERE driver_id = $1 AND delivered_at IS NULL AND cancelled_at IS NULL ORDER BY id`, [me]);
});

function take(test: (row: Row) => boolean): Row {
  const index = pool.findIndex(test);
  const [row] = index >= 0 ? pool.splice(index, 1) : [];
  if (!row) throw new Error('no seeded order fits');
  return row;
}

async function orderOnServer(id: number) {
  const [row] = await server.query<{ is_scheduled: boolean; scheduled_date: Date | null; driver_id: number }>(
    'SELECT is_scheduled_for_delivery is_scheduled, scheduled_date, driver_id FROM orders WHERE id = $1', [id]);
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
    await server.query(`UPDATE orders SET is_scheduled_for_delivery = true, scheduled_date = $2, status = 'Scheduled for Delivery' WHERE id = $1`, [c.id, at(3, 9)]);
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
    const notes = await server.query<{ note: string; account_id: number }>('SELECT note, account_id FROM order_notes WHERE order_id = $1 AND account_id = $2', [a.id, me]);
    expect(notes).toEqual([{ note: 'Customer asks to call 30 min ahead', account_id: me }]);
    expect((await orderOnServer(b.id))?.driver_id).toBe(colleague);
    const onC = await orderOnServer(c.id);
    expect([onC?.is_scheduled, onC?.scheduled_date]).toEqual([false, null]);
    // The reassigned order left this driver's list; the others show the server's truth.
    expect(await device.db.orders.findOne(keyOf(b)).exec()).toBeNull();
    expect((await device.db.orders.findOne(keyOf(a)).exec())?.scheduled_date).toBe(second);
  });

  it('a reassign the server refuses (another company\'s driver; an order already taken away) needs attention with the server\'s message', async () => {
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
    expect(stuck.map((x) => [x.order_key, x.status])).toEqual(expect.arrayContaining([[keyOf(d), 'needs_attention'], [keyOf(e), 'needs_attention']]));
    const byKey = new Map(stuck.map((x) => [x.order_key, x.last_error]));
    expect(byKey.get(keyOf(d))).toMatchObject({ code: 'NotFound', message: 'Driver not found', status: 404 });
    expect(byKey.get(keyOf(e))).toMatchObject({ code: 'NotFound', message: ERROR_TEXT.NotFound, status: 404 });
    expect((await orderOnServer(d.id))?.driver_id).toBe(me);
    expect(device.net.reached(/POST \/secure\/driver\/reassign_driver/)).toBe(2); // each tried once, not retried
  });
});
