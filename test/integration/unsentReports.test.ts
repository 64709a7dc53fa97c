// Lost local work (issue 24 item 7), the server side: POST /secure/driver/report_unsent keeps
// each phone's last report; a new phone database's first report is told, once, what the
// account's other phones reported and never sent (entries whose keys never committed), and the
// office's users get a notification naming the actions and orders. Scoped to the account.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UNSENT_REPORT_API, type UnsentEntry, type UnsentReportAnswer } from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, liveOrderIds, postJson, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;
let ridge: string;

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, summit2, ridge } = s));

function entry(orderKey: string | null, over: Partial<UnsentEntry> = {}): UnsentEntry {
  return {
    id: randomUUID(),
    kind: 'create_order_note',
    label: 'Add note',
    order_key: orderKey,
    display: 'Naomi Yoder · 10x14 Quaker · SS2026-01014',
    created_at: new Date().toISOString(),
    needs_attention: false,
    ...over,
  };
}

async function report(token: string, body: { device_id: string; first: boolean; unsent?: number; entries: UnsentEntry[] }, key?: string) {
  return postJson<UnsentReportAnswer>(server, UNSENT_REPORT_API.report, { unsent: body.entries.length, ...body }, { token, key });
}

/** The office users' notifications about lost work, newest first. */
const officeNotices = () =>
  server.query<{ account_id: number; title: string; message: string; topic: string; created_by: number | null }>(
    `SELECT n.account_id, n.title, n.message, n.topic, n.created_by FROM notifications n JOIN accounts a ON a.id = n.account_id
      WHERE a.role = 'office_admin' AND n.topic = 'driver_work_lost' ORDER BY n.id DESC`,
  );

describe('POST /secure/driver/report_unsent', () => {
  it("keeps each phone's last report; a cleared phone's first report learns what never arrived, once, and the office is told", async () => {
    const [onlot] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const old = randomUUID();
    const note = entry(`oio-${onlot}`);
    const refused = entry(`oio-${onlot}`, { kind: 'unschedule_order', label: 'Unschedule order', needs_attention: true });
    const arrived = entry(null, { kind: 'dismiss_all_notifications', label: 'Clear all notifications' });
    // The old phone reports three entries (five counted); one of them reaches the server after all.
    expect((await report(summit, { device_id: old, first: true, unsent: 5, entries: [note, refused, arrived] })).body).toEqual({ lost: null });
    expect((await postJson(server, '/secure/driver/dismiss_all_notifications', {}, { token: summit, key: arrived.id })).status).toBe(200);
    const [row] = await server.query<{ unsent: number; entries: unknown[] }>('SELECT unsent, entries FROM device_unsent_reports WHERE device_id = $1', [old]);
    expect(row).toMatchObject({ unsent: 5, entries: [note, refused, arrived] });
    const before = (await officeNotices()).length;

    // A later report of the same phone that is not its first learns nothing.
    const other = randomUUID();
    expect((await report(summit, { device_id: other, first: false, entries: [] })).body).toEqual({ lost: null });

    // The browser cleared the old phone: its new database's first report.
    const fresh = randomUUID();
    const answer = await report(summit, { device_id: fresh, first: true, entries: [] }, `${fresh}:report`);
    expect(answer.status).toBe(200);
    const strip = ({ needs_attention: _, ...e }: UnsentEntry) => e;
    expect(answer.body.lost).toEqual({
      entries: [strip(note), strip(refused)],
      unlisted: 2,
      reported_at: expect.any(String) as string,
      office_notified: true,
    });
    // Every office user of the company, once, naming the driver, the actions, the order number and the phone's words.
    const notices = (await officeNotices()).slice(0, (await officeNotices()).length - before);
    expect(notices.length).toBeGreaterThan(0);
    const [orderNumber] = await server.query<{ order_number: string }>('SELECT order_number FROM orders WHERE id = $1', [onlot]);
    for (const n of notices) {
      expect(n).toMatchObject({ title: "A driver's unsent work was lost", topic: 'driver_work_lost', created_by: null });
      expect(n.message).toContain('4 unsent actions');
      expect(n.message).toContain(`Add note (order ${orderNumber?.order_number}, Naomi Yoder · 10x14 Quaker · SS2026-01014)`);
      expect(n.message).toContain('Unschedule order');
      expect(n.message).not.toContain('Clear all notifications');
      expect(n.message).toContain('2 more not listed');
    }
    // The answer lost on the way: the same key replays it; a new sign-in elsewhere is not told again.
    expect((await report(summit, { device_id: fresh, first: true, entries: [] }, `${fresh}:report`)).body).toEqual(answer.body);
    expect((await report(summit, { device_id: randomUUID(), first: true, entries: [] })).body).toEqual({ lost: null });
    expect((await officeNotices()).length).toBe(before + notices.length);
  });

  it("never tells a driver another driver's or company's loss", async () => {
    await report(summit2, { device_id: randomUUID(), first: true, entries: [entry(null)] });
    await report(ridge, { device_id: randomUUID(), first: true, entries: [entry(null)] });
    expect((await report(summit, { device_id: randomUUID(), first: true, entries: [] })).body).toEqual({ lost: null });
    // summit2's own next phone is told.
    const told = await report(summit2, { device_id: randomUUID(), first: true, entries: [] });
    expect(told.body.lost?.entries).toHaveLength(1);
  });

  it('refuses a body that lies about its count or names what is not an entry', async () => {
    const device = randomUUID();
    expect((await report(summit, { device_id: device, first: false, unsent: 0, entries: [entry(null)] })).status).toBe(400);
    expect((await report(summit, { device_id: 'phone', first: false, entries: [] })).status).toBe(400);
    expect((await report(summit, { device_id: device, first: false, entries: [entry('order-1')] })).status).toBe(400);
    // An id past int4 was kept, and every later first report of the account failed with a 500.
    expect((await report(summit, { device_id: device, first: false, unsent: 1, entries: [entry('oio-9999999999')] })).status).toBe(400);
    expect((await report(summit, { device_id: randomUUID(), first: true, unsent: 0, entries: [] })).status).toBe(200);
    expect((await postJson(server, UNSENT_REPORT_API.report, { device_id: device, first: false, unsent: 0, entries: [] })).status).toBe(401);
  });
});
