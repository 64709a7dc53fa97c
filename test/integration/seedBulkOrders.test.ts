// SEED_ORDERS_PER_DRIVER (server/db/seedBulkOrders.ts): a fleet-scale data set of realistic open
// orders, all three kinds with what their delivery details read, for every demo driver; only
// on the first start with an empty database; each driver's pulls serve their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, ORDER_API } from '../../src/domain';
import { buildServer } from '../../server/app';
import { seedBulkOrders } from '../../server/db/seedBulkOrders';
import { startTestServer, type TestServer } from '../support/server';
import { call, RIDGE_DRIVER, SUMMIT_DRIVER } from './helpers';

interface Page {
  documents: { id: string; _deleted?: boolean }[];
}

async function liveKeys(server: TestServer, token: string, path: string): Promise<string[]> {
  const answer = await call<Page>(server, `${path}?limit=1000`, { token });
  expect(answer.status).toBe(200);
  return answer.body.documents.filter((d) => !d._deleted).map((d) => d.id);
}

describe('SEED_ORDERS_PER_DRIVER', () => {
  it('adds open orders of all three kinds per driver, with billing and happy lists, that only that driver pulls', async () => {
    const server = await startTestServer();
    try {
      const summit = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
      const ridge = await server.login(RIDGE_DRIVER.email, RIDGE_DRIVER.password);
      const before = await liveKeys(server, summit, API.orderList);
      const ridgeBefore = await liveKeys(server, ridge, API.orderList);
      expect(await seedBulkOrders({ query: (sql, params) => server.query(sql, params) }, { perDriver: 40, now: Date.now() })).toBe(40 * 3);
      const rows = await server.query<{ email: string; kind: string; n: number }>(
        `SELECT a.email, o.kind, count(*)::int AS n FROM orders o JOIN accounts a ON a.id = o.driver_id
          WHERE o.order_number LIKE '%-D%-%' AND o.delivered_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      for (const email of ['driver@summit.test', 'driver2@summit.test', 'driver@ridge.test']) {
        const mine = rows.filter((r) => r.email === email);
        expect(mine.map((r) => r.kind)).toEqual(['customer', 'move', 'onlot']);
        expect(mine.reduce((sum, r) => sum + r.n, 0)).toBe(40);
      }
      // Every new customer order has its billing and a happy list; the values vary.
      const [customer] = await server.query<{ orders: number; billed: number; listed: number; names: number; rto: number }>(
        `SELECT count(*)::int AS orders, count(b.order_id)::int AS billed,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM happy_list_items h WHERE h.order_id = o.id))::int AS listed,
                count(DISTINCT o.customer_last_name)::int AS names, count(*) FILTER (WHERE b.is_rto)::int AS rto
           FROM orders o LEFT JOIN customer_order_billing b ON b.order_id = o.id
          WHERE o.kind = 'customer' AND o.order_number LIKE '%-D%-%'`,
      );
      expect(customer?.billed).toBe(customer?.orders);
      expect(customer?.listed).toBe(customer?.orders);
      expect(customer?.names).toBeGreaterThan(3);
      expect(customer?.rto).toBeGreaterThan(0);

      const after = await liveKeys(server, summit, API.orderList);
      expect(after.length).toBe(before.length + 40);
      // Each kind's delivery details serve the new orders to their driver.
      for (const path of [API.onlotDeliveryDetails, ORDER_API.moveDeliveryDetails, ORDER_API.customerDeliveryDetails]) {
        expect((await liveKeys(server, summit, path)).length).toBeGreaterThan(0);
      }
      // Another company's driver pulls only their own 40 more, never Summit's.
      const ridgeAfter = await liveKeys(server, ridge, API.orderList);
      expect(ridgeAfter.length).toBe(ridgeBefore.length + 40);
      const summitNew = new Set(after.filter((k) => !before.includes(k)));
      expect(ridgeAfter.some((k) => summitNew.has(k))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('seeds on the first start with an empty database only, and refuses an absurd size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'driver-app-bulk-seed-'));
    const bulk = `SELECT count(*)::int AS n FROM orders WHERE order_number LIKE '%-D%-%'`;
    try {
      const first = await buildServer({ dataDir: dir, seedOrdersPerDriver: 25, staticDir: null, jwtSecret: 'x'.repeat(40) });
      expect((await first.raw.query<{ n: number }>(bulk))[0]?.n).toBe(25 * 3);
      await first.close();
      const again = await buildServer({ dataDir: dir, seedOrdersPerDriver: 25, staticDir: null, jwtSecret: 'x'.repeat(40) });
      expect((await again.raw.query<{ n: number }>(bulk))[0]?.n).toBe(25 * 3);
      await expect(seedBulkOrders(again.raw, { perDriver: 1_000_000, now: Date.now() })).rejects.toThrow(/at most 100000/);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
