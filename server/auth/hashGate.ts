// Password hashing that cannot starve the server (issue 9). scrypt is CPU-heavy (~50 ms at
// N=16384) and node runs it on libuv's threadpool (4 threads, shared with fs and dns): a
// spray of sign-ins ran four at a time and took both cores from the event loop and PGlite.
// The gate lets `concurrency` hashes run at once (default 1: one core stays with the event
// loop), keeps at most `queue` waiting, and refuses the rest at once (HashGateFull) so a burst
// is answered quickly instead of piling up. The per-IP and per-account limits run before it.
export interface HashGateOptions {
  /** Hashes computed at the same time (default 1). */
  concurrency?: number;
  /** Hashes allowed to wait for a slot (default 8); beyond that the call is refused. */
  queue?: number;
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
  run<T>(hash: () => Promise<T>): Promise<T>;
  /** Hashes running and waiting now. */
  load(): { running: number; waiting: number };
  /** True when a call now would be refused (every slot and queue place taken). */
  full(): boolean;
}

export function createHashGate(opts: HashGateOptions = {}): HashGate {
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const queue = Math.max(0, opts.queue ?? 8);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight to the next waiter
    else running -= 1;
  };
  return {
    async run(hash) {
      if (running < concurrency) running += 1;
      else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new HashGateFull();
      try {
        opts.onHash?.();
        return await hash();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
    full: () => running >= concurrency && waiting.length >= queue,
  };
}
