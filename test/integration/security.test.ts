// Security headers on every kind of answer (success, error, 404, replay), HSTS only over
// TLS (X-Forwarded-Proto counts only behind a trusted proxy, TRUST_PROXY), and the login
// rate limit, which a client cannot dodge by inventing X-Forwarded-For addresses.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ERROR_TEXT, LOGIN_FAILURE_TEXT } from '../../src/domain';
import { HSTS_VALUE, installTransportSecurity, trustProxyFromEnv } from '../../server/http/transportSecurity';
import { startTestServer, type TestServer } from '../support/server';
import { startForwardingProxy } from '../support/forwardingProxy';
import { rawRequest } from '../support/rawHttp';
import { TEST_TLS_CERT, TEST_TLS_KEY } from '../support/tlsFixture';
import { SUMMIT_DRIVER, call, postJson } from './helpers';

let plain: TestServer;
let proxied: TestServer;
let token: string;

beforeAll(async () => {
  plain = await startTestServer();
  proxied = await startTestServer({ build: { trustProxy: 1 } });
  token = await plain.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
});
afterAll(async () => {
  await plain.close();
  await proxied.close();
});

function expectHardened(headers: Headers, label: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('x-frame-options'), label).toBe('DENY');
  expect(headers.get('referrer-policy'), label).toBe('no-referrer');
  expect(headers.get('x-powered-by'), label).toBeNull();
}

describe('security headers', () => {
  it('on successes, errors, unknown routes, refused tokens and bad bodies alike', async () => {
    const answers = {
      health: await call(plain, API.health),
      read: await call(plain, API.orderList, { token }),
      unauthenticated: await call(plain, API.orderList),
      unknown: await call(plain, '/no/such/route'),
      badJson: await call(plain, API.deliverOnlot, { method: 'POST', token, body: '{', headers: { 'content-type': 'application/json' } }),
      badUrl: await call(plain, `/files/${'x'.repeat(300)}`, { token }),
      loginFailure: await postJson(plain, API.login, { email: 'nobody@example.test', password: 'x' }),
    };
    expect(answers.read.status).toBe(200);
    expect(answers.unauthenticated.status).toBe(401);
    expect(answers.badUrl.status).toBe(414);
    expect(answers.badUrl.body).toEqual({ error: 'InvalidRequest', message: 'The URL is too long' });
    for (const [label, res] of Object.entries(answers)) expectHardened(res.headers, label);
  });

  it('JSON answers say so; error bodies are never sniffable HTML', async () => {
    const res = await call(plain, '/api/driver/nope?<script>', { token });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text).not.toContain('<script>');
  });
});

