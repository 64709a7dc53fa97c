// Mass assignment: every JSON write route gets a plausible body (from its documented
// schema, with the driver's own orders and photos) plus company_id / driver_id /
// account_id / role / price and balance fields pointing at the other company or at money.
// Whatever each route answers (refused or done), nothing of Ridge changes, no row links
// two companies, roles stay, orders keep their company and Summit drivers, and no balance
// drops by more than the 1 cent these bodies offer to pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/domain';
import { takesIdempotencyKey } from '../../server/http/idempotency';
import { concreteUrl, startServerWithRoutes, type RegisteredRoute } from '../support/routes';
import { jsonBodySchema, sampleOf } from '../support/sampleBody';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, call, liveOrderIds, uploadPhoto } from './helpers';

let server: TestServer;
let routes: RegisteredRoute[];
let token: string;
let doc: { paths: Record<string, Record<string, unknown>> };
let ridge: { companyId: number; driverId: number; orderId: number };
let summitCompanyId: number;
let photo: Awaited<ReturnType<typeof uploadPhoto>>;
const pools: Record<string, number[]> = {};

beforeAll(async () => {
  ({ server, routes } = await startServerWithRoutes());
  token = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
  doc = (await call<typeof doc>(server, API.openapi)).body;
  photo = await uploadPhoto(server, token, 77);
  for (const kind of ['customer', 'onlot', 'move'] as const) pools[kind] = await liveOrderIds(server, SUMMIT_DRIVER.email, kind);
  const [r] = await server.query<{ company_id: number; id: number }>('SELECT company_id, id FROM accounts WHERE email = $1', [RIDGE_DRIVER.email]);
  const [ro] = await server.query<{ id: number }>('SELECT id FROM orders WHERE company_id = $1 ORDER BY id LIMIT 1', [r?.company_id]);
  const [s] = await server.query<{ company_id: number }>('SELECT company_id FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
  if (!r || !ro || !s) throw new Error('seed lacks Ridge or Summit rows');
  ridge = { companyId: r.company_id, driverId: r.id, orderId: ro.id };
  summitCompanyId = s.company_id;
});
afterAll(() => server.close());

/** Fields a client must never be able to set: identity, tenancy, roles, prices, state. */
const hostile = (): Record<string, unknown> => ({
  company_id: ridge.companyId,
  companyId: ridge.companyId,
  driver_id: ridge.driverId,
  account_id: ridge.driverId,
  created_by: ridge.driverId,
  role: 'super_admin',
  is_admin: true,
  id: ridge.orderId,
  order_id: ridge.orderId,
  price: 0,
  total_price: 0,
  remaining_balance: 0,
  balance: 0,
  amount: 0.01,
  payment_amount: '0.01',
  amount_cents: 1,
  status: 'Delivered',
  delivered_at: '2000-01-01T00:00:00.000Z',
  removed_at: null,
});

const KIND_OF_FIELD: Record<string, string> = { customer_order_id: 'customer', onlot_inventory_order_id: 'onlot', inventory_move_order_id: 'move' };
const nextOrder = (kind: string): number => pools[kind]?.shift() ?? 1;

/** A body the route could accept: the driver's own orders and photo, never a password or a new email. */
function baseBody(route: RegisteredRoute): Record<string, unknown> {
  const sample = sampleOf(jsonBodySchema(doc, route.method, route.url), {
    byName: (name) => {
      const kind = KIND_OF_FIELD[name];
      if (kind) return nextOrder(kind);
      if (name === 'building_images' || name === 'profile_image_attributes') return name === 'building_images' ? [photo] : photo;
      if (/_guid$/.test(name)) return photo.guid;
      if (name === 'email') return SUMMIT_DRIVER.email;
      return undefined;
    },
  });
  const body = sample && typeof sample === 'object' && !Array.isArray(sample) ? { ...(sample as Record<string, unknown>) } : {};
  delete body.password;
  return body;
}

async function ridgeSnapshot(): Promise<Record<string, string>> {
  const tables = await server.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'company_id' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [row] = await server.query<{ digest: string }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t WHERE company_id = $1`,
      [ridge.companyId],
    );
    out[table] = row?.digest ?? '';
  }
  const [company] = await server.query<{ digest: string }>('SELECT md5(c::text) AS digest FROM companies c WHERE id = $1', [ridge.companyId]);
  out.companies = company?.digest ?? '';
  return out;
}

/** Rows that point at another company's order, account or delivery: must never exist. */
async function crossTenantLinks(): Promise<string[]> {
  const links = await server.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.columns k ON k.table_name = c.table_name AND k.table_schema = 'public' AND k.column_name = 'company_id'
     JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = 'public' AND c.column_name IN ('order_id', 'account_id', 'driver_id', 'created_by', 'delivery_id')`,
  );
  const target: Record<string, string> = {
    order_id: 'orders',
    account_id: 'accounts',
    driver_id: 'accounts',
    created_by: 'accounts',
    delivery_id: 'deliveries',
  };
  const bad: string[] = [];
  for (const { table_name: table, column_name: column } of links) {
    const [row] = await server.query<{ n: number }>(
      `SELECT count(*)::int n FROM "${table}" x JOIN "${target[column]}" y ON y.id = x."${column}" WHERE y.company_id <> x.company_id`,
    );
    if ((row?.n ?? 0) > 0) bad.push(`${table}.${column}: ${row?.n}`);
  }
  return bad;
}

