import { describe, expect, it } from 'vitest';
import { clearToken, readSession } from '../../src/db';
import { activeOutbox$ } from '../../src/outbox';
import { firstValueFrom } from 'rxjs';
import { activeEntries, onlotOrderIds, prepareDelivery, syncUntilSettled, useSyncServer } from '../support/device';

// Two drivers of one company share a phone: the second never sees or touches the first
// one's orders or unsent work, and that work is sent when its owner signs in again.
// Also: an engine starts from the real connectivity, and a reconnect sends at once.

const harness = useSyncServer();
const device = (opts: Parameters<typeof harness.device>[0] = {}) => harness.device(opts);

describe('local data per driver', () => {
  it("a second driver on the same phone sees none of the first one's orders or queued work; it is sent when the first signs in again", async () => {
    const phone = await device();
    expect(await phone.engine.login('driver@summit.test', 'summit-driver-1')).toEqual({ ok: true });
    await phone.engine.syncNow();
    const [orderId] = await onlotOrderIds(phone);
    phone.net.offline = true;
    await prepareDelivery(phone, 'onlot', orderId!);
    const first = (await readSession(phone.db))!;
    // The token expires in the field (no logout): the next driver signs in on this phone.
    await clearToken(phone.db);
    phone.net.offline = false;
    expect(await phone.engine.login('driver2@summit.test', 'summit-driver-2')).toEqual({ ok: true });
    await phone.engine.syncNow();
    const second = (await readSession(phone.db))!;
    expect(second.claims.account_id).not.toBe(first.claims.account_id);
    const secondsOrders = await phone.db.orders.find({ selector: { account_id: second.claims.account_id } }).exec();
    expect(secondsOrders.length).toBeGreaterThan(0);
    expect(secondsOrders.some((o) => o.id === `oio-${orderId}`)).toBe(false);
    expect(await firstValueFrom(activeOutbox$(phone.db, second))).toEqual([]);
    // The second driver's sync never sends the first driver's entry.
    expect((await harness.server.query('SELECT 1 FROM deliveries WHERE order_id = $1', [orderId])).length).toBe(0);
    const { discardOutboxEntry } = await import('../../src/outbox');
    const [theirs] = await activeEntries(phone);
    await discardOutboxEntry(phone.db, second, theirs!.id);
    expect(await activeEntries(phone)).toHaveLength(1);
    // Its owner signs in again: it goes.
    await clearToken(phone.db);
    expect(await phone.engine.login('driver@summit.test', 'summit-driver-1')).toEqual({ ok: true });
    await syncUntilSettled(phone);
    expect((await harness.server.query('SELECT 1 FROM deliveries WHERE order_id = $1', [orderId])).length).toBe(1);
  });
});

describe('sign-out', () => {
  it('keeps what the driver typed (a started draft, with its photo) and drops untouched cached details', async () => {
    const phone = await harness.signedInDevice();
    const [typed, untouched] = await onlotOrderIds(phone);
    const session = (await readSession(phone.db))!;
    const { addDraftImage, patchDraft } = await import('../../src/db');
    await patchDraft(phone.db, session, 'onlot', typed!, { deliveryNote: 'gate code 4471', deliveryMilesDriven: 9 });
    const added = await addDraftImage(phone.db, phone.blobs, session, 'onlot', typed!, {
      bytes: new Uint8Array([1, 2, 3]).buffer,
      type: 'image/jpeg',
      width: 1,
      height: 1,
    });
    expect(added.ok).toBe(true);
    expect(await phone.db.onlot_deliveries.findOne(`oio-${untouched}`).exec()).not.toBeNull();
    await phone.engine.logout();
    expect(await phone.db.orders.count().exec()).toBe(0);
    expect(await phone.db.onlot_deliveries.findOne(`oio-${untouched}`).exec()).toBeNull();
    expect(await phone.engine.login('driver@summit.test', 'summit-driver-1')).toEqual({ ok: true });
    await phone.engine.syncNow();
    const kept = await phone.db.onlot_deliveries.findOne(`oio-${typed}`).exec();
    expect(kept?.draft).toMatchObject({ deliveryNote: 'gate code 4471', deliveryMilesDriven: 9 });
    expect(kept?.server).not.toBeNull();
    expect(await phone.blobs.get(kept!.draft.photos[0]!.id)).not.toBeNull();
  });
});

describe('connectivity', () => {
  it('an engine started offline makes no request and burns no retries; back online, a queued delivery leaves at once', async () => {
    const phone = await device();
    expect(await phone.engine.login('driver@summit.test', 'summit-driver-1')).toEqual({ ok: true });
    await phone.engine.syncNow();
    const [orderId] = await onlotOrderIds(phone);
    await harness.forget(phone);
    // Reopened by a worker that knows the phone is offline.
    const reopened = await device({ idb: phone.idb, initialOnline: false });
    reopened.net.offline = true;
    await prepareDelivery(reopened, 'onlot', orderId!);
    reopened.engine.start();
    await reopened.engine.syncNow();
    expect(reopened.net.log).toEqual([]);
    const [entry] = await activeEntries(reopened);
    expect(entry?.attempts).toBe(0);
    // The radio comes and goes: one failed try while the OS still said online leaves a back-off...
    await reopened.engine.setOnline(true);
    await reopened.engine.syncNow();
    const [waiting] = await activeEntries(reopened);
    expect(waiting?.last_error?.code).toBe('NetworkError');
    expect(waiting?.next_attempt_at).toBeGreaterThan(reopened.clock.t);
    await reopened.engine.setOnline(false);
    // ...which does not hold the delivery back once the connection returns (no clock advance).
    reopened.net.offline = false;
    await reopened.engine.setOnline(true);
    await reopened.engine.syncNow();
    expect((await harness.server.query('SELECT 1 FROM deliveries WHERE order_id = $1', [orderId])).length).toBe(1);
  });
});
