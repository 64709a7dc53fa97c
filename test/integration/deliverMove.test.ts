// POST /secure/driver/deliver_inventory_move_order: the shared deliver steps for a move order
// (SPEC §5 rules, ownership, one transaction, Idempotency-Key).
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVER_MOVE_PATH, ERROR_TEXT, type DeliverResponse } from '../../src/domain';
import type { TestServer } from '../support/server';
import { MOVE_PHOTO_FOLDER, countRows, uploadTo, type Uploaded } from './deliveryFixtures';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, liveOrderIds, newKey, postJson, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let ridge: string;
let moveIds: number[];
let photo: Uploaded;

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));
beforeAll(async () => {
  moveIds = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
  expect(moveIds.length).toBeGreaterThanOrEqual(3);
  photo = await uploadTo(server, summit, MOVE_PHOTO_FOLDER, 31);
});

const moveBody = (id: number, images: unknown[], overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  inventory_move_order_id: id,
  date_delivered: '2026-03-04T13:45:00.000Z',
  delivery_miles_driven: 18.2,
  delivery_gps_lat: 40.5079,
  delivery_gps_lon: -76.1094,
  delivery_began: '2026-03-04T12:30:00.000Z',
  delivery_ended: '2026-03-04T13:40:00.000Z',
  delivery_note: 'Swapped to the front row of the lot',
  building_images: images,
  ...overrides,
});
const deliver = (body: unknown, opts: { token?: string; key?: string } = {}) => postJson(server, DELIVER_MOVE_PATH, body, { token: summit, ...opts });
const moveId = (i: number): number => moveIds[i] ?? 0;
const deliveriesOf = (id: number) => countRows(server, 'SELECT 1 FROM deliveries WHERE order_id = $1', [id]);

describe('deliver inventory move order', () => {
  it('commits the delivery, its photos and the order delivered; the same key replays, another body is 422', async () => {
    const id = moveId(0);
    const key = newKey();
    const photo2 = await uploadTo(server, summit, MOVE_PHOTO_FOLDER, 32, 'png');
    const res = await deliver(moveBody(id, [photo, photo2]), { key });
    expect(res.status).toBe(200);
    const body = res.body as DeliverResponse;
    expect(body).toMatchObject({ order_key: `mo-${id}`, date_delivered: '2026-03-04T13:45:00.000Z' });
    const [row] = await server.query<{ kind: string; miles_driven: number; note: string; ended_at: Date; order_id: number }>(
      'SELECT kind, miles_driven, note, ended_at, order_id FROM deliveries WHERE id = $1',
      [body.delivery_id],
    );
    expect(row).toMatchObject({ kind: 'move', miles_driven: 18.2, note: 'Swapped to the front row of the lot', order_id: id });
    expect(new Date(row?.ended_at ?? 0).toISOString()).toBe('2026-03-04T13:40:00.000Z');
    const images = await server.query<{ upload_guid: string }>('SELECT upload_guid FROM delivery_images WHERE delivery_id = $1 ORDER BY position', [
      body.delivery_id,
    ]);
    expect(images.map((i) => i.upload_guid)).toEqual([photo.guid, photo2.guid]);
    const [order] = await server.query<{ status: string; delivered_at: Date | null }>('SELECT status, delivered_at FROM orders WHERE id = $1', [id]);
    expect(order?.status).toBe('Delivered');
    expect(order?.delivered_at).not.toBeNull();

    const replay = await deliver(moveBody(id, [photo, photo2]), { key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const reused = await deliver(moveBody(id, [photo], { delivery_note: 'other' }), { key });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ error: 'IdempotencyKeyReused' });
    expect(await deliveriesOf(id)).toBe(1);

    const again = await deliver(moveBody(id, [photo]));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'OrderAlreadyDelivered' });
  });

  it('missing GPS is accepted (sent as 0 by the client, or absent)', async () => {
    const res = await deliver(moveBody(moveId(1), [photo], { delivery_gps_lat: 0, delivery_gps_lon: undefined }));
    expect(res.status).toBe(200);
    const [row] = await server.query<{ gps_lat: number; gps_lon: number | null }>('SELECT gps_lat, gps_lon FROM deliveries WHERE order_id = $1', [moveId(1)]);
    expect(row).toEqual({ gps_lat: 0, gps_lon: null });
  });

  it('bad input: the field is named, SPEC §5 codes come back, nothing is stored', async () => {
    const id = moveId(2);
    const wrongType = await deliver(moveBody(id, [photo], { inventory_move_order_id: '12' }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ error: 'InvalidRequest' });
    expect((wrongType.body as { message: string }).message).toContain('inventory_move_order_id');
    const onlotField = await deliver({ ...moveBody(id, [photo]), onlot_inventory_order_id: id });
    expect(onlotField.status).toBe(400);

    const noTimes = await deliver(moveBody(id, [], { delivery_began: null, delivery_miles_driven: null }));
    expect(noTimes.status).toBe(400);
    expect(noTimes.body).toEqual({
      error: 'DeliveryPhotoRequired',
      message: ERROR_TEXT.DeliveryPhotoRequired,
      errors: ['DeliveryPhotoRequired', 'DeliveryMilesRequired', 'DeliveryTimeRequired'],
    });
    const backwards = await deliver(moveBody(id, [photo], { delivery_ended: '2026-03-04T12:00:00.000Z' }));
    expect(backwards.body).toMatchObject({ error: 'DeliveryEndBeforeStart' });
    // A signature is no building photo.
    const signature = await uploadTo(server, summit, '/deliver-customer-order/signature', 33, 'png');
    const notAPhoto = await deliver(moveBody(id, [signature]));
    expect(notAPhoto.status).toBe(400);
    expect(notAPhoto.body).toMatchObject({ error: 'DeliveryPhotoRequired' });
    expect(await deliveriesOf(id)).toBe(0);
  });

  it("404 for another company's, another driver's or another kind's order; a foreign photo is refused", async () => {
    const id = moveId(2);
    const [ridgeMove] = await liveOrderIds(server, RIDGE_DRIVER.email, 'move');
    const [otherDriver] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'move');
    const [onlot] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const [customer] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    for (const other of [ridgeMove, otherDriver, onlot, customer, 2_000_000]) {
      const res = await deliver(moveBody(other ?? 0, [photo]));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
    }
    const ridgePhoto = await uploadTo(server, ridge, MOVE_PHOTO_FOLDER, 34);
    const crossPhoto = await deliver(moveBody(id, [ridgePhoto]));
    expect(crossPhoto.body).toMatchObject({ error: 'DeliveryPhotoRequired' });
    const ridgeOnSummit = await deliver(moveBody(id, [ridgePhoto]), { token: ridge });
    expect(ridgeOnSummit.status).toBe(404);
    expect(await deliveriesOf(id)).toBe(0);
  });
});
