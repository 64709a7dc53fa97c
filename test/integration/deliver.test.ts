// POST /secure/driver/deliver_onlot_inventory_order: validation, ownership, exactly-once,
// and the three Idempotency-Key cases of DESIGN §6.
import { beforeAll, describe, expect, it } from 'vitest';
import { API, ERROR_TEXT, type DeliverResponse } from '../../src/domain';
import { canonicalJson, requestHash } from '../../server/services/idempotency';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, deliverBody, liveOrderIds, newKey, postJson, uploadPhoto, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let ridge: string;
let onlotIds: number[];
let photo: Awaited<ReturnType<typeof uploadPhoto>>;

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));
beforeAll(async () => {
  onlotIds = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
  expect(onlotIds.length).toBeGreaterThanOrEqual(8);
  photo = await uploadPhoto(server, summit, 21);
});

const deliver = (body: unknown, opts: { token?: string; key?: string } = {}) => postJson(server, API.deliverOnlot, body, { token: summit, ...opts });
const orderId = (i: number): number => onlotIds[i] ?? 0;
const deliveriesOf = async (id: number): Promise<number> =>
  (await server.query<{ n: number }>('SELECT count(*)::int n FROM deliveries WHERE order_id = $1', [id]))[0]?.n ?? -1;

describe('deliver on-lot inventory order: validation', () => {
  it('400 InvalidRequest naming the field for a wrong shape', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ onlot_inventory_order_id: 'x' }, 'onlot_inventory_order_id'],
      [{ delivery_miles_driven: 'far' }, 'delivery_miles_driven'],
      [{ date_delivered: 'yesterday' }, 'date_delivered'],
      [{ building_images: [{ guid: 'nope', extension: 'jpg', mime_type: 'image/jpeg', download_urls: [] }] }, 'building_images'],
      [{ unexpected: true }, 'unexpected'],
      // Shapes the database could not take were 500s the outbox retried for ever; a day the
      // calendar lacks was stored as another day.
      [{ onlot_inventory_order_id: 2_147_483_648 }, 'onlot_inventory_order_id'],
      [{ onlot_inventory_order_id: 1e20 }, 'onlot_inventory_order_id'],
      [{ date_delivered: '0000-01-01T00:00:00Z' }, 'date_delivered'],
      [{ date_delivered: '2026-02-30T10:00:00Z' }, 'date_delivered'],
      [{ delivery_began: '0000-01-01T00:00:00Z' }, 'delivery_began'],
    ];
    for (const [override, field] of cases) {
      const res = await deliver(deliverBody(orderId(0), [photo], override));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
      expect((res.body as { message: string }).message).toContain(field);
    }
    const notObject = await deliver([1, 2]);
    expect(notObject.status).toBe(400);
  });

  it('answers the SPEC §5 codes: DeliveryPhotoRequired, DeliveryMilesRequired, DeliveryTimeRequired', async () => {
    const noPhoto = await deliver(deliverBody(orderId(0), []));
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body).toEqual({ error: 'DeliveryPhotoRequired', message: ERROR_TEXT.DeliveryPhotoRequired, errors: ['DeliveryPhotoRequired'] });

    const noMiles = await deliver(deliverBody(orderId(0), [photo], { delivery_miles_driven: null }));
    expect(noMiles.status).toBe(400);
    expect(noMiles.body).toMatchObject({ error: 'DeliveryMilesRequired', message: 'Delivery miles required', errors: ['DeliveryMilesRequired'] });

    const noTime = await deliver(deliverBody(orderId(0), [photo], { delivery_ended: null }));
    expect(noTime.status).toBe(400);
    expect(noTime.body).toMatchObject({ error: 'DeliveryTimeRequired', message: 'Delivery time required' });

    const everything = await deliver(deliverBody(orderId(0), [], { delivery_miles_driven: undefined, delivery_began: undefined }));
    expect(everything.body).toMatchObject({ errors: ['DeliveryPhotoRequired', 'DeliveryMilesRequired', 'DeliveryTimeRequired'] });
    expect(await deliveriesOf(orderId(0))).toBe(0);
  });

  it("refuses a photo that was never uploaded, or is another company's or another driver's", async () => {
    const ridgePhoto = await uploadPhoto(server, ridge, 22);
    // Driver 2's photo (same company) was accepted: another customer's pictures on this delivery.
    const driver2Photo = await uploadPhoto(server, await server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password), 23);
    const neverUploaded = { ...photo, guid: '0b5cf1a2-3c4d-4e5f-8a9b-0c1d2e3f4a5b' };
    for (const image of [ridgePhoto, driver2Photo, neverUploaded]) {
      const res = await deliver(deliverBody(orderId(0), [image]));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'DeliveryPhotoRequired', errors: ['DeliveryPhotoRequired'] });
    }
    expect(await deliveriesOf(orderId(0))).toBe(0);
  });

  it("404 for another company's order, another driver's order, another kind, and an unknown id", async () => {
    const [ridgeOrder] = await liveOrderIds(server, RIDGE_DRIVER.email, 'onlot');
    const [otherDriver] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'onlot');
    const [moveOrder] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
    for (const id of [ridgeOrder, otherDriver, moveOrder, 987654]) {
      const res = await deliver(deliverBody(id ?? 0, [photo]));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
    }
    // A Ridge driver cannot deliver a Summit order with a Summit photo either.
    const cross = await deliver(deliverBody(orderId(0), [photo]), { token: ridge });
    expect(cross.status).toBe(400); // the photo is not Ridge's: refused before the order is even looked at
    const crossOwn = await deliver(deliverBody(orderId(0), [await uploadPhoto(server, ridge, 23)]), { token: ridge });
    expect(crossOwn.status).toBe(404);
    expect(await deliveriesOf(orderId(0))).toBe(0);
  });
});

