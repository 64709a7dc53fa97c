// Revocation (issue 9): a token is only as good as its account. A removed driver's old token
// and a token from before a password change are refused on EVERY authenticated route (read
// from Fastify's own router), with 401 AccountRemoved / TokenRevoked; the token signed after
// the change works; and the bearer scheme is case-insensitive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LOGIN_FAILURE_TEXT, PROFILE_API } from '../../src/domain';
import { isProtectedPath } from '../../server/http/auth';
import { concreteUrl, startServerWithRoutes, type RegisteredRoute } from '../support/routes';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, SUMMIT_DRIVER2, call, newKey, postJson } from './helpers';

let server: TestServer;
let routes: RegisteredRoute[];

beforeAll(async () => {
  ({ server, routes } = await startServerWithRoutes());
});
afterAll(() => server.close());

/** Every protected route the router knows, each called once with this token (and a JSON body for writes). */
async function everyProtectedRoute(token: string, scheme = 'Bearer'): Promise<{ label: string; status: number; body: unknown }[]> {
  const answers = [];
  for (const route of routes.filter((r) => isProtectedPath(r.url) && !r.url.includes('*'))) {
    const write = route.method !== 'GET';
    const res = await call(server, concreteUrl(route.url), {
      method: route.method,
      headers: { authorization: `${scheme} ${token}`, ...(write ? { 'content-type': 'application/json', 'idempotency-key': newKey() } : {}) },
      ...(write ? { body: '{}' } : {}),
    });
    answers.push({ label: `${route.method} ${route.url}`, status: res.status, body: res.body });
  }
  return answers;
}

describe('the routes under test', () => {
  it('are many, reads and writes, uploads and files included', () => {
    const guarded = routes.filter((r) => isProtectedPath(r.url));
    expect(guarded.length).toBeGreaterThan(30);
    expect(guarded.some((r) => r.method === 'POST' && r.url === API.upload)).toBe(true);
    expect(guarded.some((r) => r.url.startsWith('/files/'))).toBe(true);
  });
});

describe('a removed driver', () => {
  it('is refused everywhere with 401 AccountRemoved; only the removed-user poll answers, with true', async () => {
    const token = await server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password);
    expect((await call(server, API.orderList, { token })).status).toBe(200);
    await server.query('UPDATE accounts SET removed_at = now() WHERE email = $1', [SUMMIT_DRIVER2.email]);
    for (const answer of await everyProtectedRoute(token)) {
      if (answer.label === `GET ${API.companyUserIsRemoved}`) {
        expect(answer.status, answer.label).toBe(200);
        expect(answer.body, answer.label).toBe(true);
        continue;
      }
      expect(answer.status, answer.label).toBe(401);
      expect(answer.body, answer.label).toMatchObject({ error: 'AccountRemoved', message: expect.any(String) as string });
    }
    const again = await postJson(server, API.login, SUMMIT_DRIVER2);
    expect(again.status).toBe(401);
    expect(again.text).toBe(LOGIN_FAILURE_TEXT);
  });
});

describe('a password change', () => {
  it("revokes every other older token; the phone that made the change stays signed in; the new password's token works", async () => {
    const phone = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
    const otherPhone = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
    const current = await call<Record<string, unknown>>(server, PROFILE_API.driverSettings, { token: phone });
    expect(current.status).toBe(200);
    const edit = (password: string, currentPassword: string) => ({
      first_name: current.body.first_name,
      last_name: current.body.last_name,
      phone_number: current.body.phone_number ?? '717-555-0100',
      email: current.body.email,
      password,
      current_password: currentPassword,
    });
    const changed = await postJson(server, PROFILE_API.updateDriverSettings, edit('a-brand-new-password-42', SUMMIT_DRIVER.password), {
      token: phone,
      key: newKey(),
    });
    expect(changed.status, changed.text).toBe(200);

    for (const answer of await everyProtectedRoute(otherPhone)) {
      expect(answer.status, answer.label).toBe(401);
      expect(answer.body, answer.label).toMatchObject({ error: 'TokenRevoked', message: expect.any(String) as string });
    }
    expect((await call(server, API.orderList, { token: phone })).status).toBe(200);
    expect((await postJson(server, API.login, SUMMIT_DRIVER)).status).toBe(401);
    const fresh = await server.login(SUMMIT_DRIVER.email, 'a-brand-new-password-42');
    expect((await call(server, API.orderList, { token: fresh })).status).toBe(200);
    const removed = await call(server, API.companyUserIsRemoved, { token: fresh });
    expect(removed.status).toBe(200);
    expect(removed.body).toBe(false);

    // A second change from the fresh sign-in: now the first phone's token lapses too.
    expect(
      (await postJson(server, PROFILE_API.updateDriverSettings, edit('another-new-password-7', 'a-brand-new-password-42'), { token: fresh, key: newKey() }))
        .status,
    ).toBe(200);
    expect((await call(server, API.orderList, { token: fresh })).status).toBe(200);
    for (const answer of await everyProtectedRoute(phone)) {
      expect(answer.status, answer.label).toBe(401);
      expect(answer.body, answer.label).toMatchObject({ error: 'TokenRevoked' });
    }
  });

  it('a password set by the office (another system) ends every session, the kept one too', async () => {
    const token = await server.login(SUMMIT_DRIVER.email, 'another-new-password-7');
    const [row] = await server.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE email = $1', [SUMMIT_DRIVER2.email]);
    await server.query('UPDATE accounts SET password_hash = $1 WHERE email = $2', [row?.password_hash, SUMMIT_DRIVER.email]);
    const res = await call(server, API.orderList, { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'TokenRevoked' });
  });

  it('a profile edit without a password keeps the session', async () => {
    const [row] = await server.query<{ token_version: number }>('SELECT token_version FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
    await server.query(`UPDATE accounts SET phone = '717-555-0199' WHERE email = $1`, [SUMMIT_DRIVER.email]);
    const [after] = await server.query<{ token_version: number }>('SELECT token_version FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
    expect(after?.token_version).toBe(row?.token_version);
  });
});

describe('the Authorization header', () => {
  it('takes the scheme in any case: bearer, BEARER', async () => {
    const [ridge] = await server.query<{ email: string }>(`SELECT email FROM accounts WHERE email = 'driver@ridge.test'`);
    const token = await server.login(ridge?.email ?? '', 'ridge-driver-1');
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await call(server, API.orderList, { headers: { authorization: `${scheme} ${token}` } });
      expect(res.status, scheme).toBe(200);
    }
    expect((await call(server, API.orderList, { headers: { authorization: `Basic ${token}` } })).status).toBe(401);
  });
});
