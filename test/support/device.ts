import { addDraftImage, patchDraft, readSession, type BlobStore, type DraftOf, type DriverDatabase } from '../../src/db';
import type { OrderKind } from '../../src/domain';
import { ACTIVE_STATUSES, queueDelivery } from '../../src/outbox';
import { createSyncEngine, type SyncEngine } from '../../src/replication';
import { createMapTileKeeper, type MapTileKeeper } from '../../src/replication/mapTiles/keeper';
import type { CacheStorageLike } from '../../src/replication/mapTiles/tileStore';
import { freshIndexedDB } from './fakeDb';
import { faultyNetwork, type FaultyNetwork } from './faultyFetch';
import { makeJpeg } from './images';
import { manualTimers, type ManualTimers } from './manualTimers';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

/** A driver's phone: its own IndexedDB, a network we can break, and the real sync engine. */
export interface Device {
  idb: ReturnType<typeof freshIndexedDB>;
  db: DriverDatabase;
  blobs: BlobStore;
  net: FaultyNetwork;
  clock: { t: number };
  /** The engine's timers (the sync interval, the session's, the reachability probe) on `clock`: they fire only when advanced. */
  timers: ManualTimers;
  engine: SyncEngine;
  /** The basemap keeper the engine runs after its pulls (only with `keepMapTiles`). */
  mapTiles: MapTileKeeper | null;
  /** The tab was killed: its engine is abandoned mid-request, never stopped cleanly. */
  killed: boolean;
  close(): Promise<void>;
}

export async function makeDevice(
  server: TestServer,
  opts: {
    idb?: Device['idb'];
    net?: FaultyNetwork;
    timeoutMs?: number;
    followupWaitMs?: number;
    initialOnline?: boolean;
    sleep?: (ms: number) => Promise<void>;
    /** The engine's sync interval (default its 30 s). */
    intervalMs?: number;
    /** The longest wait while runs find nothing new (default: the interval, no stretching). */
    idleMaxIntervalMs?: number;
    /** Keep the basemap around the orders in these caches after runs that pulled (fetched with Node's fetch, on the device's clock). */
    keepMapTiles?: CacheStorageLike;
  } = {},
): Promise<Device> {
  const idb = opts.idb ?? freshIndexedDB();
  const db = await idb.open();
  const blobs = await idb.blobs();
  const net = opts.net ?? faultyNetwork();
  const clock = { t: Date.now() };
  const timers = manualTimers(clock);
  const mapTiles = opts.keepMapTiles
    ? createMapTileKeeper({ db, caches: opts.keepMapTiles, fetch: (url, init) => fetch(url, init), now: () => clock.t })
    : null;
  const engine = createSyncEngine({
    db,
    blobs,
    fetch: net.fetch,
    baseUrl: server.url,
    now: () => clock.t,
    timers,
    random: () => 0,
    timeoutMs: opts.timeoutMs ?? 5_000,
    // Follow-up waits (SPEC §9: 7 s) run on the device's fake clock; 0 unless a test asks.
    followupWaitMs: opts.followupWaitMs ?? 0,
    sleep: opts.sleep ?? (() => Promise.resolve()),
    initialOnline: opts.initialOnline,
    intervalMs: opts.intervalMs,
    idleMaxIntervalMs: opts.idleMaxIntervalMs,
    mapTiles: mapTiles ?? undefined,
  });
  const device: Device = {
    idb,
    db,
    blobs,
    net,
    clock,
    timers,
    engine,
    mapTiles,
    killed: false,
    async close() {
      if (!device.killed) await engine.stop();
      await mapTiles?.idle();
      await db.close();
      blobs.close();
    },
  };
  return device;
}

