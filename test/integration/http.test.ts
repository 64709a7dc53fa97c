// Transport hygiene: clean 4xx bodies for bad input (never 500), security headers, the
// meta routes, and restarts on an existing data dir (no re-seed, old keys purged).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API } from '../../src/domain';
import { startTestServer, type TestServer } from '../support/server';
import { SUMMIT_DRIVER, call, useTestServer } from './helpers';

let server: TestServer;
let token: string;

useTestServer({ token: SUMMIT_DRIVER }, (s) => ({ server, token } = s));

const post = (path: string, body: string, contentType: string) => call(server, path, { method: 'POST', token, body, headers: { 'content-type': contentType } });

describe('bad input answers a clean 4xx {error, message}', () => {
  it('malformed JSON is 400, not 500', async () => {
    for (const path of [API.deliverOnlot, API.login]) {
      const res = await post(path, '{"onlot_inventory_order_id": 1,', 'application/json');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest', message: expect.any(String) as string });
    }
  });

  it('an empty JSON body, JSON null and a JSON string are 400', async () => {
    for (const body of ['', 'null', '"text"', '42']) {
      const res = await post(API.deliverOnlot, body, 'application/json');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });

  it('a NUL character or half a surrogate pair in any JSON string is 400 (PostgreSQL cannot store it as sent), never 500', async () => {
    const bodies = ['{"profile_id":"\\u0000"}', '{"note":"a\\u0000b","order_id":1}', '{"a\\u0000":1}', '[["\\u0000"]]'];
    bodies.push('{"profile_id":"a\\ud83d b"}', '{"note":"\\ude00","order_id":1}', '{"\\udbff":1}');
    for (const body of bodies) {
      const res = await post('/secure/cardconnect/profile_inquiry', body, 'application/json');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });

  it('a wrong content type is 415', async () => {
    const res = await post(API.deliverOnlot, 'a=1', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    const xml = await post(API.login, '<a/>', 'application/xml');
    expect(xml.status).toBe(415);
  });

  it('a JSON body over 1 MB is 413', async () => {
    const huge = JSON.stringify({ delivery_note: 'x'.repeat(1_200_000) });
    const res = await post(API.deliverOnlot, huge, 'application/json');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'InvalidRequest' });
  });

  it('a prototype-pollution body is refused, not merged', async () => {
    const res = await post(API.deliverOnlot, '{"__proto__": {"admin": true}, "onlot_inventory_order_id": 1}', 'application/json');
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('unknown routes are 404 NotFound (401 first under protected prefixes); a known path with another method is 405', async () => {
    const res = await call(server, '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
    expect((await call(server, '/api/driver/nope', { token })).status).toBe(404);
    expect((await call(server, '/api/driver/nope')).status).toBe(401);
    expect((await call(server, API.deliverOnlot, { token })).status).toBe(405); // GET on a POST route: 405 with Allow (contractVersion.test.ts)
  });
});

describe('headers and meta routes', () => {
  it('sends a CSP fit for the PWA, nosniff and no framing', async () => {
    const res = await call(server, API.health);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' blob: data:");
    expect(csp).toContain("worker-src 'self' blob:");
    // The map's online basemap (its style, tiles, fonts and sprites) and nothing else outside.
    expect(csp).toContain("connect-src 'self' https://tiles.openfreemap.org");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('/openapi.json lists the routes with their methods', async () => {
    const res = await call<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(server, API.openapi);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths[API.login] ?? {})).toEqual(['post']);
    expect(Object.keys(res.body.paths[API.orderList] ?? {})).toEqual(['get']);
    expect(res.body.paths[API.deliverOnlot]?.post).toBeDefined();
    expect(res.body.paths[API.upload]?.post).toBeDefined();
    expect(res.body.paths['/files/{name}']?.get).toBeDefined();
  });
});

describe('restart on an existing data dir', () => {
  it('keeps the data, does not seed twice, and purges idempotency keys older than 30 days', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-restart-'));
    try {
      const first = await startTestServer({ dataDir });
      await first.query(`INSERT INTO idempotency_keys (key, account_id, company_id, method, path, request_hash, state, created_at)
        VALUES ('old', 1, 1, 'POST', '/x', 'h', 'done', now() - interval '31 days'), ('recent', 1, 1, 'POST', '/x', 'h', 'done', now() - interval '29 days')`);
      const ordersBefore = await first.query<{ n: number }>('SELECT count(*)::int n FROM orders');
      await first.close();
      const second = await startTestServer({ dataDir });
      try {
        expect(await second.query('SELECT name FROM companies ORDER BY id')).toEqual([{ name: 'Summit Sheds' }, { name: 'Ridge Barns' }]);
        expect(await second.query<{ n: number }>('SELECT count(*)::int n FROM orders')).toEqual(ordersBefore);
        expect((await second.query<{ key: string }>('SELECT key FROM idempotency_keys')).map((r) => r.key)).toEqual(['recent']);
        expect((await second.query('SELECT name FROM schema_migrations')).length).toBeGreaterThanOrEqual(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
