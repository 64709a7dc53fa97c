// Order map, schedule list and details, saved checks, company drivers and feature flags:
// answers read back from the database, company isolation, bad input.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  CompanyDriverSchema,
  OrderMapSchema,
  SavedCheckSchema,
  ScheduleDetailsSchema,
  ScheduleListItemSchema,
  type CompanyDriver,
  type FeatureFlags,
  type OrderMap,
  type SavedCheck,
  type ScheduleListItem,
} from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let ridge: string;

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));

describe('order map', () => {
  it("the driver's live orders with coordinates, the company's dealers and shops only", async () => {
    const res = await call<OrderMap>(server, '/api/driver/order-map', { token: summit });
    expect(res.status).toBe(200);
    expect(v.safeParse(OrderMapSchema, res.body).success).toBe(true);
    // The online basemap the app draws them on: the server's MAP_STYLE_URL, by default OpenFreeMap's Liberty.
    expect(res.body.basemap_style_url).toBe('https://tiles.openfreemap.org/styles/liberty');
    const live = [
      ...(await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer')).map((id) => `co-${id}`),
      ...(await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot')).map((id) => `oio-${id}`),
      ...(await liveOrderIds(server, SUMMIT_DRIVER.email, 'move')).map((id) => `mo-${id}`),
    ];
    expect(res.body.orders.map((o) => o.id).sort()).toEqual(live.sort());
    const dealers = await server.query<{ name: string; lat: number }>('SELECT name, lat FROM dealers WHERE company_id = 1 ORDER BY name');
    expect(res.body.dealers.map((d) => d.dealership_name)).toEqual(dealers.map((d) => d.name));
    expect(res.body.dealers[0]?.coordinates.lat).toBe(dealers[0]?.lat);
    const shops = await server.query<{ name: string }>('SELECT name FROM shops WHERE company_id = 1 ORDER BY name');
    expect(res.body.shops.map((s) => s.shop_name)).toEqual(shops.map((s) => s.name));
    const first = res.body.orders.find((o) => o.customer_order_id !== null);
    const [coords] = await server.query<{ lat: number; lon: number }>('SELECT delivery_lat lat, delivery_lon lon FROM orders WHERE id = $1', [
      first?.customer_order_id,
    ]);
    expect(first?.coordinates).toEqual(coords);

    const ridgeMap = await call<OrderMap>(server, '/api/driver/order-map', { token: ridge });
    expect(ridgeMap.body.orders.every((o) => o.company_id === 2)).toBe(true);
    expect(ridgeMap.body.dealers.some((d) => dealers.some((s) => s.name === d.dealership_name))).toBe(false);
  });
});

describe('schedule list and details', () => {
  it("lists the driver's scheduled live orders soonest first", async () => {
    const res = await call<ScheduleListItem[]>(server, '/api/driver/schedule-list', { token: summit });
    expect(res.status).toBe(200);
    const rows = await server.query<{ id: number; kind: string }>(
      `SELECT o.id, o.kind FROM orders o JOIN accounts a ON a.id = o.driver_id WHERE a.email = $1 AND o.is_scheduled_for_delivery
       AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.scheduled_date, o.id`,
      [SUMMIT_DRIVER.email],
    );
    expect(rows.length).toBeGreaterThan(0);
    const prefix: Record<string, string> = { customer: 'co', onlot: 'oio', move: 'mo' };
    expect(res.body.map((r) => r.id)).toEqual(rows.map((r) => `${prefix[r.kind] ?? ''}-${r.id}`));
    for (const item of res.body) {
      expect(v.safeParse(ScheduleListItemSchema, item).success).toBe(true);
      expect(item.is_scheduled_for_delivery).toBe(true);
    }
  });

  it("details of each kind for the driver's order, with notes and the driver; others are 404, bad ids 400", async () => {
    for (const [kind, path] of [
      ['customer', 'customer-order'],
      ['onlot', 'onlot-inventory-order'],
      ['move', 'inventory-move-order'],
    ] as const) {
      const [id] = await liveOrderIds(server, SUMMIT_DRIVER.email, kind);
      const res = await call(server, `/api/driver/${path}-schedule-details?id=${id}`, { token: summit });
      expect(res.status).toBe(200);
      expect(v.safeParse(ScheduleDetailsSchema, res.body).success).toBe(true);
      const [db] = await server.query<{ order_number: string; is_scheduled_for_delivery: boolean }>(
        'SELECT order_number, is_scheduled_for_delivery FROM orders WHERE id = $1',
        [id],
      );
      expect(res.body).toMatchObject({
        order_number: db?.order_number,
        is_scheduled_for_delivery: db?.is_scheduled_for_delivery,
        driver: { name: 'Dale Hostetler' },
      });
      const [ridgeId] = await liveOrderIds(server, RIDGE_DRIVER.email, kind);
      const [otherDriver] = await liveOrderIds(server, SUMMIT_DRIVER2.email, kind);
      for (const foreign of [ridgeId, otherDriver, 999999]) {
        const denied = await call(server, `/api/driver/${path}-schedule-details?id=${foreign}`, { token: summit });
        expect(denied.status).toBe(404);
        expect(denied.body).toEqual({ error: 'NotFound', message: 'Not found' });
      }
      for (const bad of ['', '?id=', '?id=x1', '?id=0']) {
        const res400 = await call(server, `/api/driver/${path}-schedule-details${bad}`, { token: summit });
        expect(res400.status).toBe(400);
        expect(res400.body).toMatchObject({ error: 'InvalidRequest' });
      }
    }
  });
});

describe('saved checks', () => {
  it("lists an order's checks with the last four digits only; foreign orders 404, bad ids 400", async () => {
    const [order] = await server.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id WHERE a.email = $1 AND o.delivered_at IS NULL
       AND EXISTS (SELECT 1 FROM customer_order_checks c WHERE c.order_id = o.id) ORDER BY o.id LIMIT 1`,
      [SUMMIT_DRIVER.email],
    );
    const res = await call<SavedCheck[]>(server, `/api/driver/saved-checks?customer-order-id=${order?.id}`, { token: summit });
    expect(res.status).toBe(200);
    const rows = await server.query<{ id: number; name_on_check: string; bank_name: string; account_last_four: string }>(
      'SELECT id, name_on_check, bank_name, account_last_four FROM customer_order_checks WHERE order_id = $1 ORDER BY id',
      [order?.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(res.body.map((c) => [c.id, c.name, c.bank_name, c.account_last_four])).toEqual(
      rows.map((r) => [r.id, r.name_on_check, r.bank_name, r.account_last_four]),
    );
    for (const check of res.body) {
      expect(v.safeParse(v.strictObject(SavedCheckSchema.entries), check).success).toBe(true);
      expect(check.account_last_four).toMatch(/^\d{4}$/);
    }
    const [ridgeOrder] = await liveOrderIds(server, RIDGE_DRIVER.email, 'customer');
    const [onlot] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    for (const id of [ridgeOrder, onlot, 999999]) {
      const denied = await call(server, `/api/driver/saved-checks?customer-order-id=${id}`, { token: summit });
      expect(denied.status).toBe(404);
      expect(denied.body).toEqual({ error: 'NotFound', message: 'Not found' });
    }
    for (const bad of ['', '?customer-order-id=abc', '?customerOrderId=1']) {
      expect((await call(server, `/api/driver/saved-checks${bad}`, { token: summit })).status).toBe(400);
    }
  });
});

describe('company drivers', () => {
  it("lists the active drivers of the caller's company only", async () => {
    const res = await call<CompanyDriver[]>(server, '/api/driver/company-drivers', { token: summit });
    expect(res.status).toBe(200);
    for (const d of res.body) expect(v.safeParse(v.strictObject(CompanyDriverSchema.entries), d).success).toBe(true);
    const rows = await server.query<{ id: number; email: string }>(
      `SELECT id, email FROM accounts WHERE company_id = 1 AND role = 'driver' AND removed_at IS NULL`,
    );
    expect(res.body.map((d) => d.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(res.body.filter((d) => d.is_self).map((d) => d.name)).toEqual(['Dale Hostetler']);
    const ridgeRes = await call<CompanyDriver[]>(server, '/api/driver/company-drivers', { token: ridge });
    expect(ridgeRes.body.map((d) => d.name)).toEqual(['Wade Tolliver']);
    await server.query(`UPDATE accounts SET removed_at = now() WHERE email = $1`, [SUMMIT_DRIVER2.email]);
    const after = await call<CompanyDriver[]>(server, '/api/driver/company-drivers', { token: summit });
    expect(after.body.map((d) => d.name)).toEqual(['Dale Hostetler']);
    await server.query(`UPDATE accounts SET removed_at = NULL WHERE email = $1`, [SUMMIT_DRIVER2.email]);
  });
});

describe('feature flags', () => {
  it("lists the company's flags per environment; payments_v2 is on for Summit and off for Ridge", async () => {
    const res = await call<FeatureFlags>(server, '/api/feature-flags', { token: summit });
    expect(res.status).toBe(200);
    const rows = await server.query<{ name: string; turned_on: boolean }>(
      `SELECT name, turned_on FROM feature_flags WHERE company_id = 1 AND environment = 'production' ORDER BY name`,
    );
    expect(res.body).toEqual({ environment: 'production', flags: rows });
    const master = await call<FeatureFlags>(server, '/api/feature-flags?environment=master', { token: summit });
    expect(master.body.flags.find((f) => f.name === 'order_map_clusters')?.turned_on).toBe(true);
    expect((await call(server, '/api/check-feature-flag/payments_v2?environment=production', { token: summit })).body).toEqual({ turned_on: true });
    expect((await call(server, '/api/check-feature-flag/payments_v2?environment=branch', { token: ridge })).body).toEqual({ turned_on: false });
    expect((await call(server, '/api/check-feature-flag/payments_v2', { token: ridge })).body).toEqual({ turned_on: false });
    expect((await call(server, '/api/check-feature-flag/no_such_flag?environment=master', { token: summit })).body).toEqual({ turned_on: false });
  });

  it('a flag changed for one company does not touch the other', async () => {
    await server.query(`UPDATE feature_flags SET turned_on = true WHERE company_id = 2 AND name = 'payments_v2' AND environment = 'branch'`);
    expect((await call(server, '/api/check-feature-flag/payments_v2?environment=branch', { token: ridge })).body).toEqual({ turned_on: true });
    await server.query(`UPDATE feature_flags SET turned_on = false WHERE company_id = 1 AND name = 'payments_v2' AND environment = 'branch'`);
    expect((await call(server, '/api/check-feature-flag/payments_v2?environment=branch', { token: summit })).body).toEqual({ turned_on: false });
    expect((await call(server, '/api/check-feature-flag/payments_v2?environment=production', { token: summit })).body).toEqual({ turned_on: true });
  });

  it('400 for an unknown environment or a malformed flag name; 401 without a token', async () => {
    for (const path of [
      '/api/feature-flags?environment=staging',
      '/api/check-feature-flag/payments_v2?environment=prod',
      `/api/check-feature-flag/${'x'.repeat(80)}`,
      '/api/check-feature-flag/bad%20name',
    ]) {
      const res = await call(server, path, { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
    expect((await call(server, '/api/feature-flags')).status).toBe(401);
  });
});