const balances = async () =>
  new Map(
    (
      await server.query<{ order_id: number; remaining_balance: string | number | null }>(
        'SELECT order_id, remaining_balance FROM customer_order_billing WHERE company_id = $1',
        [summitCompanyId],
      )
    ).map((r) => [r.order_id, Number(r.remaining_balance ?? 0)]),
  );

describe('mass assignment on every JSON write route', () => {
  it('refuses or ignores company_id, driver_id, role and price fields: the other company and the money stay untouched', async () => {
    const jsonWrites = routes.filter((r) => takesIdempotencyKey(r.method, r.url) && r.url !== API.upload);
    expect(jsonWrites.length).toBeGreaterThanOrEqual(2);
    const ridgeBefore = await ridgeSnapshot();
    const rolesBefore = await server.query('SELECT id, company_id, role, removed_at FROM accounts ORDER BY id');
    const balancesBefore = await balances();
    const outcomes: number[] = [];
    for (const route of jsonWrites) {
      const base = baseBody(route);
      const extras = Object.fromEntries(Object.entries(hostile()).filter(([k]) => !(k in base)));
      const overrides = Object.fromEntries(Object.entries(hostile()).filter(([k]) => k in base));
      // Unknown extra fields (refused by strict schemas, else ignored), then hostile values
      // for fields the schema does know (the route must check them against the token).
      for (const body of [
        { ...base, ...extras },
        { ...base, ...overrides },
      ]) {
        const res = await call(server, concreteUrl(route.url), {
          method: route.method,
          token,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        outcomes.push(res.status);
        expect(res.status, `${route.method} ${route.url} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
      }
    }
    expect(await ridgeSnapshot()).toEqual(ridgeBefore);
    expect(await crossTenantLinks()).toEqual([]);
    expect(await server.query('SELECT id, company_id, role, removed_at FROM accounts ORDER BY id')).toEqual(rolesBefore);
    const strayOrders = await server.query<{ id: number }>(
      `SELECT o.id FROM orders o LEFT JOIN accounts a ON a.id = o.driver_id
       WHERE o.company_id = $1 AND o.driver_id IS NOT NULL AND (a.company_id <> o.company_id OR a.role <> 'driver')`,
      [summitCompanyId],
    );
    expect(strayOrders).toEqual([]);
    for (const [orderId, after] of await balances()) {
      expect(after, `order ${orderId} balance`).toBeGreaterThanOrEqual((balancesBefore.get(orderId) ?? 0) - 0.01 - 1e-9);
    }
    // The token still says what the account is.
    const again = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
    const claims = JSON.parse(Buffer.from(again.split('.')[1] ?? '', 'base64url').toString()) as { role: string; company_id: number };
    expect(claims).toMatchObject({ role: 'driver', company_id: summitCompanyId });
    // The plausible bodies do reach the work: some routes succeed with the hostile fields in.
    expect(outcomes.filter((status) => status === 200).length).toBeGreaterThan(0);
  });

  it('the cross-company check is not vacuous: a planted link is found', async () => {
    const [summitDriver] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
    await server.query('INSERT INTO order_notes (order_id, company_id, account_id, note) VALUES ($1, $2, $3, $4)', [
      ridge.orderId,
      summitCompanyId,
      summitDriver?.id,
      'planted',
    ]);
    try {
      expect(await crossTenantLinks()).toEqual(['order_notes.order_id: 1']);
    } finally {
      await server.query(`DELETE FROM order_notes WHERE note = 'planted'`);
    }
  });
});
