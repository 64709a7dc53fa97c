import { describe, expect, it } from 'vitest';
import { readSession, writeToken, patchDraft } from '../../src/db';
import { activeEntries, onlotOrderIds, prepareDelivery, prepareOnlotDelivery, syncUntilSettled, useSyncServer, type Device } from '../support/device';
import type { TestServer } from '../support/server';

// The sync engine against the real server on loopback, with the network failing in the
// ways a rural phone's does. Every case must end with exactly one delivery on the server
// and no photo uploaded twice.

let server: TestServer;
let freeOrders: number[] = [];

const harness = useSyncServer(async (h) => {
  server = h.server;
  freeOrders = await onlotOrderIds(await h.signedInDevice());
  expect(freeOrders.length).toBeGreaterThanOrEqual(8);
});
const signedInDevice = (opts: Parameters<typeof harness.signedInDevice>[0] = {}) => harness.signedInDevice(opts);

function takeOrder(): number {
  const id = freeOrders.shift();
  if (id === undefined) throw new Error('ran out of seeded on-lot orders');
  return id;
}

async function serverRecord(onlotId: number) {
  const deliveries = await server.query<{ id: number; miles_driven: number; note: string; began_at: Date }>(
    'select id, miles_driven, note, began_at from deliveries where order_id = $1',
    [onlotId],
  );
  const images = await server.query<{ n: string }>(
    'select count(*)::text as n from delivery_images di join deliveries d on d.id = di.delivery_id where d.order_id = $1',
    [onlotId],
  );
  return { deliveries, images: Number(images[0]?.n ?? 0) };
}

async function uploadsSince(since: Date): Promise<number> {
  const rows = await server.query<{ n: string }>('select count(*)::text as n from uploads where created_at >= $1', [since]);
  return Number(rows[0]?.n ?? 0);
}

async function expectDeliveredOnce(device: Device, onlotId: number, photos: number, since: Date) {
  const record = await serverRecord(onlotId);
  expect(record.deliveries).toHaveLength(1);
  expect(record.images).toBe(photos);
  expect(await uploadsSince(since)).toBe(photos);
  expect(record.deliveries[0]?.miles_driven).toBe(42.5);
  // The driver's action times travel, not the sync time.
  expect(new Date(record.deliveries[0]!.began_at).toISOString()).toBe('2026-11-20T14:00:00.000Z');
  expect(await activeEntries(device)).toHaveLength(0);
  expect(await device.db.onlot_deliveries.findOne(`oio-${onlotId}`).exec()).toBeNull();
  expect(await device.db.orders.findOne(`oio-${onlotId}`).exec()).toBeNull();
  expect(await device.blobs.keys()).toHaveLength(0);
}

