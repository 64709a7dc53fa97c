// Requests of one key (an account) running at once, counted in this process's memory (issue 20:
// uploads; every upload request holds its files' bytes and waits for image decodes, so one
// account firing many at once could fill the memory and the decode queue). Past `max`, a 429
// TooManyRequests with Retry-After, the shape http/limits.ts answers. Per instance on purpose:
// a request in flight lives in one process, and a crashed process's count goes with it (a
// shared count would need a lease); behind N instances an account gets at most N × max.
import { tooManyRequests } from './errors';

export interface InFlightLimit {
  /** Counts one request of `key` in; answers the function that counts it out (call it once, in a finally). Throws 429 past the limit. */
  enter(key: string): () => void;
}

/** Retry-After of a refusal: uploads take seconds, so a second is a fair first wait. */
const RETRY_AFTER_S = 1;

export function createInFlightLimit(max: number, message: string): InFlightLimit {
  const counts = new Map<string, number>();
  return {
    enter(key) {
      const now = counts.get(key) ?? 0;
      if (now >= max) throw tooManyRequests(RETRY_AFTER_S, message);
      counts.set(key, now + 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const rest = (counts.get(key) ?? 1) - 1;
        if (rest > 0) counts.set(key, rest);
        else counts.delete(key); // no entry per idle account
      };
    },
  };
}
