// Schedule, reschedule, unschedule (three kinds), reassign and notes: the database after each
// call, ownership and company isolation, strict bodies, and the Idempotency-Key cases.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeCheckpoint,
  type OrderListItem,
  type OrderNote,
  type PullResponse,
  type ReassignDriverResponse,
  type ScheduleActionResponse,
} from '../../src/domain';
import { uuidv7 } from '../../src/db/uuid';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_ADMIN, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, newKey, postJson, useTestServer, type Answer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;
let ridge: string;
const ids: Record<string, number> = {};

const KINDS = [
  { kind: 'customer', field: 'customer_order_id', schedule: 'schedule_my_customer_order_delivery', update: 'update_customer_order_scheduled_date_and_time' },
  {
    kind: 'onlot',
    field: 'onlot_inventory_order_id',
    schedule: 'schedule_my_onlot_inventory_order_delivery',
    update: 'update_onlot_inventory_order_scheduled_date_and_time',
  },
  {
    kind: 'move',
    field: 'inventory_move_order_id',
    schedule: 'schedule_my_inventory_move_order_delivery',
    update: 'update_inventory_move_order_scheduled_date_and_time',
  },
] as const;

const daysAhead = (n: number, hour = 9): string => {
  const d = new Date(Date.now() + n * 86_400_000);
  d.setUTCHours(hour, 30, 0, 0);
  return d.toISOString();
};
const post = <T = unknown>(path: string, body: unknown, opts: { token?: string; key?: string } = {}) =>
  postJson<T>(server, `/secure/driver/${path}`, body, { token: summit, ...opts });
const orderRow = async (id: number) =>
  (
    await server.query<{
      is_scheduled_for_delivery: boolean;
      scheduled_date: Date | null;
      driver_id: number | null;
      status: string;
      updated_at: Date;
    }>('SELECT is_scheduled_for_delivery, scheduled_date, driver_id, status, updated_at FROM orders WHERE id = $1', [id])
  )[0];