describe('outbox against the real server', () => {
  it('queues offline, then delivers once when the connection returns', async () => {
    const device = await signedInDevice();
    const id = takeOrder();
    const since = new Date();
    device.net.offline = true;
    await prepareOnlotDelivery(device, id);
    await device.engine.syncNow();
    const [entry] = await activeEntries(device);
    expect(entry?.status).toBe('queued');
    expect(entry?.last_error?.code).toBe('NetworkError');
    expect((await serverRecord(id)).deliveries).toHaveLength(0);
    device.net.offline = false;
    await syncUntilSettled(device);
    await expectDeliveredOnce(device, id, 2, since);
  });

  it('rides out a burst of 5xx answers on uploads and on the deliver call', async () => {
    const device = await signedInDevice();
    const id = takeOrder();
    const since = new Date();
    device.net.inject(/POST \/upload/, { kind: 'status', status: 503 }, 2);
    device.net.inject(/deliver_onlot/, { kind: 'status', status: 502 }, 2);
    device.net.inject(/deliver_onlot/, { kind: 'status', status: 429 }, 1);
    await prepareOnlotDelivery(device, id);
    const rounds = await syncUntilSettled(device);
    expect(rounds).toBeGreaterThan(1);
    await expectDeliveredOnce(device, id, 2, since);
  });

  it('gives up on a request that times out and retries it', async () => {
    // The phone's usual 5 s budget: with 300 ms, a sign-in on a loaded machine timed out
    // before the test began (a full run at load 14). The hung call still ends by the budget.
    const device = await signedInDevice();
    const id = takeOrder();
    const since = new Date();
    device.net.inject(/deliver_onlot/, { kind: 'timeout' });
    await prepareOnlotDelivery(device, id);
    await device.engine.syncNow();
    expect((await activeEntries(device))[0]?.last_error?.code).toBe('Timeout');
    await syncUntilSettled(device);
    await expectDeliveredOnce(device, id, 2, since);
  });

  it('does not deliver twice when the answer is lost after the server committed', async () => {
    const device = await signedInDevice();
    const id = takeOrder();
    const since = new Date();
    // A photo's last chunk (the server stored the file) and the deliver call lose their answers.
    device.net.inject(/PATCH \/upload\/tus/, { kind: 'lose-response' });
    device.net.inject(/deliver_onlot/, { kind: 'lose-response' });
    await prepareOnlotDelivery(device, id);
    await syncUntilSettled(device);
    // The deliver call was repeated with the same key; the photo was asked about (HEAD answers its record), not sent again.
    expect(device.net.reached(/deliver_onlot/)).toBe(2);
    expect(device.net.reached(/PATCH \/upload\/tus/)).toBe(2);
    expect(device.net.reached(/HEAD \/upload\/tus/)).toBe(1);
    await expectDeliveredOnce(device, id, 2, since);
  });

  it('resumes after the tab is killed between steps without uploading a photo twice', async () => {
    const first = await signedInDevice({ timeoutMs: 600_000 });
    const id = takeOrder();
    const since = new Date();
    await prepareOnlotDelivery(first, id, 3);
    // The first upload completes and is recorded; the second never returns: the tab dies.
    first.net.inject(/POST \/upload/, { kind: 'hang' }, 1, 1);
    void first.engine.syncNow();
    for (let i = 0; i < 200 && first.net.log.filter((l) => l === 'POST /upload/tus').length < 2; i++) await sleep(20);
    first.killed = true;
    expect(first.net.reached(/POST \/upload/)).toBe(1);
    const [midway] = await activeEntries(first);
    expect(midway?.status).toBe('sending');
    expect(Object.keys(midway?.steps.uploads ?? {})).toHaveLength(1);
    // A new worker opens the same IndexedDB and carries on.
    const second = await harness.device({ idb: first.idb });
    await syncUntilSettled(second);
    await expectDeliveredOnce(second, id, 3, since);
  });

  it('pauses on 401, keeps the entry, and sends it after the driver signs in again', async () => {
    const device = await signedInDevice();
    const id = takeOrder();
    const since = new Date();
    await prepareOnlotDelivery(device, id);
    const session = await readSession(device.db);
    // Same claims, wrong signature: the server refuses it.
    await writeToken(device.db, `${session!.token.split('.').slice(0, 2).join('.')}.forged`);
    await device.engine.syncNow();
    expect(await readSession(device.db)).toBeNull();
    const [entry] = await activeEntries(device);
    expect(entry?.status).toBe('queued');
    expect((await serverRecord(id)).deliveries).toHaveLength(0);
    expect(await device.engine.login('driver@summit.test', 'summit-driver-1')).toEqual({ ok: true });
    await syncUntilSettled(device);
    await expectDeliveredOnce(device, id, 2, since);
  });

  it('moves a refused delivery to needs-attention with the server message, without blocking other orders', async () => {
    const device = await signedInDevice();
    const refused = takeOrder();
    const fine = takeOrder();
    await prepareOnlotDelivery(device, refused, 1);
    await prepareOnlotDelivery(device, fine, 1);
    // The office cancels the first order before the phone gets signal (a reassigned one is kept
    // apart, naming who has it: orderLeftKeepsWork.test.ts).
    await server.query(`update orders set cancelled_at = now() where id = $1`, [refused]);
    await syncUntilSettled(device);
    const [stuck] = await activeEntries(device);
    expect(stuck?.order_key).toBe(`oio-${refused}`);
    expect(stuck?.status).toBe('needs_attention');
    expect(stuck?.last_error?.status).toBe(404);
    expect(stuck?.last_error?.message).toBeTruthy();
    const draft = await device.db.onlot_deliveries.findOne(`oio-${refused}`).exec();
    expect(draft?.draft.deliveryError).toBe(stuck?.last_error?.message);
    expect((await serverRecord(refused)).deliveries).toHaveLength(0);
    expect((await serverRecord(fine)).deliveries).toHaveLength(1);
  });

  it('queues a note the database cannot store as typed (a NUL, half an emoji) as the server stores it, and it commits once', async () => {
    // Before: the phone queued the text as typed; a NUL was refused after the driver had left
    // (400), half a surrogate pair failed the jsonb insert (500) and was retried for ever.
    const device = await signedInDevice();
    const id = takeOrder();
    const entryId = await prepareDelivery(device, 'onlot', id, { photos: 1, draft: { deliveryNote: 'Gate\u0000code \uD83D ok' } });
    const queued = await device.db.outbox.findOne(entryId).exec();
    expect(queued?.payload.delivery_note).toBe('Gatecode \uFFFD ok');
    await syncUntilSettled(device);
    expect(await activeEntries(device)).toHaveLength(0);
    const { deliveries } = await serverRecord(id);
    expect(deliveries.map((d) => d.note)).toEqual(['Gatecode \uFFFD ok']);
  });

  it('never lets a pull overwrite what the driver typed', async () => {
    const device = await signedInDevice();
    const id = takeOrder();
    const session = await readSession(device.db);
    await patchDraft(device.db, session!, 'onlot', id, { deliveryNote: 'typed offline', deliveryMilesDriven: 7 });
    await server.query(`update orders set serial_number = 'SER-CHANGED' where id = $1`, [id]);
    await device.engine.syncNow();
    const doc = await device.db.onlot_deliveries.findOne(`oio-${id}`).exec();
    expect(doc?.server?.serial_number).toBe('SER-CHANGED');
    expect(doc?.draft.deliveryNote).toBe('typed offline');
    expect(doc?.draft.deliveryMilesDriven).toBe(7);
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
