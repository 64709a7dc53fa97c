import { DateTime } from 'luxon';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { syncStatus$ } from '../../src/db';
import { ORDER_KIND_SPECS, type OrderKind } from '../../src/domain';
import type { FetchLike } from '../../src/replication';
import { DEMO_DRIVER, useSyncServer } from '../support/device';
import { faultyNetwork } from '../support/faultyFetch';

// A first sign-in (issue 24 item 5): what the driver may deliver before the next sync comes
// first. After the order list, the delivery details of the orders due today, tomorrow or
// overdue are asked for, soonest first, before the snapshots and the kinds' detail streams; the
// per-order prefetch (notes, checks) takes them first too. The sync counts as successful (Tech
// support's "Last successful sync") once the list, the details and the snapshots are on the
// phone, not after the dozens of per-order reads that follow.

interface Order {
  id: number;
  kind: OrderKind;
}

/** Days relative to now in this process's zone, the phone's (the engine reads the same zone). */
const local = (): DateTime => DateTime.now();

let due: { overdue: Order; today: Order; tomorrow: Order };
let later: Order;

const harness = useSyncServer(async ({ server }) => {
  const orders = await server.query<Order>(
    `SELECT o.id, o.kind FROM orders o JOIN accounts a ON a.id = o.driver_id
      WHERE a.email = $1 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.id`,
    [DEMO_DRIVER.email],
  );
  const of = (kind: OrderKind, nth = 0): Order => {
    const found = orders.filter((o) => o.kind === kind)[nth];
    if (!found) throw new Error(`the demo driver needs a ${kind} order`);
    return found;
  };
  // One of each kind due (the last in id order, so the streams would bring them late), one not yet.
  due = { overdue: of('customer', 1), today: of('onlot', 1), tomorrow: of('move', 1) };
  later = of('onlot', 0);
  // Every scheduled order of the driver moves a week out; then the four named ones get their dates.
  await server.query(`UPDATE orders SET scheduled_date = $2 WHERE driver_id = (SELECT id FROM accounts WHERE email = $1) AND is_scheduled_for_delivery`, [
    DEMO_DRIVER.email,
    local().plus({ days: 7 }).toISO(),
  ]);
  const dates: [Order, DateTime][] = [
    [due.overdue, local().minus({ days: 3 })],
    [due.today, local()],
    [due.tomorrow, local().plus({ days: 1 }).set({ hour: 12, minute: 0 })],
    [later, local().plus({ days: 3 })],
  ];
  for (const [order, at] of dates)
    await server.query('UPDATE orders SET is_scheduled_for_delivery = true, scheduled_date = $2, updated_at = now() WHERE id = $1', [order.id, at.toISO()]);
});

/** Records each request's path and query as it is sent. */
function recordingNet(lines: string[], through: FetchLike = (url, init) => fetch(url, init)) {
  return faultyNetwork((url, init) => {
    const address = new URL(url);
    lines.push(`${init.method ?? 'GET'} ${address.pathname}${address.search}`);
    return through(url, init);
  });
}

/** The request line asking one order's delivery details. */
const detailsOf = (order: Order): string =>
  `GET ${ORDER_KIND_SPECS[order.kind].paths.deliveryDetails}?${ORDER_KIND_SPECS[order.kind].deliveryDetailsParam}=${order.id}`;
/** The request line asking one order's notes (the per-order prefetch). */
const notesOf = (order: Order): string => `GET ${ORDER_KIND_SPECS[order.kind].paths.details}?${ORDER_KIND_SPECS[order.kind].idParam}=${order.id}`;

describe('a first sign-in', () => {
  it("asks the delivery details of today's, tomorrow's and overdue orders first, soonest first, then the rest", async () => {
    const lines: string[] = [];
    const device = await harness.device({ net: recordingNet(lines) });
    expect((await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).ok).toBe(true);
    await vi.waitFor(() => expect(device.engine.busy()).toBe(false), { timeout: 60_000 }); // the run a sign-in starts

    const at = (line: string): number => lines.indexOf(line);
    const firstList = lines.findIndex((l) => l.startsWith('GET /api/driver/order-list'));
    const dueDetails = [due.overdue, due.today, due.tomorrow].map((order) => at(detailsOf(order)));
    expect(dueDetails.every((i) => i > firstList)).toBe(true);
    expect(dueDetails).toEqual([...dueDetails].sort((a, b) => a - b)); // soonest first
    // Nothing else of the pull before them: no stream of details, no snapshot.
    const rest = lines.findIndex(
      (l, i) => i > firstList && /delivery-details\?(checkpoint|limit)=|order-map|schedule-list|notifications|company-contact|company-drivers/.test(l),
    );
    expect(rest).toBeGreaterThan(Math.max(...dueDetails));
    // An order due later is asked for only by its kind's stream.
    expect(at(detailsOf(later))).toBe(-1);
    // Every kind's details are on the phone.
    for (const order of [...Object.values(due), later]) {
      const doc = await device.db[ORDER_KIND_SPECS[order.kind].collection].findOne(`${ORDER_KIND_SPECS[order.kind].keyPrefix}-${order.id}`).exec();
      expect(doc?.server, `${order.kind} ${order.id}`).toBeTruthy();
    }
    // The per-order prefetch takes the due orders first too.
    const notes = lines.flatMap((l, i) => (/-order-details\?\w+=\d+$/.test(l) ? [i] : []));
    expect(notes.length).toBeGreaterThan(3);
    expect([due.overdue, due.today, due.tomorrow].map((order) => at(notesOf(order)))).toEqual(notes.slice(0, 3));
  });

  it("counts as synced once the list, the details and the snapshots are in, while each order's notes still arrive", async () => {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const lines: string[] = [];
    // Each order's notes wait until the test lets them go.
    const net = recordingNet(lines, async (url, init) => {
      if (/-order-details$/.test(new URL(url).pathname)) await released;
      return fetch(url, init);
    });
    const device = await harness.device({ net });
    expect((await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).ok).toBe(true);
    await vi.waitFor(async () => expect((await firstValueFrom(syncStatus$(device.db))).lastSyncAt).not.toBeNull(), { timeout: 60_000 });
    expect(device.engine.busy()).toBe(true); // the run goes on with the prefetch
    expect(await device.db.orders.count().exec()).toBeGreaterThan(0);
    release();
    await vi.waitFor(() => expect(device.engine.busy()).toBe(false), { timeout: 60_000 });
    const status = await firstValueFrom(syncStatus$(device.db));
    expect(status.lastError).toBeNull();
    expect(status.syncing).toBe(false);
  });
});
