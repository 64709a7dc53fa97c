import type { DriverDatabase } from '../db';

/**
 * Capped exponential back-off with full jitter: 2 s, 4 s, 8 s … up to 5 minutes. Jitter
 * keeps a fleet of phones that regain signal together from arriving in lockstep.
 */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/**
 * Which failures are the network's: the request got no HTTP answer (it failed or timed out).
 * Their back-off only spared a dead link, so an answer from the server (or the browser's
 * `online`) makes them due at once. Any answer — a 5xx, a 429, a 408, a 409 still in flight, an
 * answer not understood — is the server's decision about that entry: its back-off stands
 * until it runs out or the driver taps Sync now.
 */
export const NETWORK_FAILURE_CODES: readonly string[] = ['NetworkError', 'Timeout'];

export function isNetworkFailure(error: { code: string } | null | undefined): boolean {
  return !!error && NETWORK_FAILURE_CODES.includes(error.code);
}

/** Whose back-off to drop: the network's (an answer came back) or every one (the driver's Sync now). */
export type BackoffScope = 'network' | 'all';

/**
 * Makes waiting entries due now. A follow-up's SPEC wait is not a back-off and is untouched: it
 * is recorded as `steps.wait_until`, which the processor checks again before sending.
 */
export async function clearBackoff(db: DriverDatabase, now: number, scope: BackoffScope): Promise<number> {
  const waiting = await db.outbox.find({ selector: { status: 'queued', next_attempt_at: { $gt: now } } }).exec();
  let cleared = 0;
  for (const doc of waiting) {
    if (scope === 'network' && !isNetworkFailure(doc.last_error)) continue;
    await doc.incrementalPatch({ next_attempt_at: 0 });
    cleared += 1;
  }
  return cleared;
}
