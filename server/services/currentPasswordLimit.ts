// Wrong current passwords on update_driver_settings (issue 20): a stolen token must not be a
// way to guess the password. Counted like failed sign-ins (services/loginLimits.ts): per
// account, `settings-password:<account id>`, with the sign-in per-account limit (`loginLimits.perAccount`,
// default 5 per 15 sliding minutes), in rate_limits through the limiter's enforceGuess, so every
// instance sees one count and a refusal past the limit is a 429 before any hash. The attempt is
// counted before the hash (concurrent guesses cannot slip past) and given back when the password
// was right or the hash never ran. A budget of its own: a thief's guesses here do not lock the
// owner out of signing in, and failed sign-ins elsewhere do not block the owner's change.
import type { Limit, Limiter } from './rateLimits';

const MESSAGE = 'Too many wrong current passwords for this account, try again later';

export interface CurrentPasswordGuard {
  /** Counts a possible wrong current password for this account; 429 past the limit. Returns the give-back. */
  forAccount(accountId: number): Promise<() => Promise<void>>;
}

export function currentPasswordGuard(limiter: Limiter, limit: Limit): CurrentPasswordGuard {
  return {
    forAccount: (accountId) => limiter.enforceGuess(`settings-password:${accountId}`, limit, MESSAGE),
  };
}
