import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { CACHE_KEYS, readCache, readSession, syncStatus$ } from '../../src/db';
import type { FeatureFlagsSnapshot, OrderMap, ScheduleDetails, ScheduleListItem } from '../../src/domain';
import { faultyNetwork } from '../support/faultyFetch';
import { useSyncServer } from '../support/device';
import { forgetSyncVersion } from '../support/syncVersion';

// The snapshots the map and the schedule screens read offline (DESIGN §4 `cache`), pulled
// from the real server; and SPEC §8's fetch failures reported once, the rest of the pull
// going on, connectivity never reported as a failure.

const harness = useSyncServer();

async function cached<T>(device: Awaited<ReturnType<typeof harness.device>>, key: string) {
  const session = await readSession(device.db);
  if (!session) throw new Error('signed out');
  return (await readCache<T>(device.db, session, key))?.data ?? null;
}

describe('snapshots for the map and the schedule', () => {
  it("stores the order map, the schedule list and each scheduled order's details, scoped to the driver", async () => {
    const device = await harness.signedInDevice();
    const map = await cached<OrderMap>(device, CACHE_KEYS.orderMap);
    const list = await cached<ScheduleListItem[]>(device, CACHE_KEYS.scheduleList);
    expect(map?.orders.length).toBeGreaterThan(0);
    expect(map?.dealers.length).toBeGreaterThan(0);
    expect(list?.length).toBeGreaterThan(0);
    const mine = await harness.server.query<{ n: number }>(
      `SELECT count(*)::int n FROM orders o JOIN accounts a ON a.id = o.driver_id
        WHERE a.email = 'driver@summit.test' AND o.is_scheduled_for_delivery AND o.delivered_at IS NULL AND o.cancelled_at IS NULL`,
    );
    expect(list?.length).toBe(mine[0]?.n);
    for (const item of list ?? []) {
      const details = await cached<ScheduleDetails>(device, CACHE_KEYS.scheduleDetails(item.id));
      expect(details?.id).toBe(item.id);
      expect(details?.driver?.id).toBeGreaterThan(0);
    }
    // SPEC §7 check-feature-flag, asked with the app's SPEC §9 environment (localhost: a branch).
    expect(await cached<FeatureFlagsSnapshot>(device, CACHE_KEYS.featureFlags)).toEqual({ environment: 'branch', flags: { payments_v2: true } });
    // A second run fetches no details again: nothing changed on the server.
    const net = faultyNetwork();
    const second = await harness.device({ net, idb: device.idb });
    await forgetSyncVersion(second);
    await second.engine.syncNow();
    expect(net.reached(/schedule-details/)).toBe(0);
    expect(net.reached(/schedule-list/)).toBe(1);
  });

  it('stores the schedule details ten at a time, one write (one change event for the page) per ten', async () => {
    const device = await harness.device({});
    const bulks: number[] = [];
    const sub = device.db.cache.eventBulks$.subscribe((bulk) => {
      const details = bulk.events.filter((e) => String(e.documentId).includes(':schedule-details:'));
      if (details.length) bulks.push(details.length);
    });
    try {
      expect((await device.engine.login('driver@summit.test', 'summit-driver-1')).ok).toBe(true);
      await device.engine.syncNow();
    } finally {
      sub.unsubscribe();
    }
    const list = await cached<ScheduleListItem[]>(device, CACHE_KEYS.scheduleList);
    const n = list?.length ?? 0;
    expect(n).toBeGreaterThan(10);
    expect(bulks.reduce((a, b) => a + b, 0)).toBe(n);
    expect(bulks).toEqual([...Array.from({ length: Math.floor(n / 10) }, () => 10), ...(n % 10 ? [n % 10] : [])]);
  });

  it('a read the server fails is reported once with its SPEC text while the rest still arrives; no signal is not a failure', async () => {
    const net = faultyNetwork();
    const device = await harness.device({ net });
    const login = await device.engine.login('driver@summit.test', 'summit-driver-1');
    expect(login.ok).toBe(true);
    await device.engine.syncNow(); // the sign-in's own run is over before the faults start
    net.inject(/order-map/, { kind: 'status', status: 500 }, 2);
    await forgetSyncVersion(device);
    await device.engine.syncNow();
    let status = await firstValueFrom(syncStatus$(device.db));
    expect(status.fetchFailures.map((f) => f.code)).toEqual(['FailedToFetchOrderMap']);
    const since = status.fetchFailures[0]?.since;
    expect(await cached(device, CACHE_KEYS.scheduleList)).not.toBeNull();
    expect(await device.db.orders.count().exec()).toBeGreaterThan(0);
    // Still failing: the same failure (same `since`), so no second snackbar.
    await device.engine.syncNow();
    status = await firstValueFrom(syncStatus$(device.db));
    expect(status.fetchFailures).toHaveLength(1);
    expect(status.fetchFailures[0]?.since).toBe(since);
    // Recovered: gone, and the map is stored.
    await device.engine.syncNow();
    status = await firstValueFrom(syncStatus$(device.db));
    expect(status.fetchFailures).toEqual([]);
    expect(await cached(device, CACHE_KEYS.orderMap)).not.toBeNull();
    // No signal: the run stops, nothing is reported as a failed fetch.
    net.offline = true;
    await device.engine.syncNow();
    status = await firstValueFrom(syncStatus$(device.db));
    expect(status.fetchFailures).toEqual([]);
    // …but the app bar must not say Online when nothing gets through.
    expect(status.reachable).toBe(false);
    net.offline = false;
    await device.engine.syncNow();
    expect((await firstValueFrom(syncStatus$(device.db))).reachable).toBe(true);
  });

  it("signing out drops the driver's snapshots", async () => {
    const device = await harness.signedInDevice();
    expect(await device.db.cache.count().exec()).toBeGreaterThan(0);
    await device.engine.logout();
    expect(await device.db.cache.count().exec()).toBe(0);
  });
});
