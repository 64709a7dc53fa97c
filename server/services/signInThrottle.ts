// Failed sign-ins per account from sources the server does not know (issue 20). Before, 10
// failures from anywhere locked the account for 15 minutes, so a spray of wrong passwords
// from many addresses kept its owner out. Now the first `free` failures cost nothing, and
// each attempt after them must wait a growing delay (base, doubling, capped) since the last:
// an attacker gets a few guesses an hour, and the owner waits at most the cap — none at all
// from a device or address they signed in from before (services/loginLimits.ts skips this).
// An attempt is claimed BEFORE its hash by one conditional upsert, so concurrent guesses on
// any number of instances cannot slip through together; one that turns out right deletes
// the row (the owner is back), one the hash gate refused gives its claim back.
import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInThrottle } from '../db/schema';

export interface ThrottlePolicy {
  /** Failures within `windowMs` that cost no delay. */
  free: number;
  /** How long failures are remembered after the last attempt. */
  windowMs: number;
  /** The delay after the first failure past `free`; it doubles with each further one. */
  baseDelayMs: number;
  /** The longest delay (what the owner on a new device may have to wait). */
  maxDelayMs: number;
}

export type Claim = { ok: true; giveBack: () => Promise<void>; succeeded: () => Promise<void> } | { ok: false; retryAt: number };

/** The wait after `failures` claimed attempts (0 while within the free ones). */
export function delayAfter(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(30, failures - policy.free));
}

/** Claims one attempt for `email`, counted as a failure until it proves right. */
export async function claimAttempt(db: Db, email: string, policy: ThrottlePolicy, now: number): Promise<Claim> {
  const at = new Date(now);
  const expires = new Date(now + policy.windowMs);
  // The delay is computed in SQL from the new count, so the claim and its next_at are one write.
  const failuresAfter = sql`CASE WHEN ${signInThrottle.expiresAt} <= ${at} THEN 1 ELSE ${signInThrottle.failures} + 1 END`;
  const [row] = await db.insert(signInThrottle)
    .values({ email, failures: 1, nextAt: new Date(now + delayAfter(policy, 1)), expiresAt: expires })
    .onConflictDoUpdate({
      target: signInThrottle.email,
      set: {
        failures: failuresAfter,
        nextAt: sql`${at}::timestamptz + make_interval(secs => least(${policy.maxDelayMs}::float8,
          CASE WHEN ${failuresAfter} < ${policy.free} THEN 0
               ELSE ${policy.baseDelayMs}::float8 * power(2, least(30, ${failuresAfter} - ${policy.free})) END) / 1000.0)`,
        expiresAt: expires,
      },
      setWhere: sql`${signInThrottle.expiresAt} <= ${at} OR ${signInThrottle.nextAt} <= ${at}`,
    })
    .returning({ failures: signInThrottle.failures });
  if (!row) {
    const [held] = await db.select({ nextAt: signInThrottle.nextAt }).from(signInThrottle).where(eq(signInThrottle.email, email));
    return { ok: false, retryAt: held?.nextAt.getTime() ?? now + 1_000 };
  }
  const failures = row.failures;
  return {
    ok: true,
    // The hash never ran: the attempt was no failure, and it must not push the delay on (other
    // attempts may have claimed since: the count goes down by one, the wait back to what the
    // count before this claim asked, never later than it is).
    giveBack: async () => {
      await db.update(signInThrottle)
        .set({
          failures: sql`greatest(${signInThrottle.failures} - 1, 0)`,
          nextAt: sql`least(${signInThrottle.nextAt}, ${new Date(now + delayAfter(policy, failures - 1))})`,
        })
        .where(eq(signInThrottle.email, email));
    },
    succeeded: async () => {
      await db.delete(signInThrottle).where(eq(signInThrottle.email, email));
    },
  };
}

/** Forgets accounts quiet past their window: idempotent, like the rate-limit purge. */
export async function purgeQuietThrottles(db: Db, now: number): Promise<number> {
  const gone = await db.delete(signInThrottle).where(lte(signInThrottle.expiresAt, new Date(now))).returning({ email: signInThrottle.email });
  return gone.length;
}
