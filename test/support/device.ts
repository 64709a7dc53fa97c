import { addDraftPhoto, patchOnlotDraft, queueOnlotDelivery, readSession, ACTIVE_STATUSES, type BlobStore, type DriverDatabase } from '../../src/db';
import { createSyncEngine, type SyncEngine } from '../../src/replication';
import { freshIndexedDB } from './fakeDb';
import { faultyNetwork, type FaultyNetwork } from './faultyFetch';
import { makeJpeg } from './images';
import type { TestServer } from './server';

/** A driver's phone: its own IndexedDB, a network we can break, and the real sync engine. */
export interface Device {
  idb: ReturnType<typeof freshIndexedDB>;
  db: DriverDatabase;
  blobs: BlobStore;
  net: FaultyNetwork;
  clock: { t: number };
  engine: SyncEngine;
  /** The tab was killed: its engine is abandoned mid-request, never stopped cleanly. */
  killed: boolean;
  close(): Promise<void>;
}

export async function makeDevice(server: TestServer, opts: { idb?: Device['idb']; net?: FaultyNetwork; timeoutMs?: number } = {}): Promise<Device> {
  const idb = opts.idb ?? freshIndexedDB();
  const db = await idb.open();
  const blobs = await idb.blobs();
  const net = opts.net ?? faultyNetwork();
  const clock = { t: Date.now() };
  const engine = createSyncEngine({
    db,
    blobs,
    fetch: net.fetch,
    baseUrl: server.url,
    now: () => clock.t,
    random: () => 0,
    timeoutMs: opts.timeoutMs ?? 5_000,
  });
  const device: Device = {
    idb, db, blobs, net, clock, engine,
    killed: false,
    async close() {
      if (!device.killed) await engine.stop();
      await db.close();
      blobs.close();
    },
  };
  return device;
}

/** The driver fills the delivery screen and presses Deliver. */
export async function prepareOnlotDelivery(device: Device, onlotId: number, photos = 2): Promise<string> {
  const session = await readSession(device.db);
  if (!session) throw new Error('not signed in');
  for (let i = 0; i < photos; i++) {
    const added = await addDraftPhoto(device.db, device.blobs, session, onlotId, {
      bytes: await makeJpeg(onlotId * 10 + i), type: 'image/jpeg', width: 64, height: 48,
    });
    if (!added.ok) throw new Error(added.error);
  }
  await patchOnlotDraft(device.db, session, onlotId, {
    deliveryMilesDriven: 42.5,
    deliveryBegan: '2026-11-20T14:00:00.000Z',
    deliveryEnded: '2026-11-20T14:50:00.000Z',
    deliveryGpsLat: 39.1,
    deliveryGpsLon: -94.5,
    deliveryNote: `Left at the back gate (${onlotId})`,
  });
  const queued = await queueOnlotDelivery(device.db, session, onlotId, new Date('2026-11-20T14:55:00.000Z'));
  if (!queued.ok) throw new Error(queued.errors.join(','));
  return queued.entryId;
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

/** The first on-lot orders of the signed-in driver, as the pulled list shows them. */
export async function onlotOrderIds(device: Device): Promise<number[]> {
  const docs = await device.db.orders.find({ selector: { order_type: 'on-lot inventory' } }).exec();
  return docs
    .map((d) => d.onlot_inventory_order_id)
    .filter((id): id is number => typeof id === 'number')
    .sort((a, b) => a - b);
}
