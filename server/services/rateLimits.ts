// Request counters shared by every server instance (issue 9 "fair limits"): rows of
// rate_limits (migration 0011), one per key and fixed window. A hit is one atomic upsert,
// so concurrent requests on any number of instances never lose a count. Windows are stamped
// with the server's clock (`now`, injectable: tests never depend on the wall clock); keep
// instances' clocks in sync (NTP): a skew only moves a window's edges by that much.
// The limit slides (issue 20: a fixed one-minute window let 33 passwords through in 10 s
// across a minute's edge): the count is the current window's plus the previous window's
// weighted by how much of it still overlaps the last `windowMs` (the sliding-window counter),
// so no span of one window length sees much more than `max`, edge or not.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { purgeOldAddresses } from './knownSignIns';
import { purgeQuietThrottles } from './signInThrottle';

export interface Limit {
  max: number;
  windowMs: number;
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
  const [row] = await db.insert(rateLimits)
    .values({ key, windowStart: new Date(start), count: 1, expiresAt: new Date(end + limit.windowMs) })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const current = row?.count ?? 1;
  const [before] = await db.select({ count: rateLimits.count }).from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, new Date(start - limit.windowMs))));
  const previous = before?.count ?? 0;
  const count = slidingCount(limit, now, previous, current);
  const allowed = count <= limit.max;
  const retryAt = allowed ? now : nextAllowedAt(limit, now, previous, current);
  return { count, allowed, retryAfterS: Math.max(1, Math.ceil((retryAt - now) / 1000)), retryAt };
}

/** Gives one hit back (a sign-in that succeeded is no failure; one refused as busy was never tried). */
export async function unhit(db: Db, key: string, limit: Limit, now: number): Promise<void> {
  const { start } = windowOf(limit, now);
  const startAt = new Date(start);
  await db.update(rateLimits).set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, startAt), gt(rateLimits.count, 0)));
}

/** Deletes windows that ended by `now`: idempotent, so several instances may run it at once. */
export async function purgeExpiredCounters(db: Db, now: number): Promise<number> {
  const gone = await db.delete(rateLimits).where(lte(rateLimits.expiresAt, new Date(now))).returning({ key: rateLimits.key });
  return gone.length;
}

/** The rate-limit purge job: ended windows, quiet account delays, addresses not seen for 30 days. */
export async function purgeSignInCounters(db: Db, now: number): Promise<number> {
  return (await purgeExpiredCounters(db, now)) + (await purgeQuietThrottles(db, now)) + (await purgeOldAddresses(db, now));
}
