// Request counters shared by every server instance (issue 9 "fair limits"): rows of
// rate_limits (migration 0011), one per key and fixed window. A hit is one atomic upsert,
// so concurrent requests on any number of instances never lose a count. Windows are stamped
// with the server's clock (`now`, injectable: tests never depend on the wall clock); keep
// instances' clocks in sync (NTP): a skew only moves a window's edges by that much.
// The limit slides (issue 20: a fixed one-minute window let 33 passwords through in 10 s
// across a minute's edge): the count is the current window's plus the previous window's
// weighted by how much of it still overlaps the last `windowMs` (the sliding-window counter),
// so no span of one window length sees much more than `max`, edge or not.
import type { Db } from '../db/client';
import { countHit, countIn, deleteEndedWindows, takeBackHit } from '../repositories/signInCounters';
import { purgeOldAddresses } from './knownSignIns';
import { purgeQuietThrottles } from './signInThrottle';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Limits as the services use them (sign-in, current password, card entry); http/limits.ts
 * createLimiter is the one implementation. Each refusal is a 429 with Retry-After.
 */
export interface Limiter {
  /** Counts one request on `key`; throws 429 past the limit. */
  enforce(key: string, limit: Limit, message?: string): Promise<void>;
  /**
   * Counts a guess (a password) on `key` before it is checked, so concurrent guesses cannot slip
   * past; returns the give-back for a guess that proved right or never ran.
   */
  enforceGuess(key: string, limit: Limit, message?: string): Promise<() => Promise<void>>;
  /** Holds a refusal back up to the tarpit's delay (refusalDelayMs) before it is answered. */
  holdBack(ms?: number): Promise<void>;
  /**
   * A refusal decided elsewhere (the account's sign-in delay): `key` is refused from memory,
   * held back, until `until` (at most `spanMs` ahead: a clock that went back forgets it).
   */
  remember(key: string, until: number): void;
  /** Throws the held-back 429 while `key` is remembered as refused; else returns at once. */
  refuseIfRemembered(key: string, spanMs: number, message?: string): Promise<void>;
}

export interface Hit {
  /** This hit's weighted number over the last window length (1 = the first). */
  count: number;
  allowed: boolean;
  /** Seconds until another hit would be allowed (the Retry-After of a refusal), at least 1. */
  retryAfterS: number;
  /** When another hit would be allowed (ms since the epoch). */
  retryAt: number;
}

function windowOf(limit: Limit, now: number): { start: number; end: number } {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return { start, end: start + limit.windowMs };
}

/**
 * The sliding count: `previous` weighted by the share of the last window length it still
 * covers at `now`, plus `current`. Exported for the unit test of the arithmetic.
 */
export function slidingCount(limit: Limit, now: number, previous: number, current: number): number {
  const { start } = windowOf(limit, now);
  return previous * (1 - (now - start) / limit.windowMs) + current;
}

/** When one more hit fits under `limit.max` again, from the two windows' counts at `now`. */
export function nextAllowedAt(limit: Limit, now: number, previous: number, current: number): number {
  const { start, end } = windowOf(limit, now);
  const room = limit.max - 1; // the next hit counts itself
  if (current <= room) {
    if (previous <= 0) return now;
    const at = start + limit.windowMs * (1 - (room - current) / previous);
    return Math.max(now, at);
  }
  // Not in this window: in the next one, this window's count is the weighted one.
  return end + limit.windowMs * Math.max(0, 1 - room / current);
}

/** Counts one hit on `key` and says whether it is within the limit. */
export async function hit(db: Db, key: string, limit: Limit, now: number): Promise<Hit> {
  const { start, end } = windowOf(limit, now);
  // A row is kept one window longer than its own: the next window weighs it.
  const current = await countHit(db, key, new Date(start), new Date(end + limit.windowMs));
  const previous = await countIn(db, key, new Date(start - limit.windowMs));
  const count = slidingCount(limit, now, previous, current);
  const allowed = count <= limit.max;
  const retryAt = allowed ? now : nextAllowedAt(limit, now, previous, current);
  return { count, allowed, retryAfterS: Math.max(1, Math.ceil((retryAt - now) / 1000)), retryAt };
}

/** Gives one hit back (a sign-in that succeeded is no failure; one refused as busy was never tried). */
export async function unhit(db: Db, key: string, limit: Limit, now: number): Promise<void> {
  const { start } = windowOf(limit, now);
  await takeBackHit(db, key, new Date(start));
}

/** Deletes windows that ended by `now`: idempotent, so several instances may run it at once. */
export function purgeExpiredCounters(db: Db, now: number): Promise<number> {
  return deleteEndedWindows(db, new Date(now));
}

/** The rate-limit purge job: ended windows, quiet account delays, addresses not seen for 30 days. */
export async function purgeSignInCounters(db: Db, now: number): Promise<number> {
  return (await purgeExpiredCounters(db, now)) + (await purgeQuietThrottles(db, now)) + (await purgeOldAddresses(db, now));
}
