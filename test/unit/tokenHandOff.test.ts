// Issue 22 item 8: SPEC §6 confirms only company_id, role and exp. The account comes from
// account_id or the registered `sub`; name, company and email are optional; the `jwt` cookie's
// value is read from document.cookie's text.
import { describe, expect, it } from 'vitest';
import { authStateOf } from '../../src/db';
import { driverNameOf, judgeClaims, jwtCookieOf, parseClaims } from '../../src/domain';

const NOW_MS = 1_800_000_000_000;
const exp = NOW_MS / 1000 + 3 * 86_400;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`;

describe("SPEC §6's confirmed claims", () => {
  it('company_id, role, exp and sub are enough: the account is sub (a number or its text)', () => {
    expect(parseClaims({ company_id: 3, role: 'driver', exp, sub: '42' })).toEqual({ company_id: 3, role: 'driver', exp, account_id: 42 });
    expect(parseClaims({ company_id: 3, role: 'driver', exp, sub: 42 })?.account_id).toBe(42);
    expect(judgeClaims({ company_id: 3, role: 'driver', exp, sub: '42' }, NOW_MS)).toBe('ok');
  });

  it('account_id wins over sub; the display claims are kept when present', () => {
    expect(parseClaims({ company_id: 3, role: 'driver', exp, account_id: 7, sub: '42', name: 'Dale', company: 'Summit', email: 'd@s.test' })).toEqual({
      company_id: 3,
      role: 'driver',
      exp,
      account_id: 7,
      name: 'Dale',
      company: 'Summit',
      email: 'd@s.test',
    });
  });

  it('no account (no account_id, no numeric sub) or a missing confirmed claim is malformed', () => {
    for (const claims of [
      { company_id: 3, role: 'driver', exp },
      { company_id: 3, role: 'driver', exp, sub: 'dale@summit.test' },
      { company_id: 3, role: 'driver', exp, sub: '0' },
      { role: 'driver', exp, sub: '42' },
      { company_id: 3, exp, sub: '42' },
      { company_id: 3, role: 'driver', sub: '42' },
    ]) {
      expect(judgeClaims(claims, NOW_MS), JSON.stringify(claims)).toBe('malformed');
    }
  });

  it('the phone stores a session of the parsed claims (the account from sub) and names the driver without a name', () => {
    const state = authStateOf(token({ company_id: 3, role: 'driver', exp, sub: '42' }), NOW_MS);
    expect(state.status === 'authenticated' && state.session.claims.account_id).toBe(42);
    expect(driverNameOf({ account_id: 42 })).toBe('#42');
    expect(driverNameOf({ account_id: 42, email: 'd@s.test' })).toBe('d@s.test');
    expect(driverNameOf({ account_id: 42, email: 'd@s.test', name: 'Dale' })).toBe('Dale');
  });
});

describe('the jwt cookie (SPEC §6/§9)', () => {
  it('finds the jwt cookie among others, unquoted and decoded', () => {
    expect(jwtCookieOf('theme=dark; jwt=aaa.bbb.ccc; other=1')).toBe('aaa.bbb.ccc');
    expect(jwtCookieOf('jwt="aaa.bbb.ccc"')).toBe('aaa.bbb.ccc');
    expect(jwtCookieOf('xjwt=aaa.bbb.ccc;jwt=a-1.b_2.c3')).toBe('a-1.b_2.c3');
  });

  it('none, an empty one or one that is no JWT is null', () => {
    for (const text of ['', 'theme=dark', 'jwt=', 'jwt=not-a-token', 'jwt=%E0%A4%A', 'jwt=a.b.c<script>']) expect(jwtCookieOf(text), text).toBeNull();
  });
});

describe('what the phone stores', () => {
  it('a token of only the confirmed claims and sub is judged by role and account like any other', () => {
    expect(authStateOf(token({ company_id: 3, role: 'office_admin', exp, sub: '42' }), NOW_MS)).toEqual({ status: 'unauthenticated', reason: 'role' });
    expect(authStateOf(token({ company_id: 3, role: 'driver', exp }), NOW_MS)).toEqual({ status: 'unauthenticated', reason: 'malformed' });
  });
});