/** Live orders of the driver that are not scheduled yet, per kind. */
async function unscheduled(email: string, kind: string): Promise<number[]> {
  const rows = await server.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id WHERE a.email = $1 AND o.kind = $2
     AND NOT o.is_scheduled_for_delivery AND o.delivered_at IS NULL ORDER BY o.id`,
    [email, kind],
  );
  return rows.map((r) => r.id);
}

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, summit2, ridge } = s));
beforeAll(async () => {
  const [driver] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
  const [driver2] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [SUMMIT_DRIVER2.email]);
  ids.driver = driver?.id ?? 0;
  ids.driver2 = driver2?.id ?? 0;
});

describe('schedule, reschedule, unschedule', () => {
  it.each(KINDS)('$kind: schedule → reschedule → unschedule, each read back from the database', async ({ kind, field, schedule, update }) => {
    const [id = 0] = await unscheduled(SUMMIT_DRIVER.email, kind);
    const at = daysAhead(3);
    const res = await post<ScheduleActionResponse>(schedule, { [field]: id, scheduled_date: at });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      [field]: id,
      is_scheduled_for_delivery: true,
      scheduled_date: at,
      driver_id: ids.driver,
      order_status: 'Scheduled for Delivery',
    });
    let row = await orderRow(id);
    expect(row).toMatchObject({ is_scheduled_for_delivery: true, driver_id: ids.driver, status: 'Scheduled for Delivery' });
    expect(new Date(row?.scheduled_date ?? 0).toISOString()).toBe(at);
    expect(new Date(row?.updated_at ?? 0).toISOString()).toBe(res.body.updated_at);

    const again = await post(schedule, { [field]: id, scheduled_date: daysAhead(4) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'FailedToScheduleDelivery' });

    const later = daysAhead(5, 14);
    const moved = await post<ScheduleActionResponse>(update, { [field]: id, scheduled_date: later });
    expect(moved.status).toBe(200);
    expect(new Date((await orderRow(id))?.scheduled_date ?? 0).toISOString()).toBe(later);

    const off = await post<ScheduleActionResponse>('unschedule_order', { [field]: id });
    expect(off.status).toBe(200);
    row = await orderRow(id);
    expect(row).toMatchObject({ is_scheduled_for_delivery: false, scheduled_date: null });
    expect(['Ready for Delivery', 'In Production']).toContain(row?.status);

    const noLonger = await post(update, { [field]: id, scheduled_date: later });
    expect(noLonger.status).toBe(409);
    expect(noLonger.body).toMatchObject({ error: 'FailedToRescheduleDelivery' });
    const twice = await post('unschedule_order', { [field]: id });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: 'FailedToUnscheduleOrder', message: 'Failed to unschedule order: the order is not scheduled' });
  });

  it("the change reaches the driver's order-list pull", async () => {
    const first = await call<PullResponse<OrderListItem>>(server, '/api/driver/order-list', { token: summit });
    const checkpoint = encodeCheckpoint(first.body.checkpoint ?? { updated_at: '2000-01-01T00:00:00.000Z', id: 'co-0' });
    const [id = 0] = await unscheduled(SUMMIT_DRIVER.email, 'onlot');
    const at = daysAhead(2);
    expect((await post('schedule_my_onlot_inventory_order_delivery', { onlot_inventory_order_id: id, scheduled_date: at })).status).toBe(200);
    const after = await call<PullResponse<OrderListItem>>(server, `/api/driver/order-list?checkpoint=${checkpoint}`, { token: summit });
    expect(after.body.documents.find((d) => d.id === `oio-${id}`)).toMatchObject({ _deleted: false, is_scheduled_for_delivery: true, scheduled_date: at });
  });

  it('an unassigned order of the company is claimed by the driver who schedules it', async () => {
    const [id = 0] = await unscheduled(SUMMIT_DRIVER2.email, 'move');
    await server.query('UPDATE orders SET driver_id = NULL WHERE id = $1', [id]);
    const res = await post('schedule_my_inventory_move_order_delivery', { inventory_move_order_id: id, scheduled_date: daysAhead(6) });
    expect(res.status).toBe(200);
    expect((await orderRow(id))?.driver_id).toBe(ids.driver);
  });

  it("another company's order, another driver's order, the wrong kind and unknown ids are 404; delivered is 409", async () => {
    const [ridgeOrder] = await unscheduled(RIDGE_DRIVER.email, 'customer');
    const [otherDriver] = await unscheduled(SUMMIT_DRIVER2.email, 'customer');
    const [onlot] = await unscheduled(SUMMIT_DRIVER.email, 'onlot');
    for (const id of [ridgeOrder, otherDriver, onlot, 999999]) {
      const res = await post('schedule_my_customer_order_delivery', { customer_order_id: id, scheduled_date: daysAhead(3) });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
      expect((await post('unschedule_order', { customer_order_id: id })).status).toBe(404);
    }
    expect((await orderRow(ridgeOrder ?? 0))?.is_scheduled_for_delivery).toBe(false);
    const [delivered] = await server.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id WHERE a.email = $1 AND o.kind = 'customer' AND o.delivered_at IS NOT NULL LIMIT 1`,
      [SUMMIT_DRIVER.email],
    );
    const res = await post('schedule_my_customer_order_delivery', { customer_order_id: delivered?.id, scheduled_date: daysAhead(3) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'OrderAlreadyDelivered' });
  });

  it("judges the past window at the instant the driver queued it (the key is the entry's UUID v7), not when it arrives", async () => {
    const [id = 0] = await unscheduled(SUMMIT_DRIVER.email, 'customer');
    const body = { customer_order_id: id, scheduled_date: daysAhead(-33) };
    // A key that is not a UUID v7, one from the future, or one older than 30 days: judged now.
    for (const key of [newKey(), uuidv7(Date.now() + 86_400_000), uuidv7(Date.now() - 40 * 86_400_000)]) {
      const res = await post('schedule_my_customer_order_delivery', body, { key });
      expect(res.status, key).toBe(400);
      expect((res.body as { message: string }).message).toContain('days in the past');
    }
    // Queued offline 5 days ago, 28 days after the date: the phone's window (31 days) took it, and
    // the server refused it on arrival, after the driver had moved on (outside tester).
    const queued = await post('schedule_my_customer_order_delivery', body, { key: uuidv7(Date.now() - 5 * 86_400_000) });
    expect(queued.status).toBe(200);
    expect((await orderRow(id))?.is_scheduled_for_delivery).toBe(true);
  });

  it('400 naming the field for bad dates, wrong types and fields a driver must not set', async () => {
    const [id = 0] = await unscheduled(SUMMIT_DRIVER.email, 'customer');
    const cases: [Record<string, unknown>, string][] = [
      [{ customer_order_id: id, scheduled_date: 'tomorrow' }, 'scheduled_date'],
      [{ customer_order_id: id, scheduled_date: '2026-02-30T10:00:00.000Z' }, 'scheduled_date'],
      [{ customer_order_id: id, scheduled_date: '2026-03-02T10:00' }, 'scheduled_date'],
      [{ customer_order_id: id, scheduled_date: daysAhead(900) }, 'scheduled_date'],
      [{ customer_order_id: id, scheduled_date: daysAhead(-60) }, 'scheduled_date'],
      [{ customer_order_id: String(id), scheduled_date: daysAhead(1) }, 'customer_order_id'],
      [{ customer_order_id: id, scheduled_date: daysAhead(1), company_id: 2 }, 'company_id'],
      [{ customer_order_id: id, scheduled_date: daysAhead(1), driver_id: ids.driver2 }, 'driver_id'],
      [{ customer_order_id: id, scheduled_date: daysAhead(1), remaining_balance: '0.00' }, 'remaining_balance'],
      [{ scheduled_date: daysAhead(1) }, 'customer_order_id'],
    ];
    for (const [body, field] of cases) {
      const res = await post('schedule_my_customer_order_delivery', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
      expect((res.body as { message: string }).message).toContain(field);
    }
    for (const body of [{}, { customer_order_id: id, onlot_inventory_order_id: id }, { customer_order_id: -1 }, [id]]) {
      expect((await post('unschedule_order', body)).status).toBe(400);
    }
    expect((await orderRow(id))?.is_scheduled_for_delivery).toBe(false);
  });

  it('Idempotency-Key: the same key and body replays without a second change; another body is 422', async () => {
    const [id = 0, id2 = 0] = await unscheduled(SUMMIT_DRIVER.email, 'customer');
    const key = newKey();
    const body = { customer_order_id: id, scheduled_date: daysAhead(8) };
    const first = await post<ScheduleActionResponse>('schedule_my_customer_order_delivery', body, { key });
    expect(first.status).toBe(200);
    const stamp = (await orderRow(id))?.updated_at;
    const replay = await post('schedule_my_customer_order_delivery', { scheduled_date: body.scheduled_date, customer_order_id: id }, { key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await orderRow(id))?.updated_at).toEqual(stamp); // not written again
    const other = await post('schedule_my_customer_order_delivery', { customer_order_id: id2, scheduled_date: daysAhead(8) }, { key });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'IdempotencyKeyReused' });
    expect((await orderRow(id2))?.is_scheduled_for_delivery).toBe(false);

    // Unschedule too: one change, then the replay.
    const offKey = newKey();
    const off = await post('unschedule_order', { customer_order_id: id }, { key: offKey });
    const offAgain = await post('unschedule_order', { customer_order_id: id }, { key: offKey });
    expect([off.status, offAgain.status]).toEqual([200, 200]);
    expect(offAgain.body).toEqual(off.body);
    expect((await post('unschedule_order', { inventory_move_order_id: id }, { key: offKey })).status).toBe(422);
  });
});

