// Limits on requests, counted in the database (services/rateLimits.ts) so every instance sees
// the same count: past one, 429 TooManyRequests with Retry-After (the window's end).
// A key found over its limit is also remembered in this process until its window ends, and
// refused from memory: a flood of refused requests (a sign-in spray) costs no database write
// each. Safe across instances: within a window a count only grows, so "over" stays true.
import type { Db } from '../db/client';
import { hit, type Limit } from '../services/rateLimits';
import { tooManyRequests } from './errors';

/** Keys remembered as over their limit at most (idle ones are dropped first). */
const MAX_REMEMBERED = 10_000;

export interface Limiter {
  /** Counts one request on `key`; throws 429 past the limit. */
  enforce(key: string, limit: Limit, message?: string): Promise<void>;
}

export function createLimiter(db: Db, now: () => number): Limiter {
  const overUntil = new Map<string, number>();
  const remember = (key: string, until: number, at: number): void => {
    if (overUntil.size >= MAX_REMEMBERED) {
      for (const [k, end] of overUntil) if (end <= at) overUntil.delete(k);
      const oldest = overUntil.keys().next();
      if (overUntil.size >= MAX_REMEMBERED && !oldest.done) overUntil.delete(oldest.value);
    }
    overUntil.set(key, until);
  };
  return {
    async enforce(key, limit, message) {
      const at = now();
      const until = overUntil.get(key);
      if (until !== undefined) {
        if (at >= until || at < until - limit.windowMs) overUntil.delete(key); // its window is over (or the clock went back)
        else throw tooManyRequests((until - at) / 1000, message);
      }
      const counted = await hit(db, key, limit, at);
      if (counted.allowed) return;
      remember(key, counted.windowEnd, at);
      throw tooManyRequests(counted.retryAfterS, message);
    },
  };
}
