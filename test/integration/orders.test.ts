// Order list and on-lot reads: scoping, checkpoint paging, tombstones, isolation, bad ids.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  OnlotDeliveryDetailsSchema,
  OnlotOrderDetailsSchema,
  OrderListItemSchema,
  decodeCheckpoint,
  encodeCheckpoint,
  type OnlotDeliveryDetails,
  type OrderListItem,
  type PullResponse,
  townOfAddress,
} from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, deliverBody, liveOrderIds, postJson, uploadPhoto, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;
let ridge: string;

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, summit2, ridge } = s));

type ListPull = PullResponse<OrderListItem>;

async function pullAll(token: string, path: string, limit: number, from: string | null = null): Promise<{ pages: ListPull[]; checkpoint: string | null }> {
  const pages: ListPull[] = [];
  let checkpoint = from;
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (checkpoint) query.set('checkpoint', checkpoint);
    const res = await call<ListPull>(server, `${path}?${query.toString()}`, { token });
    expect(res.status).toBe(200);
    pages.push(res.body);
    if (res.body.checkpoint) checkpoint = encodeCheckpoint(res.body.checkpoint);
    if (res.body.documents.length < limit) return { pages, checkpoint };
  }
}

describe('GET /api/driver/order-list', () => {
  it("answers the driver's live orders of all three kinds, valid list items keyed co-/oio-/mo-", async () => {
    const res = await call<ListPull>(server, '/api/driver/order-list', { token: summit });
    expect(res.status).toBe(200);
    const docs = res.body.documents;
    const expected = await server.query<{ n: number }>(
      `SELECT count(*)::int n FROM orders o JOIN accounts a ON a.id = o.driver_id WHERE a.email = $1 AND o.delivered_at IS NULL`,
      [SUMMIT_DRIVER.email],
    );
    expect(docs.length).toBe(expected[0]?.n);
    expect(docs.length).toBeGreaterThan(20);
    for (const doc of docs) {
      expect(doc._deleted).toBe(false);
      const parsed = v.safeParse(OrderListItemSchema, doc);
      expect(parsed.success).toBe(true);
      if (parsed.success) expect(parsed.output.company_id).toBe(1);
    }
    const types = new Set(docs.map((d) => (d._deleted ? '' : d.order_type)));
    expect(types).toEqual(new Set(['new build', 'off-lot inventory', 'on-lot inventory', 'move order']));
    for (const doc of docs)
      if (!doc._deleted) {
        const prefix = doc.customer_order_id ? 'co' : doc.onlot_inventory_order_id ? 'oio' : 'mo';
        expect(doc.id).toBe(`${prefix}-${doc.customer_order_id ?? doc.onlot_inventory_order_id ?? doc.inventory_move_order_id}`);
      }
    const sorted = [...docs].sort((a, b) => a.updated_at.localeCompare(b.updated_at) || Number(a.id.split('-')[1]) - Number(b.id.split('-')[1]));
    expect(docs.map((d) => d.id)).toEqual(sorted.map((d) => d.id));
  });

  it("names each order's delivery town: the customer's delivery address, or the dealer's lot for inventory", async () => {
    const docs = (await call<ListPull>(server, '/api/driver/order-list', { token: summit })).body.documents;
    const rows = await server.query<{ id: number; kind: string; delivery_address: string | null; city: string; state: string }>(
      `SELECT o.id, o.kind, o.delivery_address, d.city, d.state FROM orders o JOIN accounts a ON a.id = o.driver_id JOIN dealers d ON d.id = o.dealer_id
        WHERE a.email = $1 AND o.delivered_at IS NULL`,
      [SUMMIT_DRIVER.email],
    );
    const want = new Map(
      rows.map((r) => [
        `${r.kind === 'customer' ? 'co' : r.kind === 'onlot' ? 'oio' : 'mo'}-${r.id}`,
        r.kind === 'customer' ? townOfAddress(r.delivery_address) : `${r.city}, ${r.state}`,
      ]),
    );
    const towns = new Map(docs.map((d) => [d.id, d._deleted ? undefined : d.delivery_town]));
    expect(towns).toEqual(want);
    // The seeded customer addresses are "street, town, ST zip": every order has a town.
    expect([...towns.values()].every((town) => typeof town === 'string' && /^[^,]+, [A-Z]{2}$/.test(town))).toBe(true);
  });

  it('a first pull of more than one page says how many orders it brings; later pages and short pulls do not', async () => {
    const all = (await call<ListPull>(server, '/api/driver/order-list', { token: summit })).body.documents.length;
    const first = await call<ListPull>(server, '/api/driver/order-list?limit=10', { token: summit });
    expect(first.body.documents).toHaveLength(10);
    expect(first.body.total).toBe(all);
    const next = await call<ListPull>(server, `/api/driver/order-list?limit=10&checkpoint=${encodeCheckpoint(first.body.checkpoint!)}`, { token: summit });
    expect(next.body.total).toBeUndefined();
    expect((await call<ListPull>(server, '/api/driver/order-list', { token: summit })).body.total).toBeUndefined();
  });

  it('scopes to the driver and the company', async () => {
    const [a, b, c] = await Promise.all([summit, summit2, ridge].map((t) => call<ListPull>(server, '/api/driver/order-list', { token: t })));
    const ids = (r: typeof a) => new Set(r?.body.documents.map((d) => d.id));
    const first = ids(a);
    for (const id of ids(b)) expect(first.has(id)).toBe(false);
    expect(c?.body.documents.every((d) => !d._deleted && d.company_id === 2)).toBe(true);
    for (const id of ids(c)) expect(first.has(id)).toBe(false);
  });

  it('pages with a checkpoint without gaps or repeats, even when every row shares one updated_at', async () => {
    const whole = await call<ListPull>(server, '/api/driver/order-list', { token: summit });
    const { pages } = await pullAll(summit, '/api/driver/order-list', 7);
    expect(pages.length).toBeGreaterThan(2);
    const paged = pages
      .flatMap((p) => p.documents)
      .filter((d) => !d._deleted)
      .map((d) => d.id);
    expect(paged).toEqual(whole.body.documents.map((d) => d.id));
  });

  it('returns a tombstone after delivery, reassignment or cancellation, and nothing new after that', async () => {
    const { checkpoint } = await pullAll(summit, '/api/driver/order-list', 50);
    expect(checkpoint).not.toBeNull();
    // Nothing changed: no live document; at most tombstones for company orders the driver
    // never had (sorting after the initial pull's checkpoint), then an empty page.
    const idle = await pullAll(summit, '/api/driver/order-list', 50, checkpoint);
    expect(idle.pages.flatMap((p) => p.documents).every((d) => d._deleted)).toBe(true);
    const last = await call<ListPull>(server, `/api/driver/order-list?checkpoint=${idle.checkpoint}`, { token: summit });
    expect(last.body.documents).toEqual([]);
    expect(last.body.checkpoint && encodeCheckpoint(last.body.checkpoint)).toBe(idle.checkpoint);

    const [onlotId] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const [moveId, moveId2] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
    const photo = await uploadPhoto(server, summit);
    const delivered = await postJson(server, '/secure/driver/deliver_onlot_inventory_order', deliverBody(onlotId ?? 0, [photo]), { token: summit });
    expect(delivered.status).toBe(200);
    await server.query(`UPDATE orders SET driver_id = (SELECT id FROM accounts WHERE email = $1) WHERE id = $2`, [SUMMIT_DRIVER2.email, moveId]);
    await server.query(`UPDATE orders SET cancelled_at = now() WHERE id = $1`, [moveId2]);

    const after = await call<ListPull>(server, `/api/driver/order-list?checkpoint=${idle.checkpoint}`, { token: summit });
    expect(after.status).toBe(200);
    const byId = new Map(after.body.documents.map((d) => [d.id, d]));
    for (const key of [`oio-${onlotId}`, `mo-${moveId}`, `mo-${moveId2}`]) {
      expect(byId.get(key)).toMatchObject({ id: key, _deleted: true });
      expect(typeof byId.get(key)?.updated_at).toBe('string');
    }
    // The other driver sees the reassigned order arrive as a live document.
    const other = await call<ListPull>(server, `/api/driver/order-list?checkpoint=${idle.checkpoint}`, { token: summit2 });
    expect(other.body.documents.find((d) => d.id === `mo-${moveId}`)).toMatchObject({ _deleted: false, inventory_move_order_id: moveId });
    // Ridge's pull never shows Summit's changes.
    const ridgeAll = await call<ListPull>(
      server,
      `/api/driver/order-list?checkpoint=${encodeCheckpoint({ updated_at: '2000-01-01T00:00:00.000Z', id: 'co-0' })}`,
      { token: ridge },
    );
    expect(ridgeAll.body.documents.some((d) => d.id === `oio-${onlotId}`)).toBe(false);
  });

  it('400 on a malformed checkpoint or limit', async () => {
    // A checkpoint that decodes but names no moment or no id the database holds was a 500.
    const decodable = [
      { updated_at: '2026-02-30T00:00:00Z', id: 'co-1' },
      { updated_at: '0000-01-01T00:00:00Z', id: 'co-1' },
      { updated_at: '2026-01-02T03:04:05.678Z', id: 'co-99999999999' },
      { updated_at: '2026-01-02T03:04:05.678Z', id: 'oio-2147483648' },
    ].map((cp) => `checkpoint=${encodeCheckpoint(cp)}`);
    for (const query of ['checkpoint=%%%', 'checkpoint=eyJ4IjoxfQ', 'limit=0', 'limit=abc', 'limit=100000', ...decodable]) {
      const res = await call(server, `/api/driver/order-list?${query}`, { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });

  it('checkpoint helpers round-trip', () => {
    const cp = { updated_at: '2026-01-02T03:04:05.678Z', id: 'oio-12' };
    expect(decodeCheckpoint(encodeCheckpoint(cp))).toEqual(cp);
    expect(decodeCheckpoint('garbage')).toBeNull();
  });
});

describe('on-lot order reads', () => {
  it("details and delivery details of the driver's own on-lot order", async () => {
    const [id] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const details = await call(server, `/api/driver/onlot-inventory-order-details?onlotInventoryOrderId=${id}`, { token: summit });
    expect(details.status).toBe(200);
    const parsed = v.safeParse(OnlotOrderDetailsSchema, details.body);
    expect(parsed.success).toBe(true);
    expect(details.body).toMatchObject({ id: `oio-${id}`, onlot_inventory_order_id: id, company_id: 1 });

    const delivery = await call(server, `/api/driver/onlot-inventory-order-delivery-details?onlotInventoryOrderId=${id}`, { token: summit });
    expect(delivery.status).toBe(200);
    expect(v.safeParse(OnlotDeliveryDetailsSchema, delivery.body).success).toBe(true);
    expect(delivery.body).toMatchObject({ customer_first_name: null, payment_amount: '0', id: `oio-${id}` });
  });

  it("delivery details as a pull: all the driver's live on-lot orders", async () => {
    const res = await call<PullResponse<OnlotDeliveryDetails>>(server, '/api/driver/onlot-inventory-order-delivery-details?limit=100', { token: summit });
    expect(res.status).toBe(200);
    const live = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    expect(res.body.documents.map((d) => d.id).sort()).toEqual(live.map((id) => `oio-${id}`).sort());
    for (const doc of res.body.documents) expect(v.safeParse(OnlotDeliveryDetailsSchema, doc).success).toBe(true);
  });

  it("another company's order, another driver's order and other kinds are 404 NotFound with nothing leaked", async () => {
    const [ridgeId] = await liveOrderIds(server, RIDGE_DRIVER.email, 'onlot');
    const [otherDriverId] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'onlot');
    const [customerId] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    for (const id of [ridgeId, otherDriverId, customerId, 999999]) {
      for (const path of ['onlot-inventory-order-details', 'onlot-inventory-order-delivery-details']) {
        const res = await call(server, `/api/driver/${path}?onlotInventoryOrderId=${id}`, { token: summit });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
      }
    }
  });

  it('400 on a missing or bad id', async () => {
    for (const query of [
      '',
      '?onlotInventoryOrderId=',
      '?onlotInventoryOrderId=abc',
      '?onlotInventoryOrderId=-1',
      '?onlotInventoryOrderId=0',
      '?onlotInventoryOrderId=1.5',
      '?onlotInventoryOrderId=99999999999',
    ]) {
      const res = await call(server, `/api/driver/onlot-inventory-order-details${query}`, { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });
});
