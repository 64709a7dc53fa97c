// Issue 22 item 8: SPEC §6 confirms only company_id, role and exp. A token handed over by the
// main app (the `jwt` cookie) may carry nothing else: the account is `account_id`, else the
// registered `sub` claim; `iat` is optional (then `exp` may not be further than a token's
// lifetime away). A token naming no account is refused as not authorized. Times are relative
// to now: no date matters.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { SUMMIT_DRIVER, call } from './helpers';

const SECRET = 'token-claims-test-secret-0123456789abcdef';
const DAY = 86_400;
let server: TestServer;
let account: { id: number; company_id: number };

beforeAll(async () => {
  server = await startTestServer({ jwtSecret: SECRET });
  const [row] = await server.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
  if (!row) throw new Error('no seeded driver');
  account = row;
});
afterAll(() => server.close());

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A token of exactly these claims (no iat unless given), signed with the server's secret. */
const mint = (claims: Record<string, unknown>): Promise<string> =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(SECRET));

const orderList = (token: string) => call(server, '/api/driver/order-list', { token });

describe("SPEC §6's confirmed claims", () => {
  it('company_id, role, exp and the account as sub (a number or its text), nothing else, is served', async () => {
    const base = { company_id: account.company_id, role: 'driver', exp: nowSeconds() + 3 * DAY };
    expect((await orderList(await mint({ ...base, sub: String(account.id) }))).status).toBe(200);
    expect((await orderList(await mint({ ...base, sub: account.id }))).status).toBe(200);
    expect((await call(server, '/api/company-user-is-removed', { token: await mint({ ...base, sub: String(account.id) }) })).body).toBe(false);
  });

  it('a token naming no account (no account_id, no usable sub) is 401 NotAuthorized', async () => {
    const base = { company_id: account.company_id, role: 'driver', exp: nowSeconds() + DAY };
    // An id past int4 (sub as text or account_id) was a 500 from the account lookup.
    for (const extra of [{}, { sub: 'driver@summit.test' }, { sub: '0' }, { sub: 1.5 }, { sub: '99999999999' }, { account_id: 2_147_483_648 }]) {
      const answer = await orderList(await mint({ ...base, ...extra }));
      expect(answer.status, JSON.stringify(extra)).toBe(401);
      expect(answer.body).toEqual({ error: 'NotAuthorized', message: 'Not authorized' });
    }
  });

  it('without iat, an exp further than a token lifetime (7 days) away is refused; within it is served', async () => {
    const base = { company_id: account.company_id, role: 'driver', account_id: account.id };
    expect((await orderList(await mint({ ...base, exp: nowSeconds() + 30 * DAY }))).status).toBe(401);
    expect((await orderList(await mint({ ...base, exp: nowSeconds() + 6 * DAY }))).status).toBe(200);
  });

  it("the account's own role counts, not the token's: an office account's token claiming driver is 403", async () => {
    const [office] = await server.query<{ id: number }>("SELECT id FROM accounts WHERE company_id = $1 AND role <> 'driver' AND removed_at IS NULL LIMIT 1", [
      account.company_id,
    ]);
    expect(office).toBeDefined();
    const answer = await orderList(await mint({ company_id: account.company_id, role: 'driver', exp: nowSeconds() + DAY, sub: office?.id }));
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'NotAuthorized' });
  });

  it('the account still has to be this company’s: a sub of another company is AccountRemoved', async () => {
    const answer = await orderList(await mint({ company_id: account.company_id + 1000, role: 'driver', exp: nowSeconds() + DAY, sub: account.id }));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: 'AccountRemoved' });
  });
});
