// Fair sign-in limits (issue 9). A security test sprayed /auth/login with different emails
// from one address: a per-address-and-email limit let every attempt through and each one cost
// a scrypt hash. Now, before any hash:
// - per address: `perIp.max` attempts per window across all emails (every attempt counts,
//   even a malformed one; behind TRUST_PROXY the address is X-Forwarded-For's client);
// - per account: `perAccount.max` failed sign-ins per window for one email, from any address
//   (unknown emails too, so the answer never tells which emails exist). The attempt is counted
//   before the hash (atomic, so concurrent guesses cannot slip past) and given back when the
//   password was right or the hash never ran.
// Counters live in rate_limits (services/rateLimits.ts): every instance sees the same counts.
import type { Db } from '../db/client';
import type { Limiter } from '../http/limits';
import { unhit, type Limit } from './rateLimits';

export interface LoginLimits {
  perIp: Limit;
  perAccount: Limit;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perIp: { max: 20, windowMs: 60_000 },
  perAccount: { max: 10, windowMs: 15 * 60_000 },
};

const IP_MESSAGE = 'Too many sign-in attempts from this network, try again later';
const ACCOUNT_MESSAGE = 'Too many failed sign-ins for this account, try again later';

export interface LoginGuard {
  /** Counts an attempt from this address; 429 past the limit. */
  fromAddress(ip: string): Promise<void>;
  /** Counts a possible failure for this email; 429 past the limit. Returns the give-back. */
  forAccount(email: string): Promise<() => Promise<void>>;
}

export function loginGuard(db: Db, limiter: Limiter, limits: LoginLimits, now: () => number): LoginGuard {
  return {
    fromAddress: (ip) => limiter.enforce(`login-ip:${ip}`, limits.perIp, IP_MESSAGE),
    async forAccount(email) {
      const key = `login-account:${email}`;
      const at = now();
      await limiter.enforce(key, limits.perAccount, ACCOUNT_MESSAGE);
      return () => unhit(db, key, limits.perAccount, at);
    },
  };
}
