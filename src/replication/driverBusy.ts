/**
 * While the driver types or scrolls, the worker's background writes wait. Every write to
 * PWADB is a change event the page's main thread parses; the per-order prefetch (SPEC §7,
 * minutes of small writes after a first pull of thousands of orders) landing between two
 * keystrokes was what made a keystroke on Home miss its budget. Nothing the driver is waiting
 * for (the outbox, the order list) waits here: only the prefetch.
 */
export const DRIVER_BUSY_MS = 1_000;

export interface BusyGate {
  /** The page saw the driver type or scroll just now. */
  busy: () => void;
  /** Resolves once the driver has been still for DRIVER_BUSY_MS. */
  whenIdle: () => Promise<void>;
}

export function createBusyGate(now: () => number, sleep: (ms: number) => Promise<void>): BusyGate {
  let busyUntil = 0;
  return {
    busy: () => {
      busyUntil = now() + DRIVER_BUSY_MS;
    },
    whenIdle: async () => {
      // Bounded: a page that reports busy forever cannot stop the prefetch for good.
      for (let waits = 0; waits < 60 && now() < busyUntil; waits++) await sleep(busyUntil - now());
    },
  };
}
