// Issue 24: a signed-in phone with nothing new on the server. Each run asks the sync version
// once (If-None-Match → 304) and reads nothing else, writing nothing to PWADB; a change on the
// server (a new order, a notification, the company's contact, a feature flag) still arrives on
// the next run; a pull that failed a read is made again even though the version did not move.
import { describe, expect, it, vi } from 'vitest';
import { CACHE_KEYS, deliveryCollection, readCache, readCheckpoint, readSession, type Session } from '../../src/db';
import { ORDER_KINDS, type CompanyContact, type DriverNotification, type FeatureFlagsSnapshot } from '../../src/domain';
import { PULL_STREAMS, REMOVED_USER_POLL_MS } from '../../src/replication';
import { DEMO_DRIVER, useSyncServer, type Device } from '../support/device';

const harness = useSyncServer();

/** Every document a pull writes, by id and revision, and the stored checkpoints. */
async function pulledState(device: Device, session: Session): Promise<string[]> {
  const state: string[] = [];
  for (const doc of await device.db.orders.find().exec()) state.push(`order ${doc.id} ${doc.revision}`);
  for (const doc of await device.db.cache.find().exec()) state.push(`cache ${doc.id} ${doc.revision}`);
  for (const kind of ORDER_KINDS) for (const doc of await deliveryCollection(device.db, kind).find().exec()) state.push(`${kind} ${doc.id} ${doc.revision}`);
  for (const stream of PULL_STREAMS) state.push(`checkpoint ${stream} ${JSON.stringify(await readCheckpoint(device.db, stream, session))}`);
  return state.sort();
}

async function sessionOf(device: Device): Promise<Session> {
  const session = await readSession(device.db);
  if (!session) throw new Error('signed out');
  return session;
}

async function driverRow(): Promise<{ id: number; company_id: number }> {
  const [row] = await harness.server.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [DEMO_DRIVER.email]);
  if (!row) throw new Error('no demo driver');
  return row;
}

