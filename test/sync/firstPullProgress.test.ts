import { describe, expect, it } from 'vitest';
import { seedBulkOrders } from '../../server/db/seedBulkOrders';
import { syncStatus$, type SyncStatus } from '../../src/db';
import { DEMO_DRIVER, useSyncServer } from '../support/device';
import { faultyNetwork } from '../support/faultyFetch';

// A first sign-in with more orders than one page (issue 10): the worker says how far the
// download is ("1,000 of 1,534"), page by page, and clears it when the list is complete.

const harness = useSyncServer(async (h) => {
  await seedBulkOrders({ query: (sql, params) => h.server.query(sql, params) }, { perDriver: 1_500, now: Date.now(), driverEmail: DEMO_DRIVER.email });
});

describe('first pull progress', () => {
  it("reports orders stored of the server's total per page, then nothing once the list is complete", async () => {
    const [{ n: total } = { n: 0 }] = await harness.server.query<{ n: number }>(
      `SELECT count(*)::int n FROM orders o JOIN accounts a ON a.id = o.driver_id
        WHERE a.email = $1 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL`,
      [DEMO_DRIVER.email],
    );
    expect(total).toBeGreaterThan(1_500);
    // Only the order list matters here: the reads after it (details of 1,500 orders, each with
    // its own prefetch) fail fast, so the test takes seconds, not a minute.
    const net = faultyNetwork();
    net.inject(/order-map|schedule|delivery-details|notifications|company-contact/, { kind: 'status', status: 500 }, 1_000);
    const device = await harness.device({ net });
    const seen: SyncStatus['pullProgress'][] = [];
    const sub = syncStatus$(device.db).subscribe((status) => seen.push(status.pullProgress ?? null));
    try {
      expect((await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).ok).toBe(true);
      await device.engine.syncNow();
    } finally {
      sub.unsubscribe();
    }
    const reported = seen.filter((p) => p !== null && p !== undefined);
    expect(reported).toContainEqual({ stored: 1_000, total });
    expect(reported.at(-1)).toEqual({ stored: total, total });
    expect(seen.at(-1)).toBeNull();
    expect(await device.db.orders.count().exec()).toBe(total);
  });
});
