// Fair sign-in limits (issues 9 and 20), all decided before any password hash:
// - per address: `perIp.max` attempts per sliding window across all emails (every attempt
//   counts, even a malformed one; behind TRUST_PROXY the address the trusted proxy saw);
// - a KNOWN attempt — a device key this server gave the device at an earlier sign-in to the
//   account (auth/deviceKey.ts), or an address the account signed in from in the last 30 days
//   (knownSignIns.ts) — has a failure budget of its own per device or address (`perKnown`), is
//   served in the hash gate's first lane, and never waits behind the account's delay: a spray
//   from elsewhere cannot keep the driver out;
// - any other attempt claims the account's failure delay (signInThrottle.ts): `perAccount.max`
//   failures in `perAccount.windowMs` are free, then each attempt waits a growing delay
//   (unknown emails too, so the answer never tells which emails exist).
// - unknown sources are admitted `unknownAtOnce` at a time past the address check (the hash
//   gate's slot and queue): the rest are held back a moment (the limiter's tarpit) and answered
//   429 busy before any more database work. A spray is then as fast as its connections divided
//   by the hold, and on PGlite (the database on the event loop's thread) it can no longer fill
//   the one thread every driver's request waits for (issue 20: before, honest sign-ins took
//   seconds and half were refused during a 400-address spray).
// An attempt counts as a failure until its password proves right (atomic, so concurrent
// guesses cannot slip past); one the hash gate refused as busy is given back.
// Counters live in the database: every instance sees the same counts.
import type { HashLane } from '../auth/hashGate';
import type { Db } from '../db/client';
import { tooManyRequests } from '../http/errors';
import { isKnownAddress, rememberAddress } from './knownSignIns';
import { BUSY_MESSAGE } from './passwords';
import type { Limit, Limiter } from './rateLimits';
import { claimAttempt, type ThrottlePolicy } from './signInThrottle';

export interface LoginLimits {
  perIp: Limit;
  /** Free failures per account from unknown sources in `windowMs`; past them the delay grows. */
  perAccount: Limit & { baseDelayMs?: number; maxDelayMs?: number };
  /** Failures per known device or address (a sliding window). */
  perKnown: Limit;
  /** Unknown sources being checked at once at most (past the address check); the rest: 429 busy. */
  unknownAtOnce: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perIp: { max: 20, windowMs: 60_000 },
  perAccount: { max: 5, windowMs: 15 * 60_000, baseDelayMs: 2_000, maxDelayMs: 120_000 },
  perKnown: { max: 10, windowMs: 15 * 60_000 },
  unknownAtOnce: 9,
};

const IP_MESSAGE = 'Too many sign-in attempts from this network, try again later';
const ACCOUNT_MESSAGE = 'Too many failed sign-ins for this account, try again later';
const KNOWN_MESSAGE = 'Too many failed sign-ins from this device, try again later';

/** Who is signing in, as far as the server can tell before the hash. */
export interface SignInSource {
  email: string;
  address: string;
  /** The id of a valid device key for this account, if the request carried one. */
  deviceKeyId: string | null;
}

export interface Attempt {
  lane: HashLane;
  /** The hash never ran (busy): the attempt was no failure. */
  giveBack(): Promise<void>;
  /** The password was right: no failure, and the address is remembered as known. */
  succeeded(): Promise<void>;
}

export interface LoginGuard {
  /** Counts an attempt from this address; 429 past the limit. */
  fromAddress(ip: string): Promise<void>;
  /** Whether the account signed in from this address lately (one primary-key read). */
  isKnownAddress(email: string, address: string): Promise<boolean>;
  /** Admits an unknown source, or holds it back and throws 429 busy; returns the release. */
  admitUnknown(): Promise<() => void>;
  /** Claims one attempt for this source; 429 while its budget or delay says no. */
  attempt(source: SignInSource, known: boolean): Promise<Attempt>;
}

export function loginGuard(db: Db, limiter: Limiter, limits: LoginLimits, now: () => number): LoginGuard {
  const policy: ThrottlePolicy = {
    free: limits.perAccount.max,
    windowMs: limits.perAccount.windowMs,
    baseDelayMs: limits.perAccount.baseDelayMs ?? DEFAULT_LOGIN_LIMITS.perAccount.baseDelayMs ?? 2_000,
    maxDelayMs: limits.perAccount.maxDelayMs ?? DEFAULT_LOGIN_LIMITS.perAccount.maxDelayMs ?? 120_000,
  };
  const remember = (source: SignInSource) => rememberAddress(db, source.email, source.address, now());
  let unknownActive = 0; // per process: admission protects this process's event loop and hash gate
  return {
    fromAddress: (ip) => limiter.enforce(`login-ip:${ip}`, limits.perIp, IP_MESSAGE),
    isKnownAddress: (email, address) => isKnownAddress(db, email, address, now()),
    async admitUnknown() {
      if (unknownActive >= limits.unknownAtOnce) {
        await limiter.holdBack();
        throw tooManyRequests(1, BUSY_MESSAGE);
      }
      unknownActive += 1;
      let released = false;
      return () => {
        if (!released) unknownActive -= 1;
        released = true;
      };
    },
    async attempt(source, known) {
      const at = now();
      if (known) {
        const key = source.deviceKeyId ? `login-device:${source.deviceKeyId}` : `login-known:${source.email}:${source.address}`;
        const giveBack = await limiter.enforceGuess(key, limits.perKnown, KNOWN_MESSAGE);
        return {
          lane: 'known',
          giveBack,
          succeeded: async () => {
            await giveBack();
            await remember(source);
          },
        };
      }
      // An account found delayed is refused from memory (held back) until its delay ends: a
      // spray at it costs no database write per attempt, as at the per-address limit.
      const delayKey = `login-delay:${source.email}`;
      await limiter.refuseIfRemembered(delayKey, policy.maxDelayMs, ACCOUNT_MESSAGE);
      const claim = await claimAttempt(db, source.email, policy, at);
      if (!claim.ok) {
        limiter.remember(delayKey, claim.retryAt);
        throw tooManyRequests((claim.retryAt - at) / 1000, ACCOUNT_MESSAGE);
      }
      return {
        lane: 'unknown',
        giveBack: claim.giveBack,
        succeeded: async () => {
          await claim.succeeded();
          await remember(source);
        },
      };
    },
  };
}
