import { describe, expect, it } from 'vitest';
import { readImpersonationNote, readSession, readSignedOutNote, readToken } from '../../src/db';
import { REMOVED_USER_POLL_MS } from '../../src/replication';
import { faultyNetwork } from '../support/faultyFetch';
import { activeEntries, DEMO_DRIVER, onlotOrderIds, prepareDelivery, syncUntilSettled, useSyncServer, type Device } from '../support/device';

// SPEC §4/§6 session rules through the real engine and server, on each phone's fake clock:
// the removed-user poll, a token inside the 15-minute margin, a 401 naming AccountRemoved,
// and impersonation. In every case the driver's unsent work stays on the phone, is never sent
// under another name, and goes once its own driver signs in again (if the server allows).

const harness = useSyncServer();
const delivered = async (orderId: number) => (await harness.server.query('SELECT 1 FROM deliveries WHERE order_id = $1', [orderId])).length;
const setRemoved = (removed: boolean) =>
  harness.server.query(`UPDATE accounts SET removed_at = ${removed ? 'now()' : 'NULL'} WHERE email = $1`, [DEMO_DRIVER.email]);
const ordersOf = async (device: Device, accountId: number) => (await device.db.orders.find({ selector: { account_id: accountId } }).exec()).length;
const removedChecks = (device: Device) => device.net.log.filter((line) => line === 'GET /api/company-user-is-removed').length;

/** A signed-in phone with one on-lot delivery queued while offline. */
async function phoneWithQueuedWork(opts: Parameters<typeof harness.signedInDevice>[0] = {}) {
  const device = await harness.signedInDevice(opts);
  const [orderId] = await onlotOrderIds(device);
  device.net.offline = true;
  await prepareDelivery(device, 'onlot', orderId!);
  device.net.offline = false;
  return { device, orderId: orderId! };
}

describe('the removed-user poll', () => {
  it('every 5 minutes on the engine clock: removed → signed out with the reason, the work kept and not sent; sent after a sign-in once restored', async () => {
    const { device, orderId } = await phoneWithQueuedWork();
    await setRemoved(true);
    try {
      // The sign-in just proved the account: no poll until 5 minutes later on the engine's clock.
      device.net.offline = true;
      device.clock.t += REMOVED_USER_POLL_MS - 1;
      await device.engine.syncNow();
      device.net.offline = false;
      expect(removedChecks(device)).toBe(0);
      device.clock.t += 1;
      await device.engine.syncNow();
      expect(removedChecks(device)).toBe(1);
      expect(await readToken(device.db)).toBeNull();
      expect(await readSignedOutNote(device.db)).toMatchObject({ reason: 'removed', account_id: expect.any(Number) as number });
      // Asked before anything was sent: the delivery is still on the phone, never at the server.
      expect(await delivered(orderId)).toBe(0);
      const [kept] = await activeEntries(device);
      expect(kept?.status).toBe('queued');
      // The server data of the driver is gone from the phone (SPEC §4 logout).
      expect(await device.db.orders.count().exec()).toBe(0);
      device.clock.t += 10 * REMOVED_USER_POLL_MS;
      await device.engine.syncNow();
      expect(await delivered(orderId)).toBe(0);
      // A removed account cannot sign in again.
      expect((await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).ok).toBe(false);
    } finally {
      await setRemoved(false);
    }
    // Restored by the office: the same driver signs in and the work goes.
    expect(await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).toEqual({ ok: true });
    expect(await readSignedOutNote(device.db)).toBeNull();
    await syncUntilSettled(device);
    expect(await delivered(orderId)).toBe(1);
  });

  it('a 401 naming AccountRemoved (before the poll is due) signs out the same way and keeps the work', async () => {
    let refuse = false;
    const net = faultyNetwork(async (url, init) => {
      if (refuse && new URL(url).pathname !== '/auth/login') {
        return new Response(JSON.stringify({ error: 'AccountRemoved', message: 'Your account was removed by the office' }), { status: 401 });
      }
      return fetch(url, init);
    });
    const { device, orderId } = await phoneWithQueuedWork({ net });
    refuse = true;
    await device.engine.syncNow();
    expect(await readToken(device.db)).toBeNull();
    expect((await readSignedOutNote(device.db))?.reason).toBe('removed');
    expect(await activeEntries(device)).toHaveLength(1);
    expect(await delivered(orderId)).toBe(0);
    refuse = false;
    expect(await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).toEqual({ ok: true });
    await syncUntilSettled(device);
    expect(await delivered(orderId)).toBe(1);
  });
});

describe('the token margin', () => {
  it('a stored token within 15 minutes of expiry signs the driver out when the engine starts; the work goes after the next sign-in', async () => {
    const { device, orderId } = await phoneWithQueuedWork();
    const session = (await readSession(device.db, device.clock.t))!;
    // The phone was put away for a week: 10 minutes of the token are left on the engine's clock.
    device.clock.t = session.claims.exp * 1000 - 10 * 60_000;
    device.net.offline = true; // the rule holds offline too
    device.engine.start();
    await expect.poll(() => readToken(device.db)).toBeNull();
    expect(await readSignedOutNote(device.db)).toMatchObject({ reason: 'expired', account_id: session.claims.account_id });
    const [kept] = await activeEntries(device);
    expect(kept?.status).toBe('queued');
    expect(await delivered(orderId)).toBe(0);
    device.net.offline = false;
    device.clock.t = Date.now();
    expect(await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).toEqual({ ok: true });
    await syncUntilSettled(device);
    expect(await delivered(orderId)).toBe(1);
  });
});

describe('impersonation', () => {
  it("the office views as another driver: local server data cleared, the real driver's work kept and never sent under that name; End signs out", async () => {
    const { device, orderId } = await phoneWithQueuedWork();
    const real = (await readSession(device.db))!;
    const token = await harness.server.login('driver2@summit.test', 'summit-driver-2');
    expect(await device.engine.impersonate(token)).toEqual({ ok: true });
    const viewed = (await readSession(device.db))!;
    expect(viewed.claims.account_id).not.toBe(real.claims.account_id);
    expect(await readImpersonationNote(device.db)).toEqual({ name: viewed.claims.name, kept: 1, kept_for: real.claims.name });
    expect(await ordersOf(device, real.claims.account_id)).toBe(0);
    device.clock.t += 6 * 60_000;
    await device.engine.syncNow();
    expect(await ordersOf(device, viewed.claims.account_id)).toBeGreaterThan(0);
    expect(await delivered(orderId)).toBe(0);
    expect(await activeEntries(device)).toHaveLength(1);
    await device.engine.endImpersonation();
    expect(await readToken(device.db)).toBeNull();
    expect(await readImpersonationNote(device.db)).toBeNull();
    expect(await device.db.orders.count().exec()).toBe(0);
    // The real driver signs in again: their work goes.
    expect(await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).toEqual({ ok: true });
    await syncUntilSettled(device);
    expect(await delivered(orderId)).toBe(1);
  });

  it('refuses an expired or non-driver token and keeps the session as it was', async () => {
    const device = await harness.signedInDevice();
    const before = await readToken(device.db);
    const admin = await harness.server.login('admin@summit.test', 'summit-admin-1').catch(() => null);
    for (const token of [admin, 'not-a-token'].filter((t): t is string => t !== null)) {
      expect((await device.engine.impersonate(token)).ok).toBe(false);
    }
    expect(await readToken(device.db)).toBe(before);
    expect(await readImpersonationNote(device.db)).toBeNull();
  });
});
