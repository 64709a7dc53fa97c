// Issue 22 item 7: SPEC §8 "Failed to fetch filters" is the delivery log read failing on its
// filters: the server refuses them (400, e.g. an end before the start), or the log comes back
// for other filters than asked (here a proxy drops the query). Neither is stored as the log of
// those filters; the last log stays for the screen. Through the worker's RPC and the real server.
import { describe, expect, it } from 'vitest';
import { CACHE_KEYS, readCache, readSession } from '../../src/db';
import { NO_LOG_FILTERS, type DeliveryLogSnapshot, type LogFilters } from '../../src/domain';
import type { FetchLike } from '../../src/replication';
import { createProfileRpc } from '../../src/replication/profile';
import { faultyNetwork } from '../support/faultyFetch';
import { useSyncServer, type Device } from '../support/device';

const harness = useSyncServer();
const rpcOf = (device: Device) => createProfileRpc({ db: device.db, blobs: device.blobs, http: device.engine.http });
const MOVES: LogFilters = { startDate: null, endDate: null, orderTypes: ['move-inventory'] };

async function storedFilters(device: Device): Promise<LogFilters | undefined> {
  const session = await readSession(device.db);
  if (!session) throw new Error('signed out');
  return (await readCache<DeliveryLogSnapshot>(device.db, session, CACHE_KEYS.deliveryLog))?.data.filters;
}

describe('the delivery log read fails on its filters', () => {
  it('filters the server refuses say "Failed to fetch filters"; the last log stays', async () => {
    const device = await harness.signedInDevice();
    const rpc = rpcOf(device);
    expect((await rpc.refreshDeliveryLog(MOVES)).ok).toBe(true);
    const backwards: LogFilters = { startDate: '2026-03-10', endDate: '2026-03-01', orderTypes: [] };
    expect(await rpc.refreshDeliveryLog(backwards)).toMatchObject({ ok: false, offline: false, failures: ['Failed to fetch filters'] });
    expect(await storedFilters(device)).toEqual(MOVES);
  });

  it('a log answered for other filters than asked is not stored as theirs: "Failed to fetch filters"', async () => {
    // A proxy on the way that drops the query string of the log read.
    const dropQuery: FetchLike = (url, init) => {
      const address = new URL(url);
      if (address.pathname === '/api/driver/log-list') address.search = '';
      return fetch(address.toString(), init);
    };
    const device = await harness.signedInDevice({ net: faultyNetwork(dropQuery) });
    const rpc = rpcOf(device);
    expect((await rpc.refreshDeliveryLog(NO_LOG_FILTERS)).ok).toBe(true);
    expect(await rpc.refreshDeliveryLog(MOVES)).toMatchObject({ ok: false, offline: false, failures: ['Failed to fetch filters'] });
    expect(await storedFilters(device)).toEqual(NO_LOG_FILTERS);
  });
});
