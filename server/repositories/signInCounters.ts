// The limits' counters, shared by every instance on the database (issues 9 and 20):
// rate_limits (0011, one row per key and fixed window), sign_in_throttle (0014, an account's
// failure delay) and sign_in_known_addresses (0014, where an account signed in from). The
// rules are services/rateLimits.ts, signInThrottle.ts and knownSignIns.ts.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { signInKnownAddresses, signInThrottle } from '../db/schemaSignIn';

// ── rate_limits ─────────────────────────────────────────────────────────────────────────

/** Counts one hit in the window starting at `windowStart` (one atomic upsert); answers the window's count. */
export async function countHit(db: Db, key: string, windowStart: Date, expiresAt: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1, expiresAt })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** The count of the window starting at `windowStart` (0 when it has none). */
export async function countIn(db: Db, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  return row?.count ?? 0;
}

/** Takes one hit back from that window (never below zero). */
export async function takeBackHit(db: Db, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
}

export async function deleteEndedWindows(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(rateLimits).where(lte(rateLimits.expiresAt, now)).returning({ key: rateLimits.key });
  return gone.length;
}

// ── sign_in_throttle ────────────────────────────────────────────────────────────────────

/** The delay's shape, for the claim's SQL: `free` failures cost nothing, then base doubling up to max. */
export interface DelayShape {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Claims one attempt for `email` at `at` in one conditional upsert: a quiet account (its window
 * over) starts again at one failure, an account whose delay has passed counts one more and
 * gets the next delay (computed in SQL from the new count, so claim and next_at are one write);
 * an account still delayed is left alone. Answers the failures counted, or null (delayed).
 */
export async function claimThrottle(db: Db, email: string, shape: DelayShape, at: Date, first: { nextAt: Date }, expiresAt: Date): Promise<number | null> {
  const failuresAfter = sql`CASE WHEN ${signInThrottle.expiresAt} <= ${at} THEN 1 ELSE ${signInThrottle.failures} + 1 END`;
  const [row] = await db
    .insert(signInThrottle)
    .values({ email, failures: 1, nextAt: first.nextAt, expiresAt })
    .onConflictDoUpdate({
      target: signInThrottle.email,
      set: {
        failures: failuresAfter,
        nextAt: sql`${at}::timestamptz + make_interval(secs => least(${shape.maxDelayMs}::float8,
          CASE WHEN ${failuresAfter} < ${shape.free} THEN 0
               ELSE ${shape.baseDelayMs}::float8 * power(2, least(30, ${failuresAfter} - ${shape.free})) END) / 1000.0)`,
        expiresAt,
      },
      setWhere: sql`${signInThrottle.expiresAt} <= ${at} OR ${signInThrottle.nextAt} <= ${at}`,
    })
    .returning({ failures: signInThrottle.failures });
  return row?.failures ?? null;
}

/** When the account's next attempt is due, if it has a row. */
export async function throttleNextAt(db: Db, email: string): Promise<Date | undefined> {
  const [held] = await db.select({ nextAt: signInThrottle.nextAt }).from(signInThrottle).where(eq(signInThrottle.email, email));
  return held?.nextAt;
}

/** One failure fewer, and the next attempt due no later than `nextAtAtMost`. */
export async function giveBackThrottle(db: Db, email: string, nextAtAtMost: Date): Promise<void> {
  await db
    .update(signInThrottle)
    .set({
      failures: sql`greatest(${signInThrottle.failures} - 1, 0)`,
      nextAt: sql`least(${signInThrottle.nextAt}, ${nextAtAtMost})`,
    })
    .where(eq(signInThrottle.email, email));
}

export async function deleteThrottle(db: Db, email: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.email, email));
}

export async function deleteQuietThrottles(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(signInThrottle).where(lte(signInThrottle.expiresAt, now)).returning({ email: signInThrottle.email });
  return gone.length;
}

// ── sign_in_known_addresses ────────────────────────────────────────────────────────────

/** Whether the account signed in from this address after `since`. */
export async function signedInFromSince(db: Db, email: string, address: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ email: signInKnownAddresses.email })
    .from(signInKnownAddresses)
    .where(and(eq(signInKnownAddresses.email, email), eq(signInKnownAddresses.address, address), gt(signInKnownAddresses.lastSuccessAt, since)));
  return row !== undefined;
}

export async function rememberSignInAddress(db: Db, email: string, address: string, at: Date): Promise<void> {
  await db
    .insert(signInKnownAddresses)
    .values({ email, address, lastSuccessAt: at })
    .onConflictDoUpdate({ target: [signInKnownAddresses.email, signInKnownAddresses.address], set: { lastSuccessAt: at } });
}

/** Forgets addresses last seen at or before `before`. */
export async function deleteAddressesSeenBefore(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(signInKnownAddresses).where(lte(signInKnownAddresses.lastSuccessAt, before)).returning({ email: signInKnownAddresses.email });
  return gone.length;
}
