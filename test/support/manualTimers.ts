import type { Timers } from '../../src/replication';

/**
 * The engine's timers on a phone's fake clock: nothing fires on its own (no real time in the
 * sync tests); `advance` moves the clock on and fires, in order, every timer that falls due.
 */
export interface ManualTimers extends Timers {
  advance(ms: number): void;
  /** When the pending timers are due (the fake clock's ms), earliest first. */
  dueTimes(): number[];
}

export function manualTimers(clock: { t: number }): ManualTimers {
  let next = 0;
  const pending = new Map<number, { due: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      next += 1;
      pending.set(next, { due: clock.t + Math.max(0, ms), fn });
      return next;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    advance(ms) {
      const until = clock.t + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.due <= until).sort((a, b) => a[1].due - b[1].due || a[0] - b[0])[0];
        if (!due) break;
        pending.delete(due[0]);
        clock.t = Math.max(clock.t, due[1].due);
        due[1].fn();
      }
      clock.t = until;
    },
    dueTimes: () => [...pending.values()].map((t) => t.due).sort((a, b) => a - b),
  };
}