/** The driver fills the delivery screen (photos, then the fields) and presses Deliver. */
export async function prepareDelivery<K extends OrderKind>(
  device: Device,
  kind: K,
  orderId: number,
  opts: { photos?: number; draft?: Partial<DraftOf<K>>; signature?: boolean; check?: boolean } = {},
): Promise<string> {
  const session = await readSession(device.db);
  if (!session) throw new Error('not signed in');
  for (let i = 0; i < (opts.photos ?? 2); i++) {
    const added = await addDraftImage(device.db, device.blobs, session, kind, orderId, {
      bytes: await makeJpeg(orderId * 10 + i),
      type: 'image/jpeg',
      width: 64,
      height: 48,
    });
    if (!added.ok) throw new Error(added.error);
  }
  for (const slot of [opts.signature ? 'signature' : null, opts.check ? 'check' : null] as const) {
    if (slot)
      await addDraftImage(
        device.db,
        device.blobs,
        session,
        kind,
        orderId,
        { bytes: await makeJpeg(orderId * 10 + 7), type: 'image/jpeg', width: 64, height: 48 },
        slot,
      );
  }
  await patchDraft(device.db, session, kind, orderId, {
    deliveryMilesDriven: 42.5,
    deliveryBegan: '2026-11-20T14:00:00.000Z',
    deliveryEnded: '2026-11-20T14:50:00.000Z',
    deliveryGpsLat: 39.1,
    deliveryGpsLon: -94.5,
    deliveryNote: `Left at the back gate (${orderId})`,
    ...opts.draft,
  } as Partial<DraftOf<K>>);
  const queued = await queueDelivery(device.db, session, kind, orderId, new Date('2026-11-20T14:55:00.000Z'));
  if (!queued.ok) throw new Error(queued.errors.join(','));
  return queued.entryId;
}

export function prepareOnlotDelivery(device: Device, onlotId: number, photos = 2): Promise<string> {
  return prepareDelivery(device, 'onlot', onlotId, { photos });
}

export async function activeEntries(device: Device) {
  return device.db.outbox.find({ selector: { status: { $in: [...ACTIVE_STATUSES] } } }).exec();
}

/** Syncs, letting back-off time pass between rounds, until nothing is waiting (bounded). */
export async function syncUntilSettled(device: Device, rounds = 12): Promise<number> {
  for (let round = 1; round <= rounds; round++) {
    await device.engine.syncNow();
    const waiting = (await activeEntries(device)).filter((e) => e.status !== 'needs_attention');
    if (!waiting.length) return round;
    device.clock.t += 6 * 60_000;
  }
  throw new Error(`outbox did not settle in ${rounds} rounds`);
}

const ID_FIELD = { onlot: 'onlot_inventory_order_id', move: 'inventory_move_order_id', customer: 'customer_order_id' } as const;

/** The signed-in driver's orders of a kind, as the pulled list shows them. */
export async function orderIdsOf(device: Device, kind: OrderKind): Promise<number[]> {
  const docs = await device.db.orders.find().exec();
  return docs
    .map((d) => d[ID_FIELD[kind]])
    .filter((id): id is number => typeof id === 'number')
    .sort((a, b) => a - b);
}

export function onlotOrderIds(device: Device): Promise<number[]> {
  return orderIdsOf(device, 'onlot');
}

export const DEMO_DRIVER = { email: 'driver@summit.test', password: 'summit-driver-1' };

/**
 * The sync suites' harness: a real server for the file (started before, closed after), and
 * phones opened by the tests, closed after each test (RxDB counts open collections).
 */
export function useSyncServer(onStart?: (harness: SyncHarness) => Promise<void>, serverOptions: TestServerOptions = {}): SyncHarness {
  const devices: Device[] = [];
  let server: TestServer | null = null;
  const harness: SyncHarness = {
    get server() {
      if (!server) throw new Error('the sync server is not started yet');
      return server;
    },
    async device(opts = {}) {
      const device = await makeDevice(harness.server, opts);
      devices.push(device);
      return device;
    },
    async signedInDevice(opts = {}, account = DEMO_DRIVER) {
      const device = await harness.device(opts);
      const login = await device.engine.login(account.email, account.password);
      if (!login.ok) throw new Error(`login failed: ${login.message}`);
      await device.engine.syncNow();
      return device;
    },
    async forget(device) {
      devices.splice(devices.indexOf(device), 1);
      await device.close();
    },
  };
  beforeAll(async () => {
    server = await startTestServer(serverOptions);
    await onStart?.(harness);
  });
  afterEach(async () => {
    while (devices.length) await devices.pop()?.close();
  });
  afterAll(async () => {
    await server?.close();
  });
  return harness;
}

export interface SyncHarness {
  readonly server: TestServer;
  device(opts?: Parameters<typeof makeDevice>[1]): Promise<Device>;
  /** A phone signed in (default the demo driver) and synced once. */
  signedInDevice(opts?: Parameters<typeof makeDevice>[1], account?: { email: string; password: string }): Promise<Device>;
  /** Closes a phone now (a killed tab's handle) instead of after the test. */
  forget(device: Device): Promise<void>;
}
