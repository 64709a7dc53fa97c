// Per-account read budgets (issue 20 item 7): one token hammering the order list on 8
// connections raised another company's cached p50 from 2 to 46 ms. Two token buckets per
// account, each refilled at `perSecond` up to `burst`:
// - reads: every authenticated GET (and HEAD), drawn by a hook before any handler;
// - pulls: every read that runs a pull query (an order-list answer the cache does not hold, a
//   delivery-details pull), drawn by the route. A remembered answer costs ~1.4 ms but a pull
//   4-17 ms: with reads alone, varying a documented parameter (`?limit=1..2500`, each a real
//   miss) at 58 req/s still raised another company's p50 from 6 to 248 ms on this machine.
// An empty bucket answers 429 TooManyRequests with Retry-After, the shape http/limits.ts
// answers, held back like its refusals from memory (the tarpit) so a client that keeps
// asking gets a few answers a second, not thousands.
// In process memory on purpose: a counter in the database (as the sign-in limits keep) would
// cost a write per read, more than the remembered read it protects (~1.4 ms). Behind N
// instances an account gets at most N × the budget, still bounded.
// Defaults the sync worker never reaches (one leader worker per browser runs it):
// - reads 100/s, burst 200. Its heaviest pattern is the SPEC §7 prefetch: sequential reads of
//   at most 10 orders (2 reads each for customer orders: notes and saved checks), then a 400 ms
//   pause, so under 20 reads per 400 ms = 50/s even at zero latency; two devices of one
//   account prefetching at once still fit.
// - pulls 10/s, burst 60. A sync run pulls 4 streams (the order list, a miss only after a
//   change, and 3 delivery-details streams), one page each unless far behind; a first sign-in
//   with 10,000 orders is ~20 pages. Runs never overlap (syncNow coalesces), so a burst of 60
//   is 15 runs back to back, and 10/s sustained 2.5 runs a second.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors';

export interface Rate {
  /** Tokens added per second (what one account may sustain). */
  perSecond: number;
  /** The bucket's size: what one account may do at once after a quiet spell. */
  burst: number;
}

export interface ReadBudgetOptions {
  /** Every authenticated GET / HEAD. */
  reads: Rate;
  /** Reads that run a pull query (an order-list answer not remembered, a delivery-details pull). */
  pulls: Rate;
  /** Milliseconds, only differences count (default performance.now); tests move it. */
  clock?: () => number;
}

export const DEFAULT_READ_BUDGET: ReadBudgetOptions = { reads: { perSecond: 100, burst: 200 }, pulls: { perSecond: 10, burst: 60 } };

/** Buckets kept at most before full ones are dropped (a full bucket is the same as none). */
const MAX_BUCKETS = 10_000;
/** Refusals held back at once at most (each holds a socket and a timer); past it, answered at once. */
const MAX_HELD = 1_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets by key: `take` answers 0 when a token was taken, else the seconds until one is there. */
export function createTokenBuckets({ perSecond, burst }: Rate, clock: () => number): { take(key: string): number } {
  const buckets = new Map<string, Bucket>();
  const refilled = (bucket: Bucket, now: number): number => Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * perSecond); // a clock that went back adds nothing
  const prune = (now: number): void => {
    for (const [key, bucket] of buckets) if (refilled(bucket, now) >= burst) buckets.delete(key);
    if (buckets.size >= MAX_BUCKETS) buckets.delete(buckets.keys().next().value as string);
  };
  return {
    take(key) {
      const now = clock();
      const bucket = buckets.get(key);
      const tokens = bucket ? refilled(bucket, now) : burst;
      if (tokens < 1) return (1 - tokens) / perSecond; // a refusal takes nothing
      if (!bucket && buckets.size >= MAX_BUCKETS) prune(now);
      buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    },
  };
}

export interface ReadBudget {
  /** Draws a read of the request's account (none for anonymous requests); throws 429 when its bucket is empty. */
  read(request: FastifyRequest): Promise<void>;
  /** Draws a pull of the request's account: call right before running one; throws 429 when its bucket is empty. */
  pull(request: FastifyRequest): Promise<void>;
}

export function createReadBudget(opts: ReadBudgetOptions, refusalDelayMs: number): ReadBudget {
  const clock = opts.clock ?? (() => performance.now());
  const reads = createTokenBuckets(opts.reads, clock);
  const pulls = createTokenBuckets(opts.pulls, clock);
  let held = 0;
  const draw = async (buckets: typeof reads, request: FastifyRequest, message: string): Promise<void> => {
    if (!request.auth) return;
    const waitS = buckets.take(String(request.auth.account_id));
    if (waitS === 0) return;
    if (refusalDelayMs > 0 && held < MAX_HELD) {
      held += 1;
      try {
        await new Promise((resolve) => setTimeout(resolve, refusalDelayMs));
      } finally {
        held -= 1;
      }
    }
    throw tooManyRequests(waitS - refusalDelayMs / 1000, message);
  };
  return {
    read: (request) => draw(reads, request, 'Too many reads from this account, try again in a moment'),
    pull: (request) => draw(pulls, request, 'Too many order pulls from this account, try again in a moment'),
  };
}

/**
 * Draws every authenticated GET / HEAD from its account's reads. Install after the auth hook
 * (onRequest hooks run in order: the account is known) and before the query check, so
 * refused queries count too.
 */
export function installReadBudget(app: FastifyInstance, budget: ReadBudget): void {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') await budget.read(request);
  });
}
