// Issue 20 item 10: the server caps a token's age at 7 days from `iat`, whatever its `exp`.
// A token signed with the right secret, issued 8 days ago and expiring in a year, answers what
// an expired token answers (401 NotAuthorized). Times are relative to now: no date matters.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { SUMMIT_DRIVER, call } from './helpers';

const SECRET = 'token-age-test-secret-0123456789abcdef';
const DAY = 86_400;
let server: TestServer;
let claims: Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer({ jwtSecret: SECRET });
  const [account] = await server.query<{ id: number; company_id: number; token_version: number }>(
    'SELECT id, company_id, token_version FROM accounts WHERE email = $1',
    [SUMMIT_DRIVER.email],
  );
  claims = {
    company_id: account?.company_id,
    role: 'driver',
    account_id: account?.id,
    company: 'Summit Sheds',
    name: 'Dale Hostetler',
    email: SUMMIT_DRIVER.email,
    tv: account?.token_version,
  };
});
afterAll(() => server.close());

const mint = (iatAgoSeconds: number): Promise<string> => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - iatAgoSeconds)
    .setExpirationTime(now + 365 * DAY)
    .sign(new TextEncoder().encode(SECRET));
};

describe('token age', () => {
  it('a token issued 8 days ago with a far exp is 401 NotAuthorized (what an expired token answers)', async () => {
    const old = await call(server, '/api/driver/order-list', { token: await mint(8 * DAY) });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ error: 'NotAuthorized' });
  });

  it('a token issued 6 days ago is still served', async () => {
    expect((await call(server, '/api/driver/order-list', { token: await mint(6 * DAY) })).status).toBe(200);
  });
});