describe('deliver on-lot inventory order: commit', () => {
  it('commits once: delivery, images and the order marked delivered; a second delivery is 409', async () => {
    const id = orderId(1);
    const photo2 = await uploadPhoto(server, summit, 24);
    const res = await deliver(deliverBody(id, [photo, photo2]));
    expect(res.status).toBe(200);
    const body = res.body as DeliverResponse;
    expect(body).toMatchObject({ order_key: `oio-${id}`, date_delivered: '2026-03-02T15:30:00.000Z' });
    expect(typeof body.delivery_id).toBe('number');
    const [row] = await server.query<{ miles_driven: number; note: string; began_at: Date; payload: { delivery_note: string } }>(
      'SELECT miles_driven, note, began_at, payload FROM deliveries WHERE id = $1',
      [body.delivery_id],
    );
    expect(row).toMatchObject({ miles_driven: 42.5, note: 'Set on blocks by the fence' });
    expect(new Date(row?.began_at ?? 0).toISOString()).toBe('2026-03-02T14:00:00.000Z');
    expect(row?.payload.delivery_note).toBe('Set on blocks by the fence');
    const images = await server.query<{ upload_guid: string; position: number }>(
      'SELECT upload_guid, position FROM delivery_images WHERE delivery_id = $1 ORDER BY position',
      [body.delivery_id],
    );
    expect(images.map((i) => i.upload_guid)).toEqual([photo.guid, photo2.guid]);
    const [order] = await server.query<{ status: string; delivered_at: Date | null }>('SELECT status, delivered_at FROM orders WHERE id = $1', [id]);
    expect(order?.status).toBe('Delivered');
    expect(order?.delivered_at).not.toBeNull();

    const again = await deliver(deliverBody(id, [photo]));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'OrderAlreadyDelivered', message: ERROR_TEXT.OrderAlreadyDelivered });
    expect(await deliveriesOf(id)).toBe(1);
  });
});

