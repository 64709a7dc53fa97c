// Issue 22 item 8: the main app hands a driver over with its `jwt` cookie (SPEC §6/§9). The page
// reads the cookie and gives the token to the engine's handOff, through the real engine and
// server here: a token of only SPEC's confirmed claims (company_id, role, exp) and `sub` signs in
// and its data arrives; a token the server refuses (signature, revocation) or the phone refuses
// (role) leaves no session and says "Not authorized" (SPEC §8); no signal decides nothing.
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { readImpersonationNote, readSession, readToken } from '../../src/db';
import { DEMO_DRIVER, syncUntilSettled, useSyncServer } from '../support/device';

const SECRET = 'cookie-hand-off-test-secret-0123456789abcdef';
const harness = useSyncServer(undefined, { jwtSecret: SECRET });
let driver: { id: number; company_id: number; token_version: number };

beforeAll(async () => {
  const [row] = await harness.server.query<typeof driver>('SELECT id, company_id, token_version FROM accounts WHERE email = $1', [DEMO_DRIVER.email]);
  if (!row) throw new Error('no seeded driver');
  driver = row;
});

/** A token of exactly these claims (no iat), like the main app's, expiring in a day. */
const mint = (claims: Record<string, unknown>, secret = SECRET): Promise<string> =>
  new SignJWT({ exp: Math.floor(Date.now() / 1000) + 86_400, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));

const confirmed = () => ({ company_id: driver.company_id, role: 'driver', sub: String(driver.id) });
const NOT_AUTHORIZED = { ok: false, error: 'NotAuthorized', message: 'Not authorized', retry: false, kept: false };

describe('the jwt cookie hand-off', () => {
  it('a token with only company_id, role, exp and sub signs the driver in; the data of that account arrives', async () => {
    const device = await harness.device();
    const token = await mint(confirmed());
    expect(await device.engine.handOff(token)).toEqual({ ok: true, signedIn: true });
    const session = await readSession(device.db);
    expect(session?.token).toBe(token);
    expect(session?.claims).toMatchObject({ account_id: driver.id, company_id: driver.company_id });
    expect(session?.claims.name).toBeUndefined();
    await syncUntilSettled(device);
    expect(await device.db.orders.find({ selector: { account_id: driver.id } }).exec()).not.toHaveLength(0);
    // Offered again (another load before it was remembered): nothing changes.
    expect(await device.engine.handOff(token)).toEqual({ ok: true, signedIn: false });
  });

  it('a bad signature, a revoked token and another role are refused as not authorized, with no session', async () => {
    const device = await harness.device();
    const forged = await mint(confirmed(), 'another-secret-another-secret-another');
    expect(await device.engine.handOff(forged)).toEqual(NOT_AUTHORIZED);
    expect(await device.engine.handOff(await mint({ ...confirmed(), role: 'office_admin' }))).toEqual(NOT_AUTHORIZED);
    expect(await device.engine.handOff('not-a-token')).toEqual(NOT_AUTHORIZED);
    const revoked = await device.engine.handOff(await mint({ ...confirmed(), tv: driver.token_version - 1 }));
    expect(revoked).toMatchObject({ ok: false, error: 'TokenRevoked', retry: false });
    expect(await readToken(device.db)).toBeNull();
    // Only the forged and revoked tokens reached the server (the phone refused the other two itself).
    expect(device.net.log.filter((line) => line === 'GET /api/company-user-is-removed')).toHaveLength(2);
  });

  it("a refused cookie leaves a signed-in driver's session as it was", async () => {
    const device = await harness.signedInDevice();
    const before = await readToken(device.db);
    expect(await device.engine.handOff(await mint(confirmed(), 'another-secret-another-secret-another'))).toEqual({ ...NOT_AUTHORIZED, kept: true });
    expect(await readToken(device.db)).toBe(before);
  });

  it('with no signal nothing is decided (the page offers the cookie again next load)', async () => {
    const device = await harness.device();
    device.net.offline = true;
    expect(await device.engine.handOff(await mint(confirmed()))).toMatchObject({ ok: false, retry: true });
    expect(await readToken(device.db)).toBeNull();
  });

  it('an impersonation in progress takes precedence (SPEC §6): the cookie changes nothing', async () => {
    const device = await harness.signedInDevice();
    const viewed = await harness.server.login('driver2@summit.test', 'summit-driver-2');
    expect(await device.engine.impersonate(viewed)).toEqual({ ok: true });
    expect(await device.engine.handOff(await mint(confirmed()))).toEqual({ ok: true, signedIn: false });
    expect(await readToken(device.db)).toBe(viewed);
    expect(await readImpersonationNote(device.db)).not.toBeNull();
  });
});
