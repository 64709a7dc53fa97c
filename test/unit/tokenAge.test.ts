import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { jwtKeys, MAX_TOKEN_AGE_SECONDS } from '../../server/auth/jwt';

// Issue 20 item 10: a token's age is capped at 7 days from its `iat` whatever its `exp` says
// (a token minted with the secret and a far `exp` must not live for a year); a token without
// `iat` may not have an `exp` further than that. Judged on the injected clock, also for a token already remembered.
const SECRET = 'a-secret-of-enough-length-for-hs256';
const claims = { company_id: 1, role: 'driver', account_id: 7, company: 'Summit Sheds', name: 'Dale', email: 'driver@summit.test', tv: 1 };
const T0 = Date.parse('2026-03-01T12:00:00Z') / 1000;
const DAY = 86_400;

const mint = (iat: number | null, exp: number): Promise<string> => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp);
  return (iat === null ? jwt : jwt.setIssuedAt(iat)).sign(new TextEncoder().encode(SECRET));
};

describe('token age cap', () => {
  it('is 7 days', () => {
    expect(MAX_TOKEN_AGE_SECONDS).toBe(7 * DAY);
  });

  it('refuses a token issued more than 7 days ago even with a far exp; accepts it just within', async () => {
    let now = (T0 + 7 * DAY - 60) * 1000;
    const keys = jwtKeys(SECRET, () => now);
    const token = await mint(T0, T0 + 365 * DAY);
    expect((await keys.verify(token))?.account_id).toBe(7); // 7 days minus a minute: fine, and remembered
    now = (T0 + 7 * DAY + 1) * 1000;
    expect(await keys.verify(token)).toBeNull(); // the remembered token ages out too
    expect(await jwtKeys(SECRET, () => now).verify(token)).toBeNull(); // and a fresh verify refuses it
  });

  // Issue 22 item 8: SPEC §6 promises only company_id, role and exp, so `iat` is optional; without
  // it the cap is on `exp`: a token further than 7 days from its end is refused, so none lives longer.
  it('refuses a token without iat whose exp is further than 7 days away; accepts one within', async () => {
    const keys = jwtKeys(SECRET, () => T0 * 1000);
    expect(await keys.verify(await mint(null, T0 + 30 * DAY))).toBeNull();
    expect(await keys.verify(await mint(null, T0 + 365 * DAY))).toBeNull();
    expect((await keys.verify(await mint(null, T0 + DAY)))?.account_id).toBe(7);
  });

  it('still ends a token at its own exp when that comes first', async () => {
    let now = T0 * 1000;
    const keys = jwtKeys(SECRET, () => now);
    const token = await mint(T0, T0 + 3600);
    expect(await keys.verify(token)).not.toBeNull();
    now = (T0 + 3601) * 1000;
    expect(await keys.verify(token)).toBeNull();
  });
});

describe('token age: iat from another clock', () => {
  it('accepts an iat a little ahead (another instance), refuses one far in the future', async () => {
    const keys = jwtKeys(SECRET, () => T0 * 1000);
    expect(await keys.verify(await mint(T0 + 60, T0 + DAY))).not.toBeNull();
    expect(await keys.verify(await mint(T0 + 365 * DAY, T0 + 400 * DAY))).toBeNull();
  });
});
