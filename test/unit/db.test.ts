import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import { authStateOf, patchDraft, addDraftImage, readToken, writeToken, type DriverDatabase } from '../../src/db';
import { queueDelivery } from '../../src/outbox';
import { freshIndexedDB } from '../support/fakeDb';
import { makeSession } from '../support/session';

const opened: DriverDatabase[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.close();
});

describe('PWADB', () => {
  it('keeps the token and a draft across a close and reopen (a killed tab)', async () => {
    const idb = freshIndexedDB();
    const db = await idb.open();
    const session = makeSession();
    await writeToken(db, session.token);
    await patchDraft(db, session, 'onlot', 7, { deliveryMilesDriven: 12, deliveryNote: 'gate code 1234' });
    await db.close();
    const again = await idb.open();
    opened.push(again);
    expect(await readToken(again)).toBe(session.token);
    const doc = await again.onlot_deliveries.findOne('oio-7').exec();
    expect(doc?.draft.deliveryMilesDriven).toBe(12);
    expect(doc?.draft.deliveryNote).toBe('gate code 1234');
  });

  it('refuses to queue an invalid delivery with the SPEC error codes and inserts nothing', async () => {
    const idb = freshIndexedDB();
    const db = await idb.open();
    opened.push(db);
    const session = makeSession();
    await patchDraft(db, session, 'onlot', 7, {});
    const result = await queueDelivery(db, session, 'onlot', 7);
    expect(result).toEqual({ ok: false, errors: ['DeliveryPhotoRequired', 'DeliveryMilesRequired', 'DeliveryTimeRequired'] });
    expect(await db.outbox.count().exec()).toBe(0);
  });

  it('queues a valid delivery once, even when Deliver is pressed twice', async () => {
    const idb = freshIndexedDB();
    const db = await idb.open();
    opened.push(db);
    const blobs = await idb.blobs();
    const session = makeSession();
    await addDraftImage(db, blobs, session, 'onlot', 7, { bytes: new Uint8Array([1, 2, 3]).buffer, type: 'image/jpeg', width: 1, height: 1 });
    await patchDraft(db, session, 'onlot', 7, {
      deliveryMilesDriven: 30,
      deliveryBegan: '2026-11-22T10:00:00.000Z',
      deliveryEnded: '2026-11-22T10:45:00.000Z',
    });
    const first = await queueDelivery(db, session, 'onlot', 7);
    const second = await queueDelivery(db, session, 'onlot', 7);
    expect(first.ok).toBe(true);
    expect(second).toEqual(first);
    const entries = await db.outbox.find().exec();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.payload).toMatchObject({ onlot_inventory_order_id: 7, delivery_gps_lat: 0, delivery_miles_driven: 30 });
    const draft = await db.onlot_deliveries.findOne('oio-7').exec();
    expect(draft?.draft.readyToDeliver).toBe(true);
    expect(draft?.draft.dateDelivered).toBeTruthy();
    blobs.close();
  });

  it('shows one realm the writes of another (page and worker)', async () => {
    const idb = freshIndexedDB();
    const page = await idb.open();
    const worker = await idb.open();
    opened.push(page, worker);
    const session = makeSession();
    const seen = firstValueFrom(page.orders.find().$.pipe(filter((docs) => docs.length === 1)));
    await worker.orders.insert({
      id: 'oio-1',
      company_id: session.claims.company_id,
      account_id: session.claims.account_id,
      dealer_name: 'D',
      customer_name: null,
      building_model: 'M',
      serial_number: 'S',
      order_type: 'on-lot inventory',
      order_status: 'Ready',
      building_stage: 'Built',
      building_location: 'Lot',
      is_scheduled_for_delivery: false,
      is_built: true,
      is_rush_order: false,
      scheduled_date: null,
      delivery_town: null,
      customer_order_id: null,
      onlot_inventory_order_id: 1,
      inventory_move_order_id: null,
      updated_at: new Date().toISOString(),
      list_sort: '', // stamped on insert (keepOrderSortKey)
    });
    expect((await seen).map((d) => d.id)).toEqual(['oio-1']);
  });

  it('judges tokens by SPEC §4: expiry margin and role', () => {
    const now = Date.now();
    expect(authStateOf(makeSession({ expInSeconds: 3600 }).token, now).status).toBe('authenticated');
    expect(authStateOf(makeSession({ expInSeconds: 600 }).token, now)).toEqual({ status: 'unauthenticated', reason: 'expired' });
    expect(authStateOf(makeSession({ role: 'office_admin' }).token, now)).toEqual({ status: 'unauthenticated', reason: 'role' });
    expect(authStateOf('not-a-token', now)).toEqual({ status: 'unauthenticated', reason: 'malformed' });
  });
});