describe('deliver on-lot inventory order: Idempotency-Key', () => {
  it('the same key and body replays the first answer without delivering twice', async () => {
    const id = orderId(2);
    const key = newKey();
    const first = await deliver(deliverBody(id, [photo]), { key });
    expect(first.status).toBe(200);
    // Same body with its keys in another order: the canonical hash is equal.
    const reordered = Object.fromEntries(Object.entries(deliverBody(id, [photo])).reverse());
    const second = await deliver(reordered, { key });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await deliveriesOf(id)).toBe(1);
  });

  it('the same key with another body is 422 IdempotencyKeyReused', async () => {
    const id = orderId(3);
    const key = newKey();
    expect((await deliver(deliverBody(id, [photo]), { key })).status).toBe(200);
    const changed = await deliver(deliverBody(id, [photo], { delivery_miles_driven: 43 }), { key });
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ error: 'IdempotencyKeyReused' });
    expect(await deliveriesOf(id)).toBe(1);
  });

  it('the same key while the first is running is 409 IdempotencyKeyInFlight; a stale run is taken over', async () => {
    const key = newKey();
    const [account] = await server.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
    const body = deliverBody(orderId(5), [photo]);
    // A first request still running: its record is claimed but not completed.
    await server.query(
      `INSERT INTO idempotency_keys (key, account_id, company_id, method, path, request_hash, state) VALUES ($1, $2, $3, 'POST', $4, $5, 'running')`,
      [key, account?.id, account?.company_id, API.deliverOnlot, requestHash('POST', API.deliverOnlot, canonicalJson(body))],
    );
    const inFlight = await deliver(body, { key });
    expect(inFlight.status).toBe(409);
    expect(inFlight.body).toMatchObject({ error: 'IdempotencyKeyInFlight' });
    expect(await deliveriesOf(orderId(5))).toBe(0);
    // Older than two minutes: presumed dead, the retry takes it over and does the work once.
    await server.query(`UPDATE idempotency_keys SET started_at = now() - interval '3 minutes' WHERE key = $1`, [key]);
    const takeover = await deliver(body, { key });
    expect(takeover.status).toBe(200);
    expect(await deliveriesOf(orderId(5))).toBe(1);
    const replay = await deliver(body, { key });
    expect(replay.body).toEqual(takeover.body);
  });

  it('a failed request releases its key so the fixed body can be sent with the same key', async () => {
    const id = orderId(4);
    const key = newKey();
    const bad = await deliver(deliverBody(id, []), { key });
    expect(bad.status).toBe(400);
    const fixed = await deliver(deliverBody(id, [photo]), { key });
    expect(fixed.status).toBe(200);
  });

  it('concurrent retries of one delivery commit exactly once, with or without a key', async () => {
    const withKey = orderId(6);
    const key = newKey();
    const keyed = await Promise.all(Array.from({ length: 5 }, () => deliver(deliverBody(withKey, [photo]), { key })));
    for (const res of keyed) expect([200, 409]).toContain(res.status);
    const oks = keyed.filter((r) => r.status === 200);
    expect(oks.length).toBeGreaterThanOrEqual(1);
    for (const ok of oks) expect(ok.body).toEqual(oks[0]?.body);
    expect(await deliveriesOf(withKey)).toBe(1);

    const withoutKey = orderId(7);
    const bare = await Promise.all(Array.from({ length: 5 }, () => deliver(deliverBody(withoutKey, [photo]))));
    expect(bare.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of bare.filter((r) => r.status !== 200)) expect(res.body).toMatchObject({ error: 'OrderAlreadyDelivered' });
    expect(await deliveriesOf(withoutKey)).toBe(1);
  });

  it('keys are per account and over-long keys are refused', async () => {
    const key = newKey();
    const summit2 = await server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password);
    const [other] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'onlot');
    const photo2 = await uploadPhoto(server, summit2, 25);
    const res = await postJson(server, API.deliverOnlot, deliverBody(other ?? 0, [photo2]), { token: summit2, key });
    expect(res.status).toBe(200);
    // The same key from another account is a different key: no 422, a normal 404 for Summit driver 1.
    expect((await deliver(deliverBody(other ?? 0, [photo]), { key })).status).toBe(404);
    const long = await deliver(deliverBody(orderId(0), [photo]), { key: 'k'.repeat(300) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: 'InvalidRequest' });
  });
});
