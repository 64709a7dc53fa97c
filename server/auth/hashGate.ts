// Password hashing that cannot starve the server (issue 9). scrypt is CPU-heavy (~50 ms at
// N=16384) and node runs it on libuv's threadpool (4 threads, shared with fs and dns): a
// spray of sign-ins ran four at a time and took both cores from the event loop and PGlite.
// The gate lets `concurrency` hashes run at once (default 1: one core stays with the event
// loop), keeps at most `queue` waiting, and refuses the rest at once (HashGateFull) so a burst
// is answered quickly instead of piling up. The per-IP and per-account limits run before it.
// Two lanes (issue 20: a spray from 400 addresses filled the queue and half the honest
// sign-ins got "busy"): a known device or address (services/loginLimits.ts) waits in a lane of
// its own that is served first, so it waits for at most the hash running now.
export type HashLane = 'known' | 'unknown';

export interface HashGateOptions {
  /** Hashes computed at the same time (default 1). */
  concurrency?: number;
  /** Hashes allowed to wait for a slot in the unknown lane (default 8); beyond that the call is refused. */
  queue?: number;
  /** Hashes allowed to wait in the known lane (default 32), served before the unknown one. */
  knownQueue?: number;
  /** Called as each hash starts (tests count hashes with it, not with timing). */
  onHash?: () => void;
}

/** The gate's queue is full: answer "busy, try again" rather than wait. */
export class HashGateFull extends Error {
  constructor() {
    super('password hashing is busy');
  }
}

export interface HashGate {
  run<T>(hash: () => Promise<T>, lane?: HashLane): Promise<T>;
  /** Hashes running and waiting now. */
  load(): { running: number; waiting: number };
  /** True when a call in this lane now would be refused (every slot and its queue's places taken). */
  full(lane?: HashLane): boolean;
}

export function createHashGate(opts: HashGateOptions = {}): HashGate {
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const limits: Record<HashLane, number> = { unknown: Math.max(0, opts.queue ?? 8), known: Math.max(0, opts.knownQueue ?? 32) };
  let running = 0;
  const waiting: Record<HashLane, (() => void)[]> = { known: [], unknown: [] };
  const release = (): void => {
    const next = waiting.known.shift() ?? waiting.unknown.shift();
    if (next)
      next(); // the slot passes straight to the next waiter, known ones first
    else running -= 1;
  };
  const full = (lane: HashLane): boolean => running >= concurrency && waiting[lane].length >= limits[lane];
  return {
    async run(hash, lane = 'unknown') {
      if (running < concurrency) running += 1;
      else if (!full(lane)) await new Promise<void>((resolve) => waiting[lane].push(resolve));
      else throw new HashGateFull();
      try {
        opts.onHash?.();
        return await hash();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.known.length + waiting.unknown.length }),
    full: (lane = 'unknown') => full(lane),
  };
}