describe('reassign driver', () => {
  it("hands the order to a driver of the same company; it leaves the old driver's pull as a tombstone", async () => {
    const first = await call<PullResponse<OrderListItem>>(server, '/api/driver/order-list', { token: summit });
    const checkpoint = encodeCheckpoint(first.body.checkpoint ?? { updated_at: '2000-01-01T00:00:00.000Z', id: 'co-0' });
    const [id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    const res = await post<ReassignDriverResponse>('reassign_driver', { customer_order_id: id, driver_id: ids.driver2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: `co-${id}`, driver_id: ids.driver2, driver_name: 'Marcy Kauffman' });
    expect((await orderRow(id))?.driver_id).toBe(ids.driver2);
    const mine = await call<PullResponse<OrderListItem>>(server, `/api/driver/order-list?checkpoint=${checkpoint}`, { token: summit });
    expect(mine.body.documents.find((d) => d.id === `co-${id}`)).toMatchObject({ _deleted: true });
    const theirs = await call<PullResponse<OrderListItem>>(server, `/api/driver/order-list?checkpoint=${checkpoint}`, { token: summit2 });
    expect(theirs.body.documents.find((d) => d.id === `co-${id}`)).toMatchObject({ _deleted: false });
    // It is no longer the caller's: a second reassign is 404.
    expect((await post('reassign_driver', { customer_order_id: id, driver_id: ids.driver2 })).status).toBe(404);
  });

  it("refuses another company's driver, a non-driver account and oneself; the order stays put", async () => {
    const [id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const [ridgeDriver] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [RIDGE_DRIVER.email]);
    const [admin] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [SUMMIT_ADMIN.email]);
    for (const driverId of [ridgeDriver?.id, admin?.id, 999999]) {
      const res = await post('reassign_driver', { onlot_inventory_order_id: id, driver_id: driverId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'Driver not found' });
    }
    const self = await post('reassign_driver', { onlot_inventory_order_id: id, driver_id: ids.driver });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ error: 'FailedToReassignOrder' });
    expect((await orderRow(id))?.driver_id).toBe(ids.driver);
    // A Ridge driver cannot move a Summit order, even to a Summit driver.
    const cross = await post('reassign_driver', { onlot_inventory_order_id: id, driver_id: ids.driver2 }, { token: ridge });
    expect(cross.status).toBe(404);
    expect((await orderRow(id))?.driver_id).toBe(ids.driver);
    for (const body of [
      { onlot_inventory_order_id: id },
      { onlot_inventory_order_id: id, driver_id: 'x' },
      { onlot_inventory_order_id: id, driver_id: ids.driver2, company_id: 1 },
    ]) {
      expect((await post('reassign_driver', body)).status).toBe(400);
    }
  });

  it('Idempotency-Key: a replay does not reassign twice; another body is 422', async () => {
    const [id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
    const key = newKey();
    const body = { inventory_move_order_id: id, driver_id: ids.driver2 };
    const first = await post('reassign_driver', body, { key });
    expect(first.status).toBe(200);
    const replay = await post('reassign_driver', body, { key });
    expect(replay.status).toBe(200); // without the key this would be 404: the order is no longer ours
    expect(replay.body).toEqual(first.body);
    expect((await post('reassign_driver', { ...body, driver_id: ids.driver }, { key })).status).toBe(422);
    expect((await orderRow(id))?.driver_id).toBe(ids.driver2);
  });
});