describe('an idle phone', () => {
  it('with nothing changed, a run is one sync-version request answered 304, and PWADB is left as it was', async () => {
    const device = await harness.signedInDevice();
    const session = await sessionOf(device);
    expect(await readCache(device.db, session, CACHE_KEYS.syncVersion)).not.toBeNull();
    const before = await pulledState(device, session);
    for (let run = 0; run < 3; run++) {
      const seen = device.net.log.length;
      await device.engine.syncNow();
      expect(device.net.log.slice(seen)).toEqual(['GET /api/driver/sync-version']);
    }
    expect(await pulledState(device, session)).toEqual(before);
  });

  it('a new order, a notification, the contact and a flag changed on the server arrive on the next run', async () => {
    const device = await harness.signedInDevice();
    const session = await sessionOf(device);
    const driver = await driverRow();
    const orders = await device.db.orders.count().exec();
    const [other] = await harness.server.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id
        WHERE a.email = 'driver2@summit.test' AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.id LIMIT 1`,
    );
    await harness.server.query('UPDATE orders SET driver_id = $1 WHERE id = $2', [driver.id, other?.id]);
    const [note] = await harness.server.query<{ id: number }>(
      `INSERT INTO notifications (company_id, account_id, type, title, message) VALUES ($1, $2, 'system', 'Yard closed', 'Closed Friday') RETURNING id`,
      [driver.company_id, driver.id],
    );
    await harness.server.query(`UPDATE companies SET phone = '555-0142' WHERE id = $1`, [driver.company_id]);
    const flags = await readCache<FeatureFlagsSnapshot>(device.db, session, CACHE_KEYS.featureFlags);
    await harness.server.query(`UPDATE feature_flags SET turned_on = NOT turned_on WHERE company_id = $1 AND name = 'payments_v2' AND environment = 'branch'`, [
      driver.company_id,
    ]);
    try {
      await device.engine.syncNow();
      expect(await device.db.orders.count().exec()).toBe(orders + 1);
      const notifications = await readCache<DriverNotification[]>(device.db, session, CACHE_KEYS.notifications);
      expect(notifications?.data.some((n) => n.id === note?.id)).toBe(true);
      expect((await readCache<CompanyContact>(device.db, session, CACHE_KEYS.companyContact))?.data.phone).toBe('555-0142');
      const now = await readCache<FeatureFlagsSnapshot>(device.db, session, CACHE_KEYS.featureFlags);
      expect(now?.data.flags.payments_v2).toBe(!flags?.data.flags.payments_v2);
      // And quiet again.
      const seen = device.net.log.length;
      await device.engine.syncNow();
      expect(device.net.log.slice(seen)).toEqual(['GET /api/driver/sync-version']);
    } finally {
      await harness.server.query(
        `UPDATE feature_flags SET turned_on = NOT turned_on WHERE company_id = $1 AND name = 'payments_v2' AND environment = 'branch'`,
        [driver.company_id],
      );
    }
  });

  it('a pull that failed a read is made again next run, though nothing changed on the server', async () => {
    const device = await harness.signedInDevice();
    const [order] = await harness.server.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id WHERE a.email = $1 AND o.delivered_at IS NULL ORDER BY o.id LIMIT 1`,
      [DEMO_DRIVER.email],
    );
    await harness.server.query(`UPDATE orders SET location = 'Lot 7' WHERE id = $1`, [order?.id]);
    device.net.inject(/order-map/, { kind: 'status', status: 500 });
    await device.engine.syncNow();
    const seen = device.net.log.length;
    await device.engine.syncNow();
    expect(device.net.log.slice(seen)).toContain('GET /api/driver/order-map');
    // Complete now: the next run is quiet.
    const quiet = device.net.log.length;
    await device.engine.syncNow();
    expect(device.net.log.slice(quiet)).toEqual(['GET /api/driver/sync-version']);
  });

  it('a sign-out forgets the version: the next sign-in pulls everything', async () => {
    const device = await harness.signedInDevice();
    const orders = await device.db.orders.count().exec();
    await device.engine.logout();
    expect(await device.db.orders.count().exec()).toBe(0);
    expect((await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).ok).toBe(true);
    await device.engine.syncNow();
    expect(await device.db.orders.count().exec()).toBe(orders);
  });

  it('left alone, the timer stretches to 1 and 2 minutes, yet the removed-user check still runs every 5 minutes', async () => {
    const device = await harness.signedInDevice({ idleMaxIntervalMs: 120_000 });
    const start = device.clock.t;
    device.engine.start();
    await vi.waitFor(() => expect(device.engine.busy()).toBe(false), { timeout: 20_000, interval: 5 });
    const versions: number[] = [];
    const removedChecks: number[] = [];
    while (device.clock.t < start + 12 * 60_000) {
      const [due] = device.timers.dueTimes();
      const seen = device.net.log.length;
      device.timers.advance(Math.max(0, (due ?? device.clock.t) - device.clock.t));
      await vi.waitFor(() => expect(device.engine.busy()).toBe(false), { timeout: 20_000, interval: 5 });
      const at = Math.round((device.clock.t - start) / 1000);
      for (const line of device.net.log.slice(seen)) {
        if (line === 'GET /api/driver/sync-version') versions.push(at);
        else if (line === 'GET /api/company-user-is-removed') removedChecks.push(at);
        else throw new Error(`an idle run read ${line}`);
      }
    }
    // Quiet runs come 1, then 2 minutes apart (not every 30 s: 24 in 12 minutes), and one runs when the removed-user check is due.
    const gaps = versions.map((at, i) => at - (i === 0 ? 0 : (versions[i - 1] ?? 0)));
    expect(Math.max(...gaps)).toBe(120);
    expect(removedChecks).toEqual([REMOVED_USER_POLL_MS / 1000, (2 * REMOVED_USER_POLL_MS) / 1000]);
    expect(versions.length).toBeLessThanOrEqual(9);
  });
});
