// Wrong current passwords on update_driver_settings (issue 20): a stolen token must not be a
// way to guess the password. Counted like failed sign-ins (services/loginLimits.ts): per
// account, `settings-password:<account id>`, the same limit shape as `login-account:<email>`
// (default 10 failures per 15 minutes), in rate_limits through the shared limiter, so every
// instance sees one count and a refusal past the limit is a 429 before any hash. The attempt is
// counted before the hash (concurrent guesses cannot slip past) and given back when the password
// was right or the hash never ran. A budget of its own: a thief's guesses here do not lock the
// owner out of signing in, and failed sign-ins elsewhere do not block the owner's change.
import type { Db } from '../db/client';
import type { Limiter } from '../http/limits';
import { unhit, type Limit } from './rateLimits';

const MESSAGE = 'Too many wrong current passwords for this account, try again later';

export interface CurrentPasswordGuard {
  /** Counts a possible wrong current password for this account; 429 past the limit. Returns the give-back. */
  forAccount(accountId: number): Promise<() => Promise<void>>;
}

export function currentPasswordGuard(db: Db, limiter: Limiter, limit: Limit, now: () => number): CurrentPasswordGuard {
  return {
    async forAccount(accountId) {
      const key = `settings-password:${accountId}`;
      const at = now();
      await limiter.enforce(key, limit, MESSAGE);
      return () => unhit(db, key, limit, at);
    },
  };
}
