// Request counters shared by every server instance (issue 9 "fair limits"): rows of
// rate_limits (migration 0011), one per key and fixed window. A hit is one atomic upsert,
// so concurrent requests on any number of instances never lose a count. Windows are stamped
// with the server's clock (`now`, injectable: tests never depend on the wall clock); keep
// instances' clocks in sync (NTP): a skew only moves a window's edges by that much.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface Hit {
  /** This hit's number in its window (1 = the first). */
  count: number;
  allowed: boolean;
  /** Seconds until the window ends (the Retry-After of a refusal), at least 1. */
  retryAfterS: number;
  /** When the window ends (ms since the epoch). */
  windowEnd: number;
}

function windowOf(limit: Limit, now: number): { start: Date; end: Date } {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return { start: new Date(start), end: new Date(start + limit.windowMs) };
}

/** Counts one hit on `key` and says whether it is within the limit. */
export async function hit(db: Db, key: string, limit: Limit, now: number): Promise<Hit> {
  const { start, end } = windowOf(limit, now);
  const [row] = await db.insert(rateLimits)
    .values({ key, windowStart: start, count: 1, expiresAt: end })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return { count, allowed: count <= limit.max, retryAfterS: Math.max(1, Math.ceil((end.getTime() - now) / 1000)), windowEnd: end.getTime() };
}

/** Gives one hit back (a sign-in that succeeded is no failure; one refused as busy was never tried). */
export async function unhit(db: Db, key: string, limit: Limit, now: number): Promise<void> {
  const { start } = windowOf(limit, now);
  await db.update(rateLimits).set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start), gt(rateLimits.count, 0)));
}

/** Deletes windows that ended by `now`: idempotent, so several instances may run it at once. */
export async function purgeExpiredCounters(db: Db, now: number): Promise<number> {
  const gone = await db.delete(rateLimits).where(lte(rateLimits.expiresAt, new Date(now))).returning({ key: rateLimits.key });
  return gone.length;
}
