// Notifications: the driver's list (both tabs), create_notification (to the office users),
// dismiss one, dismiss all; isolation, bad input and the Idempotency-Key cases.
import { describe, expect, it } from 'vitest';
import { PROFILE_API, notificationTab, type CreateNotificationResponse, type DriverNotification } from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, newKey, postJson, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let ridge: string;

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));

const list = async (token: string) => (await call<DriverNotification[]>(server, PROFILE_API.notifications, { token })).body;
const rowsOf = (email: string) =>
  server.query<{ id: number; dismissed_at: Date | null; order_id: number | null }>(
    `SELECT n.id, n.dismissed_at, n.order_id FROM notifications n JOIN accounts a ON a.id = n.account_id WHERE a.email = $1 ORDER BY n.id`,
    [email],
  );

describe('GET /api/notifications', () => {
  it("lists the driver's own notifications newest first, with the order they are about and both tabs", async () => {
    const res = await call<DriverNotification[]>(server, PROFILE_API.notifications, { token: summit });
    expect(res.status).toBe(200);
    const rows = await rowsOf(SUMMIT_DRIVER.email);
    expect(res.body.map((n) => n.id).sort((a, b) => a - b)).toEqual(
      rows.filter((r) => r.dismissed_at === null || Date.now() - new Date(r.dismissed_at).getTime() < 30 * 86_400_000).map((r) => r.id),
    );
    const times = res.body.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const tabs = new Set(res.body.map(notificationTab));
    expect(tabs).toEqual(new Set([0, 1])); // the seed has active and recently dismissed ones
    const aboutOrder = res.body.find((n) => n.type === 'order');
    expect(aboutOrder).toMatchObject({ order_key: expect.stringMatching(/^(co|oio|mo)-\d+$/) as string, order_number: expect.any(String) as string });
    const id = aboutOrder?.customer_order_id ?? aboutOrder?.onlot_inventory_order_id ?? aboutOrder?.inventory_move_order_id;
    expect(aboutOrder?.order_key?.endsWith(`-${id}`)).toBe(true);
    // The 20-day-old dismissed system notice stays in tab 1; a dismissal older than 30 days leaves the list.
    const [old] = rows;
    await server.query(`UPDATE notifications SET dismissed_at = now() - interval '31 days' WHERE id = $1`, [old?.id]);
    expect((await list(summit)).some((n) => n.id === old?.id)).toBe(false);
  });

  it("never shows another driver's or company's notifications", async () => {
    const ridgeIds = new Set((await rowsOf(RIDGE_DRIVER.email)).map((r) => r.id));
    expect(ridgeIds.size).toBeGreaterThan(0);
    expect((await list(summit)).some((n) => ridgeIds.has(n.id))).toBe(false);
    const summit2Ids = new Set((await rowsOf(SUMMIT_DRIVER2.email)).map((r) => r.id));
    expect((await list(summit)).some((n) => summit2Ids.has(n.id))).toBe(false);
  });
});