describe('order notes', () => {
  it('adds a note listed in the order details, written by the caller', async () => {
    const [id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    const res = await post<OrderNote>('create_order_note', { customer_order_id: id, note: '  Called ahead; gate code 4411.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ order_key: `co-${id}`, note: 'Called ahead; gate code 4411.', author_name: 'Dale Hostetler' });
    const [row] = await server.query<{ note: string; account_id: number; company_id: number }>(
      'SELECT note, account_id, company_id FROM order_notes WHERE id = $1',
      [res.body.id],
    );
    expect(row).toEqual({ note: 'Called ahead; gate code 4411.', account_id: ids.driver, company_id: 1 });
    const details = await call<{ notes: OrderNote[] }>(server, `/api/driver/customer-order-details?customerOrderId=${id}`, { token: summit });
    expect(details.body.notes.at(-1)).toEqual(res.body);
    const [move = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
    expect((await post('create_order_note', { inventory_move_order_id: move, note: 'Lot gate sticks.' })).status).toBe(200);
  });

  it("a note bumps the order's updated_at: pulls from the previous checkpoint (list and delivery details) carry the order, and its details the note", async () => {
    const [id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    const streams = ['/api/driver/order-list', '/api/driver/customer-order-delivery-details'];
    // Another device of the driver is up to date: the checkpoint of a full pull of each stream.
    const checkpoints: string[] = [];
    for (const path of streams) {
      let checkpoint: string | null = null;
      for (;;) {
        const page: Answer<PullResponse<{ id: string }>> = await call(server, `${path}?limit=500${checkpoint ? `&checkpoint=${checkpoint}` : ''}`, {
          token: summit,
        });
        expect(page.status).toBe(200);
        if (page.body.checkpoint) checkpoint = encodeCheckpoint(page.body.checkpoint);
        if (page.body.documents.length < 500) break;
      }
      checkpoints.push(checkpoint ?? '');
    }
    const stamp = (await orderRow(id))?.updated_at;
    const res = await post<OrderNote>('create_order_note', { customer_order_id: id, note: 'Back gate is locked; call the customer.' });
    expect(res.status).toBe(200);
    const bumped = (await orderRow(id))?.updated_at;
    expect(bumped?.getTime()).toBeGreaterThan(stamp?.getTime() ?? Infinity);
    for (const [i, path] of streams.entries()) {
      const after = await call<PullResponse<{ id: string; updated_at: string; _deleted: boolean }>>(server, `${path}?checkpoint=${checkpoints[i]}`, {
        token: summit,
      });
      expect(
        after.body.documents.find((d) => d.id === `co-${id}`),
        path,
      ).toMatchObject({ _deleted: false, updated_at: bumped?.toISOString() });
    }
    // What the device then fetches for the changed order (its details) lists the new note.
    const details = await call<{ notes: OrderNote[] }>(server, `/api/driver/customer-order-details?customerOrderId=${id}`, { token: summit });
    expect(details.body.notes.at(-1)).toEqual(res.body);
  });

  it('foreign orders are 404; empty, over-long or extra fields are 400', async () => {
    const [ridgeOrder] = await liveOrderIds(server, RIDGE_DRIVER.email, 'customer');
    const [otherDriver] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'customer');
    for (const id of [ridgeOrder, otherDriver, 999999]) {
      const res = await post('create_order_note', { customer_order_id: id, note: 'hello' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
    }
    const [count] = await server.query<{ n: number }>('SELECT count(*)::int n FROM order_notes WHERE order_id = $1', [ridgeOrder]);
    const [id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    for (const body of [
      { customer_order_id: id, note: '   ' },
      { customer_order_id: id, note: 'x'.repeat(2001) },
      { customer_order_id: id, note: 'a\u0000b' },
      { customer_order_id: id },
      { customer_order_id: id, note: 'a', account_id: 3 },
    ]) {
      const res = await post('create_order_note', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
    expect((await server.query<{ n: number }>('SELECT count(*)::int n FROM order_notes WHERE order_id = $1', [ridgeOrder]))[0]).toEqual(count);
  });

  it('Idempotency-Key: the same key and body adds one note; another body is 422', async () => {
    const [, id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const before = (await server.query<{ n: number }>('SELECT count(*)::int n FROM order_notes WHERE order_id = $1', [id]))[0]?.n ?? 0;
    const key = newKey();
    const body = { onlot_inventory_order_id: id, note: 'Dealer asked for the front row.' };
    const first = await post('create_order_note', body, { key });
    const stamp = (await orderRow(id))?.updated_at;
    const second = await post('create_order_note', body, { key });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await orderRow(id))?.updated_at).toEqual(stamp); // the replay touches nothing
    expect(second.body).toEqual(first.body);
    expect((await post('create_order_note', { ...body, note: 'Something else' }, { key })).status).toBe(422);
    const after = (await server.query<{ n: number }>('SELECT count(*)::int n FROM order_notes WHERE order_id = $1', [id]))[0]?.n ?? 0;
    expect(after).toBe(before + 1);
  });
});
