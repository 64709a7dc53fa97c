import { describe, expect, it } from 'vitest';
import { jwtKeys } from '../../server/auth/jwt';

// HS256 tokens: a verified token is remembered, but its expiry is judged on every call, and
// nothing about another token (a forged one) is taken from the memory.
const claims = { company_id: 1, role: 'driver', account_id: 7, company: 'Summit Sheds', name: 'Dale', email: 'driver@summit.test', tv: 1 } as const;

describe('jwtKeys', () => {
  it('verifies, then answers the same token from memory until it expires on the injected clock', async () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const keys = jwtKeys('a-secret-of-enough-length-for-hs256', () => now);
    const token = await keys.sign(claims, 3600);
    now = Date.now(); // sign uses the wall clock; judge from its own issue time
    const first = await keys.verify(token);
    expect(first?.account_id).toBe(7);
    expect(await keys.verify(token)).toEqual(first);
    now = (first?.exp ?? 0) * 1000 + 1;
    expect(await keys.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or altered, even after the real one was remembered', async () => {
    const keys = jwtKeys('a-secret-of-enough-length-for-hs256');
    const other = jwtKeys('another-secret-of-enough-length-xx');
    const token = await keys.sign(claims);
    expect(await keys.verify(token)).not.toBeNull();
    expect(await keys.verify(await other.sign(claims))).toBeNull();
    const [head, body, sig] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, account_id: 8, exp: 9_999_999_999 })).toString('base64url')}.${sig}`;
    expect(body).not.toBe(forged.split('.')[1]);
    expect(await keys.verify(forged)).toBeNull();
  });
});