describe('POST /secure/driver/notification_dismiss', () => {
  it("dismisses one of the driver's notifications; dismissing again keeps the first time", async () => {
    const active = (await list(summit)).find((n) => !n.dismissed);
    expect(active).toBeDefined();
    const res = await postJson<DriverNotification>(server, PROFILE_API.dismissNotification, { notification_id: active?.id }, { token: summit });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: active?.id, dismissed: true });
    const [row] = await server.query<{ dismissed_at: Date }>('SELECT dismissed_at FROM notifications WHERE id = $1', [active?.id]);
    expect(new Date(row?.dismissed_at ?? 0).toISOString()).toBe(res.body.dismissed_at);
    const again = await postJson<DriverNotification>(server, PROFILE_API.dismissNotification, { notification_id: active?.id }, { token: summit });
    expect(again.body.dismissed_at).toBe(res.body.dismissed_at);
  });

  it("404 for another company's or another driver's notification, which stays active", async () => {
    const [ridgeRow] = (await rowsOf(RIDGE_DRIVER.email)).filter((r) => r.dismissed_at === null);
    const [otherDriverRow] = (await rowsOf(SUMMIT_DRIVER2.email)).filter((r) => r.dismissed_at === null);
    for (const row of [ridgeRow, otherDriverRow]) {
      const res = await postJson(server, PROFILE_API.dismissNotification, { notification_id: row?.id }, { token: summit });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
      const [after] = await server.query<{ dismissed_at: Date | null }>('SELECT dismissed_at FROM notifications WHERE id = $1', [row?.id]);
      expect(after?.dismissed_at).toBeNull();
    }
    expect((await postJson(server, PROFILE_API.dismissNotification, { notification_id: 99_999_999 }, { token: summit })).status).toBe(404);
  });

  it('400 for a missing, non-integer or extra field', async () => {
    for (const body of [{}, { notification_id: 'one' }, { notification_id: 1.5 }, { notification_id: 0 }, { notification_id: 1, all: true }]) {
      const res = await postJson(server, PROFILE_API.dismissNotification, body, { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });

  it('Idempotency-Key: same body replays; another body under the key → 422', async () => {
    const [a, b] = (await list(summit)).filter((n) => !n.dismissed);
    const key = newKey();
    const first = await postJson(server, PROFILE_API.dismissNotification, { notification_id: a?.id }, { token: summit, key });
    const again = await postJson(server, PROFILE_API.dismissNotification, { notification_id: a?.id }, { token: summit, key });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await postJson(server, PROFILE_API.dismissNotification, { notification_id: b?.id }, { token: summit, key });
    expect(other.status).toBe(422);
    const [row] = await server.query<{ dismissed_at: Date | null }>('SELECT dismissed_at FROM notifications WHERE id = $1', [b?.id]);
    expect(row?.dismissed_at).toBeNull();
  });
});

describe('POST /secure/driver/create_notification', () => {
  it("notifies every office user of the company, about one of the driver's orders", async () => {
    const [orderId] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    const res = await postJson<CreateNotificationResponse>(
      server,
      PROFILE_API.createNotification,
      { title: 'Gate locked', message: 'Customer not home and the gate is locked; will come back Thursday.', customer_order_id: orderId },
      { token: summit },
    );
    expect(res.status).toBe(200);
    const admins = await server.query<{ id: number }>(
      `SELECT a.id FROM accounts a JOIN companies c ON c.id = a.company_id WHERE c.name = 'Summit Sheds' AND a.role = 'office_admin' ORDER BY a.id`,
    );
    expect(res.body.recipients).toBe(admins.length);
    const rows = await server.query<{ account_id: number; type: string; order_id: number; created_by: number; title: string }>(
      'SELECT account_id, type, order_id, created_by, title FROM notifications WHERE id = ANY($1::int[]) ORDER BY account_id',
      [res.body.notification_ids],
    );
    expect(rows.map((r) => r.account_id)).toEqual(admins.map((a) => a.id));
    expect(rows.every((r) => r.type === 'order' && r.order_id === orderId && r.title === 'Gate locked')).toBe(true);
  });

  it('404 for an order of another company or driver; 422 when the company has no office users', async () => {
    const [ridgeOrder] = await liveOrderIds(server, RIDGE_DRIVER.email, 'onlot');
    const [otherDriversOrder] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'move');
    for (const body of [{ onlot_inventory_order_id: ridgeOrder }, { inventory_move_order_id: otherDriversOrder }]) {
      const res = await postJson(server, PROFILE_API.createNotification, { title: 'x', message: 'y', ...body }, { token: summit });
      expect(res.status).toBe(404);
    }
    // Ridge Barns has drivers only: nobody to notify, and it says so (SPEC §8's text).
    const before = await server.query('SELECT count(*)::int n FROM notifications');
    const res = await postJson(server, PROFILE_API.createNotification, { title: 'Flat tire', message: 'Running late' }, { token: ridge });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'FailedToNotifyCompanyUsers', message: expect.stringContaining('Failed to notify company users') as string });
    expect(await server.query('SELECT count(*)::int n FROM notifications')).toEqual(before);
  });

  it('400 for bad input', async () => {
    const cases = [
      {},
      { title: '', message: 'm' },
      { title: 't', message: 'm'.repeat(2001) },
      { title: 't', message: 'm', type: 'urgent' },
      { title: 't', message: 'm', customer_order_id: 1, onlot_inventory_order_id: 2 },
      { title: 't', message: 'm', account_id: 3 },
    ];
    for (const body of cases) {
      const res = await postJson(server, PROFILE_API.createNotification, body, { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });

  it('Idempotency-Key: the same body creates the notifications once; another body → 422', async () => {
    const key = newKey();
    const body = { title: 'Trailer check', message: 'Left the ramp at the Gap shop' };
    const count = async () => (await server.query<{ n: number }>(`SELECT count(*)::int n FROM notifications WHERE title = 'Trailer check'`))[0]?.n;
    const first = await postJson(server, PROFILE_API.createNotification, body, { token: summit, key });
    const after = await count();
    const again = await postJson(server, PROFILE_API.createNotification, body, { token: summit, key });
    expect(again.body).toEqual(first.body);
    expect(await count()).toBe(after);
    expect((await postJson(server, PROFILE_API.createNotification, { ...body, title: 'Other' }, { token: summit, key })).status).toBe(422);
  });
});

describe('POST /secure/driver/dismiss_all_notifications', () => {
  it('up_to_id dismisses only what the driver saw: a notification that arrived later stays active', async () => {
    const ridgeActive = (await rowsOf(RIDGE_DRIVER.email)).filter((r) => r.dismissed_at === null);
    const seen = Math.max(...ridgeActive.map((r) => r.id));
    // Arrives after the driver pressed Clear all, before the queued request reached the server.
    const [later] = await server.query<{ id: number }>(
      `INSERT INTO notifications (company_id, account_id, type, title, message)
      SELECT company_id, id, 'system', 'Later news', 'Sent after the driver cleared the list' FROM accounts WHERE email = $1 RETURNING id`,
      [RIDGE_DRIVER.email],
    );
    const res = await postJson(server, PROFILE_API.dismissAllNotifications, { up_to_id: seen }, { token: ridge });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dismissed: ridgeActive.length });
    const after = await rowsOf(RIDGE_DRIVER.email);
    expect(after.filter((r) => r.dismissed_at === null).map((r) => r.id)).toEqual([later?.id]);
    for (const body of [{ up_to_id: 0 }, { up_to_id: 'all' }, { up_to_id: 1.5 }]) {
      expect((await postJson(server, PROFILE_API.dismissAllNotifications, body, { token: ridge })).status).toBe(400);
    }
  });

  it('dismisses every active notification of the driver only, with or without a body', async () => {
    const summitActive = (await rowsOf(SUMMIT_DRIVER.email)).filter((r) => r.dismissed_at === null).length;
    const othersBefore = await server.query(
      'SELECT id, dismissed_at FROM notifications WHERE account_id <> (SELECT id FROM accounts WHERE email = $1) ORDER BY id',
      [SUMMIT_DRIVER.email],
    );
    const res = await postJson(server, PROFILE_API.dismissAllNotifications, {}, { token: summit });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dismissed: summitActive });
    expect((await rowsOf(SUMMIT_DRIVER.email)).every((r) => r.dismissed_at !== null)).toBe(true);
    expect((await list(summit)).every((n) => n.dismissed)).toBe(true);
    expect(
      await server.query('SELECT id, dismissed_at FROM notifications WHERE account_id <> (SELECT id FROM accounts WHERE email = $1) ORDER BY id', [
        SUMMIT_DRIVER.email,
      ]),
    ).toEqual(othersBefore);
    const noBody = await call(server, PROFILE_API.dismissAllNotifications, { method: 'POST', token: ridge });
    expect(noBody.status).toBe(200);
    expect((await rowsOf(RIDGE_DRIVER.email)).every((r) => r.dismissed_at !== null)).toBe(true);
  });

  it('400 for a body with fields; Idempotency-Key replays and refuses another body', async () => {
    expect((await postJson(server, PROFILE_API.dismissAllNotifications, { account_id: 1 }, { token: summit })).status).toBe(400);
    const token = await server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password);
    const key = newKey();
    const first = await postJson<{ dismissed: number }>(server, PROFILE_API.dismissAllNotifications, {}, { token, key });
    expect(first.body.dismissed).toBeGreaterThan(0);
    const again = await postJson(server, PROFILE_API.dismissAllNotifications, {}, { token, key });
    expect(again.body).toEqual(first.body); // the replay, not a second run's {dismissed: 0}
    expect((await postJson(server, PROFILE_API.dismissAllNotifications, { x: 1 }, { token, key })).status).toBe(422);
  });
});