// Issue 20 item 9: what Node's HTTP parser refuses (headers past --max-http-header-size, 16 KB
// by default; a request line that is not HTTP) never reaches a route or hook. Fastify's own
// clientError answer was {"error":"Request Header Fields Too Large",…}, outside the Error enum.
describe('requests the HTTP parser refuses', () => {
  const documented = Object.keys(ERROR_TEXT);

  it('headers too large → 431 {error: InvalidRequest, message} with the security headers', async () => {
    const res = await rawRequest(plain.url, `GET ${API.health} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(res.body) as { error: string; message: string };
    expect(body).toEqual({ error: 'InvalidRequest', message: 'The request headers are too large' });
    expect(documented).toContain(body.error);
    expectHardened(new Headers(res.headers), '431');
  });

  it('a request that is not HTTP → 400 {error: InvalidRequest, message} with the security headers', async () => {
    const res = await rawRequest(plain.url, 'NOT AN HTTP REQUEST\r\n\r\n');
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body) as { error: string; message: string };
    expect(body).toEqual({ error: 'InvalidRequest', message: 'The request is not valid HTTP' });
    expect(documented).toContain(body.error);
    expectHardened(new Headers(res.headers), '400');
  });
});

describe('HSTS only over TLS', () => {
  it('is never sent over plain http, even when a client claims X-Forwarded-Proto: https without a trusted proxy', async () => {
    expect((await call(plain, API.health)).headers.get('strict-transport-security')).toBeNull();
    const spoofed = await call(plain, API.health, { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent behind a trusted TLS proxy (TRUST_PROXY), on errors too, and not for its plain-http requests', async () => {
    const tls = await call(proxied, API.health, { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    const tlsError = await call(proxied, API.orderList, { headers: { 'x-forwarded-proto': 'https' } });
    expect(tlsError.status).toBe(401);
    expect(tlsError.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    expect((await call(proxied, API.health, { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
    expect((await call(proxied, API.health)).headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent for a request that came over a real TLS socket, with no proxy header and no trust', async () => {
    const app = Fastify({ https: { key: TEST_TLS_KEY, cert: TEST_TLS_CERT } });
    installTransportSecurity(app);
    app.get('/x', () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as AddressInfo;
      const hsts = await new Promise<string | undefined>((resolve, reject) => {
        httpsRequest({ host: '127.0.0.1', port, path: '/x', ca: TEST_TLS_CERT }, (res) => {
          res.resume();
          const value = res.headers['strict-transport-security'];
          resolve(typeof value === 'string' ? value : undefined);
        })
          .on('error', reject)
          .end();
      });
      expect(hsts).toBe(HSTS_VALUE);
    } finally {
      await app.close();
    }
  });

  it('TRUST_PROXY is a number of hops (yes words mean one) or the proxies\' addresses, never "trust everything"', () => {
    for (const one of ['1', 'true', 'TRUE', ' yes ', 'on']) expect(trustProxyFromEnv(one), one).toBe(1);
    for (const no of [undefined, '', '0', 'false', 'no', 'off']) expect(trustProxyFromEnv(no), String(no)).toBe(false);
    expect(trustProxyFromEnv('2')).toBe(2);
    expect(trustProxyFromEnv('10.0.0.11, 10.0.0.12')).toEqual(['10.0.0.11', '10.0.0.12']);
    expect(trustProxyFromEnv('10.0.0.0/8 loopback ::1 fd00::/8')).toEqual(['10.0.0.0/8', 'loopback', '::1', 'fd00::/8']);
    for (const bad of ['maybe', '10.0.0.0/33', '10.0.0.300', '17', 'nginx']) expect(() => trustProxyFromEnv(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('login rate limit per address', () => {
  // Own servers: 3 attempts per address a minute, on a fixed clock (windows never depend on the wall clock).
  const limits = { loginLimits: { perIp: { max: 3, windowMs: 60_000 }, perAccount: { max: 100, windowMs: 60_000 } } };
  const clock = () => Date.UTC(2026, 0, 5, 9, 0, 0);
  let plain: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ ...limits, build: { limitClock: clock } });
    proxied = await startTestServer({ ...limits, build: { trustProxy: 1, limitClock: clock } });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });
  const attempt = (server: TestServer, forwardedFor: string) =>
    call(server, API.login, {
      method: 'POST',
      body: JSON.stringify({ email: 'dispatch@summit.test', password: 'wrong' }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    });

  it('429 TooManyRequests past the limit, however many addresses a direct client invents', async () => {
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await attempt(plain, `203.0.113.${i}`));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([401, 401, 401]);
    expect(answers[0]?.text).toBe(LOGIN_FAILURE_TEXT);
    for (const late of answers.slice(3)) {
      expect(late.status).toBe(429);
      expect(late.body).toMatchObject({ error: 'TooManyRequests', message: expect.any(String) as string });
    }
  });

  it('behind a trusted proxy each real client (X-Forwarded-For) has its own budget', async () => {
    for (let i = 0; i < 3; i += 1) expect((await attempt(proxied, '198.51.100.7')).status).toBe(401);
    expect((await attempt(proxied, '198.51.100.7')).status).toBe(429);
    expect((await attempt(proxied, '198.51.100.8')).status).toBe(401);
  });

  // Issue 20: Fastify's trustProxy `true` took the LEFT-most X-Forwarded-For, which the client
  // writes itself and nginx's $proxy_add_x_forwarded_for keeps: 40 invented addresses got 40
  // budgets. One trusted hop takes the address the proxy appended.
  it("behind the README's nginx (which appends to X-Forwarded-For), addresses the client invents buy no budget", async () => {
    for (const trustProxy of [1, ['127.0.0.1']]) {
      const server = await startTestServer({ ...limits, build: { trustProxy, limitClock: clock } });
      const proxy = await startForwardingProxy(server.url);
      try {
        // The client sits on another loopback address than the proxy (127.0.0.1), as a phone does.
        const statuses = [];
        for (let i = 0; i < 6; i += 1) {
          const res = await requestFrom('127.0.0.9', `${proxy.url}${API.login}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
            body: JSON.stringify({ email: 'dispatch@summit.test', password: 'wrong' }),
          });
          statuses.push(res.status);
        }
        expect(statuses, JSON.stringify(trustProxy)).toEqual([401, 401, 401, 429, 429, 429]);
        // X-Forwarded-Proto from the trusted proxy still counts.
        const health = await requestFrom('127.0.0.9', `${proxy.url}${API.health}`, { method: 'GET', headers: {} });
        expect(health.headers['strict-transport-security']).toBe(HSTS_VALUE);
      } finally {
        await proxy.close();
        await server.close();
      }
    }
  });
});

/** An HTTP request from a chosen local address (fetch cannot pick one). */
function requestFrom(
  localAddress: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers: init.headers, localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
