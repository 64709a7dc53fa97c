// GET /api/driver/sync-version (issue 24): one small answer that says whether anything a sync
// run pulls changed. Unchanged: 304 with no body and no document headers. Each stream the run
// reads moves it: an order of the driver, a notification, the company's contact, a feature flag.
import { describe, expect, it } from 'vitest';
import { ORDER_API, type SyncVersion } from '../../src/domain';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2 }, (s) => ({ server, summit, summit2 } = s));

const PATH = `${ORDER_API.syncVersion}?environment=branch`;

async function versionOf(token: string): Promise<string> {
  const res = await call<SyncVersion>(server, PATH, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
  return res.body.version;
}

/** The answer to a phone that holds `version`. */
const ask = (token: string, version: string) => call(server, PATH, { token, headers: { 'if-none-match': `"${version}"` } });

async function summitAccount(email: string): Promise<number> {
  const [row] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [email]);
  return row?.id ?? 0;
}

describe('GET /api/driver/sync-version', () => {
  it('answers 304, no body and only the caching headers, while nothing changed', async () => {
    const version = await versionOf(summit);
    expect(await versionOf(summit)).toBe(version);
    const res = await ask(summit, version);
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
    expect(res.headers.get('etag')).toBe(`"${version}"`);
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-content-type-options'])
      expect(res.headers.get(name), name).toBeNull();
    // Another tag, a weak one or a list naming it.
    expect((await ask(summit, 'older')).status).toBe(200);
    expect((await call(server, PATH, { token: summit, headers: { 'if-none-match': `"x", W/"${version}"` } })).status).toBe(304);
    // Another environment's flags are another version.
    const production = await call<SyncVersion>(server, ORDER_API.syncVersion, { token: summit });
    expect(production.status).toBe(200);
  });

  it('needs a token like every read', async () => {
    expect((await call(server, PATH)).status).toBe(401);
  });

  it("moves with the driver's orders, notifications, the company's contact and flags; not with another driver's order", async () => {
    let version = await versionOf(summit);
    const moved = async (what: string): Promise<void> => {
      const res = await ask(summit, version);
      expect(res.status, what).toBe(200);
      const next = (res.body as SyncVersion).version;
      expect(next, what).not.toBe(version);
      version = next;
    };

    // Another driver's order changes: nothing of this driver's runs answers differently.
    const [theirs] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'onlot');
    await server.query(`UPDATE orders SET location = 'Lot 99' WHERE id = $1`, [theirs]);
    expect((await ask(summit, version)).status).toBe(304);
    expect((await ask(summit2, await versionOf(summit2))).status).toBe(304);

    // A new order for this driver: the office hands one over.
    await server.query(`UPDATE orders SET driver_id = $1 WHERE id = $2`, [await summitAccount(SUMMIT_DRIVER.email), theirs]);
    await moved('an order handed over');
    const [mine] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    await server.query(`UPDATE orders SET is_rush_order = NOT is_rush_order WHERE id = $1`, [mine]);
    await moved("one of the driver's orders changed");
    // The order leaves again (the office gives it back): the count and the set move.
    await server.query(`UPDATE orders SET driver_id = $1 WHERE id = $2`, [await summitAccount(SUMMIT_DRIVER2.email), theirs]);
    await moved('an order taken away');
    // What the order map joins to the orders: a dealer's name or place (no order row moves).
    await server.query(`UPDATE dealers SET name = name || ' (new owner)' WHERE id = (SELECT dealer_id FROM orders WHERE id = $1)`, [mine]);
    await moved("an order's dealer renamed");

    const [driver] = await server.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
    await server.query(`INSERT INTO notifications (company_id, account_id, type, title, message) VALUES ($1, $2, 'system', 'Yard closed', 'Closed Friday')`, [
      driver?.company_id,
      driver?.id,
    ]);
    await moved('a notification');
    await server.query(`UPDATE companies SET phone = '555-0199' WHERE id = $1`, [driver?.company_id]);
    await moved("the company's contact");
    await server.query(`UPDATE feature_flags SET turned_on = NOT turned_on WHERE company_id = $1 AND environment = 'branch'`, [driver?.company_id]);
    await moved('a feature flag');
    expect((await ask(summit, version)).status).toBe(304);
  });
});
