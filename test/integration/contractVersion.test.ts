// X-Contract-Version (src/domain/contract.ts, server/http/contractVersion.ts) and 405 Method
// Not Allowed: a too-old client gets 426 ClientTooOld on every API route (never on health, the
// document or the PWA's files); no header counts as the current version; a known path asked
// with another method gets 405 with Allow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CONTRACT_VERSION, CONTRACT_VERSION_HEADER, ERROR_TEXT } from '../../src/domain';
import { concreteUrl, startServerWithRoutes, type RegisteredRoute } from '../support/routes';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, call, postJson } from './helpers';

let minVersion = CONTRACT_VERSION;
let server: TestServer;
let routes: RegisteredRoute[];
let token: string;

beforeAll(async () => {
  ({ server, routes } = await startServerWithRoutes({ build: { minContractVersion: () => minVersion } }));
  token = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
});
afterAll(() => server.close());

const EXEMPT = new Set<string>([API.health, API.openapi]);
const version = (n: number | string) => ({ [CONTRACT_VERSION_HEADER]: String(n) });

describe('X-Contract-Version', () => {
  it('a request without the header is served as the current version; the current version is served', async () => {
    expect((await call(server, API.orderList, { token })).status).toBe(200);
    expect((await call(server, API.orderList, { token, headers: version(CONTRACT_VERSION) })).status).toBe(200);
    expect((await call(server, API.orderList, { token, headers: version(CONTRACT_VERSION + 1) })).status).toBe(200);
  });

  it('a version below the minimum is 426 ClientTooOld on every API route (before auth), never on health or the document', async () => {
    minVersion = CONTRACT_VERSION + 1;
    try {
      for (const route of routes) {
        const res = await call(server, concreteUrl(route.url), {
          method: route.method,
          token,
          headers: { ...version(CONTRACT_VERSION), 'content-type': 'application/json' },
          body: route.method === 'GET' ? undefined : '{}',
        });
        if (EXEMPT.has(route.url)) {
          expect(res.status, `${route.method} ${route.url}`).toBe(200);
          continue;
        }
        expect(res.status, `${route.method} ${route.url}`).toBe(426);
        expect(res.body, `${route.method} ${route.url}`).toMatchObject({ error: 'ClientTooOld', message: ERROR_TEXT.ClientTooOld });
      }
      // Without a token too: updating comes first.
      expect((await call(server, API.orderList, { headers: version(1) })).status).toBe(426);
      // No header: still the current version, which is now too old only if the server said so for it.
      expect((await call(server, API.orderList, { token })).status).toBe(200);
    } finally {
      minVersion = CONTRACT_VERSION;
    }
  });

  it('a malformed version is 400 InvalidRequest', async () => {
    for (const bad of ['0', '-1', 'abc', '1.5', '']) {
      const res = await call(server, API.orderList, { token, headers: version(bad) });
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toMatchObject({ error: 'InvalidRequest' });
    }
  });
});

describe('405 Method Not Allowed', () => {
  it('a known path with an undeclared method answers 405 with Allow and {error, message}', async () => {
    const res = await call(server, API.orderList, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.body).toMatchObject({ error: 'MethodNotAllowed', message: expect.stringContaining('GET') as string });
    const del = await call(server, API.deliverOnlot, { method: 'DELETE', token });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('POST');
    const param = await call(server, '/files/abc.jpg', { method: 'PUT', token });
    expect(param.status).toBe(405);
    expect((await postJson(server, API.health, {})).status).toBe(405);
  });

  it('unknown paths keep their 404', async () => {
    expect((await call(server, '/api/driver/no-such-thing', { token })).status).toBe(404);
    expect((await call(server, '/api/driver/no-such-thing', { method: 'POST', token })).status).toBe(404);
    expect((await call(server, '/nowhere', { method: 'DELETE' })).status).toBe(404);
  });
});
