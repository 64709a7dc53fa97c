// Failed sign-ins per account from sources the server does not know (issue 20). Before, 10
// failures from anywhere locked the account for 15 minutes, so a spray of wrong passwords
// from many addresses kept its owner out. Now the first `free` failures cost nothing, and
// each attempt after them must wait a growing delay (base, doubling, capped) since the last:
// an attacker gets a few guesses an hour, and the owner waits at most the cap — none at all
// from a device or address they signed in from before (services/loginLimits.ts skips this).
// An attempt is claimed BEFORE its hash by one conditional upsert, so concurrent guesses on
// any number of instances cannot slip through together; one that turns out right deletes
// the row (the owner is back), one the hash gate refused gives its claim back.
import type { Db } from '../db/client';
import { claimThrottle, deleteQuietThrottles, deleteThrottle, giveBackThrottle, throttleNextAt } from '../repositories/signInCounters';

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
  const failures = await claimThrottle(db, email, policy, new Date(now), { nextAt: new Date(now + delayAfter(policy, 1)) }, new Date(now + policy.windowMs));
  if (failures === null) {
    const nextAt = await throttleNextAt(db, email);
    return { ok: false, retryAt: nextAt?.getTime() ?? now + 1_000 };
  }
  return {
    ok: true,
    // The hash never ran: the attempt was no failure, and it must not push the delay on (other
    // attempts may have claimed since: the count goes down by one, the wait back to what the
    // count before this claim asked, never later than it is).
    giveBack: () => giveBackThrottle(db, email, new Date(now + delayAfter(policy, failures - 1))),
    succeeded: () => deleteThrottle(db, email),
  };
}

/** Forgets accounts quiet past their window: idempotent, like the rate-limit purge. */
export function purgeQuietThrottles(db: Db, now: number): Promise<number> {
  return deleteQuietThrottles(db, new Date(now));
}
