// Another company's id answers 404 and leaks nothing (DESIGN §6), on EVERY read route (read
// from Fastify's router): a Summit driver asks with Ridge's order, driver, card profile,
// upload and certificate ids wherever a route takes an id, and pulls from the epoch; no
// answer names Ridge's company, people, dealers, order numbers or addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, EMAIL_INFO_KINDS, encodeCheckpoint } from '../../src/domain';
import { startServerWithRoutes, type RegisteredRoute } from '../support/routes';
import { queryNames } from '../support/sampleBody';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, call, liveOrderIds, uploadPhoto } from './helpers';

let server: TestServer;
let routes: RegisteredRoute[];
let summit: string;
let doc: { paths: Record<string, Record<string, unknown>> };
const ridge: { orders: Record<string, number>; driverId: number; profileId: string | null; upload: string; certificate: string | null } = {
  orders: {},
  driverId: 0,
  profileId: null,
  upload: '',
  certificate: null,
};
let leak: RegExp;
const own: Record<string, number> = {}; // Summit driver's orders, to pair with a Ridge driver-id

beforeAll(async () => {
  ({ server, routes } = await startServerWithRoutes());
  summit = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
  doc = (await call<typeof doc>(server, API.openapi)).body;
  const ridgeToken = await server.login(RIDGE_DRIVER.email, RIDGE_DRIVER.password);
  const photo = await uploadPhoto(server, ridgeToken, 91);
  ridge.upload = `${photo.guid}.jpg`;
  const [driver] = await server.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [RIDGE_DRIVER.email]);
  if (!driver) throw new Error('no Ridge driver');
  ridge.driverId = driver.id;
  // The Ridge driver's own orders: the ones most likely to be found by a missing driver check too.
  for (const kind of ['customer', 'onlot', 'move']) {
    const [order] = await server.query<{ id: number }>('SELECT id FROM orders WHERE company_id = $1 AND kind = $2 ORDER BY driver_id = $3 DESC, id LIMIT 1', [
      driver.company_id,
      kind,
      driver.id,
    ]);
    ridge.orders[kind] = order?.id ?? 0;
  }
  for (const kind of ['customer', 'onlot', 'move']) own[kind] = (await liveOrderIds(server, SUMMIT_DRIVER.email, kind as 'customer'))[0] ?? 0;
  ridge.profileId =
    (await server.query<{ profile_id: string }>('SELECT profile_id FROM card_profiles WHERE company_id = $1 LIMIT 1', [driver.company_id]))[0]?.profile_id ??
    null;
  ridge.certificate =
    (await server.query<{ guid: string }>('SELECT guid FROM delivery_certificates WHERE company_id = $1 LIMIT 1', [driver.company_id]))[0]?.guid ?? null;
  // Ridge's words: company, RTO partner, dealers, people, order numbers, Tennessee addresses.
  const names = await server.query<{ name: string }>(
    `SELECT name FROM dealers WHERE company_id = $1 UNION SELECT name FROM companies WHERE id = $1
     UNION SELECT first_name || ' ' || last_name FROM accounts WHERE company_id = $1 UNION SELECT name FROM rto_companies WHERE company_id = $1`,
    [driver.company_id],
  );
  const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  leak = new RegExp(`${names.map((n) => escape(n.name)).join('|')}|@ridge\\.test|\\bRB-?\\d{3}|, TN 3\\d{4}`);
});
afterAll(() => server.close());

const kindOf = (text: string): string | null => (/customer/i.test(text) ? 'customer' : /onlot/i.test(text) ? 'onlot' : /move/i.test(text) ? 'move' : null);

/** The URLs to try for a route: every id it takes set to Ridge's; null when it takes none. */
function foreignUrls(route: RegisteredRoute): string[] {
  const params = queryNames(doc, route.method, route.url);
  const query = new URLSearchParams();
  let foreign = false;
  for (const name of params) {
    if (/checkpoint/.test(name)) continue;
    const kind = kindOf(name) ?? (name === 'id' ? kindOf(route.url) : null);
    if (kind) {
      query.set(name, String(ridge.orders[kind]));
      foreign = true;
    } else if (/driver.?id/i.test(name)) {
      query.set(name, String(ridge.driverId));
      foreign = true;
    } else if (name === 'profile_id' && ridge.profileId) {
      query.set(name, ridge.profileId);
      foreign = true;
    }
  }
  const search = query.toString();
  if (route.url.includes(':kind')) {
    // One URL per order id a kind reads (the driver kinds take exactly one, plus driver-id:
    // Ridge's driver with Ridge's order, and with the caller's own order).
    return Object.entries(EMAIL_INFO_KINDS).flatMap(([kind, ids]) =>
      ids
        .filter((id) => id !== 'driver-id')
        .flatMap((id) => {
          const path = route.url.replace(':kind', kind);
          const orderKind = kindOf(id) ?? 'customer';
          if (!(ids as readonly string[]).includes('driver-id')) return [`${path}?${id}=${ridge.orders[orderKind]}`];
          return [ridge.orders[orderKind], own[orderKind]].map((order) => `${path}?${id}=${order}&driver-id=${ridge.driverId}`);
        }),
    );
  }
  if (route.url === '/files/:name') return [`/files/${ridge.upload}`];
  if (route.url.startsWith('/files/certificates/')) return ridge.certificate ? [route.url.replace(':name', `${ridge.certificate}.pdf`)] : [];
  return foreign ? [`${route.url}?${search}`] : [];
}

describe("another company's ids on every read route", () => {
  it("answer 404 (or 400), never the other company's data", async () => {
    const reads = routes.filter((r) => r.method === 'GET' && !r.url.includes('*'));
    const tried: string[] = [];
    for (const route of reads) {
      for (const url of foreignUrls(route)) {
        const res = await call(server, url, { token: summit });
        tried.push(url);
        expect([400, 404], `${url} → ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
        expect(res.text, url).not.toMatch(leak);
      }
    }
    // The order reads of all three kinds, the email lookups and the files were all tried.
    expect(tried.filter((u) => u.includes('customer')).length).toBeGreaterThan(2);
    expect(tried.some((u) => u.startsWith('/files/'))).toBe(true);
  });

  it('no read route, pulls from the epoch included, names anything of the other company', async () => {
    const epoch = encodeCheckpoint({ updated_at: '1970-01-01T00:00:00.000Z', id: 'co-0' });
    for (const route of routes.filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
      const params = queryNames(doc, route.method, route.url);
      const urls = [route.url];
      if (params.includes('checkpoint')) urls.push(`${route.url}?checkpoint=${epoch}&limit=1000`);
      for (const url of urls) {
        const res = await call(server, url, { token: summit });
        expect(res.status, url).toBeLessThan(500);
        expect(res.text, url).not.toMatch(leak);
      }
    }
  });

  it("the leak detector is not vacuous: the Ridge driver's own answers do name Ridge", async () => {
    const ridgeToken = await server.login(RIDGE_DRIVER.email, RIDGE_DRIVER.password);
    const res = await call(server, API.orderList, { token: ridgeToken });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(leak);
  });
});
