// The fleet load test's simulated phone (scripts/fleet/driver.ts) speaks the app's HTTP: for
// the same driver on the same server, the real sync engine on fake-indexeddb and the fleet's
// driver send the same requests — method, path, query names and header names — for a sign-in
// and first pull, an idle run (one sync-version question, 304), and a delivery with photos
// (tus uploads, the deliver call with its Idempotency-Key, the follow-up email, the pull after).
// Request counts may differ only where the data does (none do here). A change to what the
// engine sends that the fleet does not follow fails here.
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../src/replication';
import { createFleetDriver } from '../../scripts/fleet/driver';
import { fleetImages } from '../../scripts/fleet/images';
import { DEMO_DRIVER, onlotOrderIds, prepareOnlotDelivery, useSyncServer } from '../support/device';
import { faultyNetwork } from '../support/faultyFetch';

const harness = useSyncServer();

/** A fetch to the test server that writes each request as "METHOD /path ?query names [header names]". */
function recording(lines: string[]): FetchLike {
  return (url, init) => {
    const address = new URL(url);
    const path = address.pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id');
    const query = [...address.searchParams.keys()].sort().join('&');
    const headers = Object.keys((init.headers ?? {}) as Record<string, string>)
      .map((name) => name.toLowerCase())
      .sort()
      .join(' ');
    lines.push(`${init.method ?? 'GET'} ${path} ?${query} [${headers}]`);
    return fetch(`${harness.server.url}${address.pathname}${address.search}`, init);
  };
}

const sorted = (lines: string[]): string[] => [...lines].sort();

describe("the fleet's simulated phone", () => {
  it('sends what the sync engine sends: sign-in and first pull, an idle run, a delivery with two photos', async () => {
    const engine: string[] = [];
    const device = await harness.device({ net: faultyNetwork(recording(engine)) });
    const fleet: string[] = [];
    const driver = createFleetDriver({
      fetch: recording(fleet),
      images: await fleetImages(64),
      intervalMs: 30_000,
      photosPerDelivery: 2,
      followupWaitMs: 0,
      sleep: () => Promise.resolve(),
    });

    const login = await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password);
    expect(login.ok).toBe(true);
    await vi.waitFor(() => expect(device.engine.busy()).toBe(false), { timeout: 60_000 }); // the run a sign-in starts
    await driver.signIn(DEMO_DRIVER.email, DEMO_DRIVER.password);
    await driver.syncNow();
    expect(engine.length).toBeGreaterThan(20); // the first pull reads each order's notes and checks
    expect(sorted(fleet)).toEqual(sorted(engine));

    engine.length = 0;
    fleet.length = 0;
    await device.engine.syncNow();
    await driver.syncNow();
    expect(engine).toEqual([expect.stringMatching(/^GET \/api\/driver\/sync-version \?environment \[.*if-none-match/)]);
    expect(fleet).toEqual(engine);

    const [first, second] = await onlotOrderIds(device);
    if (first === undefined || second === undefined) throw new Error('the demo driver needs two on-lot orders');
    engine.length = 0;
    fleet.length = 0;
    await prepareOnlotDelivery(device, first, 2);
    await device.engine.syncNow();
    expect(driver.deliverOne(`oio-${second}`)).toBe(true);
    await driver.syncNow();
    expect(engine.filter((line) => line.startsWith('PATCH /upload/tus/:id'))).toHaveLength(2);
    expect(engine.some((line) => /^POST \/secure\/driver\/deliver_onlot_inventory_order .*idempotency-key/.test(line))).toBe(true);
    expect(engine.some((line) => line.startsWith('POST /send-email'))).toBe(true);
    expect(sorted(fleet)).toEqual(sorted(engine));
    expect(driver.counts).toMatchObject({ delivered: 1, uploads: 2, finished: 1, refused: 0 });
  });
});
