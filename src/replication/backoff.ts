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
