// Limits on requests, counted in the database (services/rateLimits.ts) so every instance sees
// the same count: past one, 429 TooManyRequests with Retry-After (when the sliding count has
// room again).
// A key found over its limit is also remembered in this process until it has room again, and
// refused from memory: a flood of refused requests (a sign-in spray) costs no database write
// each. Safe across instances: other instances' hits only add to the count, so "over" stays
// true at least until then.
// A refusal from memory is also held back a moment (refusalDelayMs, a tarpit): a client that
// keeps asking while over its limit, as fast as its connections allow, then gets a few answers
// a second instead of thousands, and the other drivers' reads keep their event loop. At most
// MAX_HELD refusals wait at once; past that they are answered at once.
import type { Db } from '../db/client';
import { hit, unhit, type Limiter } from '../services/rateLimits';
import { tooManyRequests } from './errors';

/** Keys remembered as over their limit at most (idle ones are dropped first). */
const MAX_REMEMBERED = 10_000;
/** The tarpit's default hold (LimiterOptions.refusalDelayMs). */
export const DEFAULT_REFUSAL_DELAY_MS = 1_000;
/** Refusals held back at once at most (each holds a socket and a timer). */
const MAX_HELD = 1_000;

export interface LimiterOptions {
  /** How long a refusal from memory is held back (ms; never past the window's end). Default 1,000; 0 answers at once. */
  refusalDelayMs?: number;
}

/** The Limiter (services/rateLimits.ts) of this server: counts in the database, refusals from memory held back. */
export function createLimiter(db: Db, now: () => number, opts: LimiterOptions = {}): Limiter {
  const refusalDelayMs = opts.refusalDelayMs ?? DEFAULT_REFUSAL_DELAY_MS;
  const overUntil = new Map<string, number>();
  let held = 0;
  const holdBack = async (ms: number = refusalDelayMs): Promise<void> => {
    if (ms <= 0 || held >= MAX_HELD) return;
    held += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      held -= 1;
    }
  };
  const remember = (key: string, until: number, at: number): void => {
    if (overUntil.size >= MAX_REMEMBERED) {
      for (const [k, end] of overUntil) if (end <= at) overUntil.delete(k);
      const oldest = overUntil.keys().next();
      if (overUntil.size >= MAX_REMEMBERED && !oldest.done) overUntil.delete(oldest.value);
    }
    overUntil.set(key, until);
  };
  const refuseIfRemembered = async (key: string, spanMs: number, message?: string): Promise<void> => {
    const at = now();
    const until = overUntil.get(key);
    if (until === undefined) return;
    if (at >= until || at < until - spanMs) {
      overUntil.delete(key); // allowed again (or the clock went back)
      return;
    }
    await holdBack(Math.min(refusalDelayMs, until - at));
    throw tooManyRequests((until - now()) / 1000, message);
  };
  return {
    async enforce(key, limit, message) {
      const at = now();
      await refuseIfRemembered(key, 2 * limit.windowMs, message);
      const counted = await hit(db, key, limit, at);
      if (counted.allowed) return;
      remember(key, counted.retryAt, at);
      throw tooManyRequests(counted.retryAfterS, message);
    },
    async enforceGuess(key, limit, message) {
      const at = now();
      await this.enforce(key, limit, message);
      return () => unhit(db, key, limit, at);
    },
    holdBack: (ms) => holdBack(Math.min(ms ?? refusalDelayMs, refusalDelayMs)),
    remember: (key, until) => remember(key, until, now()),
    refuseIfRemembered,
  };
}
