// The prefetch waits while the driver types or scrolls (src/replication/driverBusy.ts), on an
// injected clock: no real waiting.
import { describe, expect, it } from 'vitest';
import { createBusyGate, DRIVER_BUSY_MS } from '../../src/replication/driverBusy';

function fakeClock() {
  let at = 1_000_000;
  const slept: number[] = [];
  return {
    now: () => at,
    sleep: (ms: number) => {
      slept.push(ms);
      at += ms;
      return Promise.resolve();
    },
    advance: (ms: number) => {
      at += ms;
    },
    slept,
  };
}

describe('the driver-busy gate', () => {
  it('lets the prefetch through at once when the driver has not typed', async () => {
    const clock = fakeClock();
    await createBusyGate(clock.now, clock.sleep).whenIdle();
    expect(clock.slept).toEqual([]);
  });

  it('holds it until the driver has been still for a second after the last keystroke', async () => {
    const clock = fakeClock();
    const gate = createBusyGate(clock.now, clock.sleep);
    gate.busy();
    clock.advance(400);
    gate.busy(); // another keystroke: the second starts again
    const started = clock.now();
    await gate.whenIdle();
    expect(clock.now() - started).toBe(DRIVER_BUSY_MS);
  });

  it('never waits forever for a page that keeps saying busy', async () => {
    const clock = fakeClock();
    const gate = createBusyGate(clock.now, async (ms) => {
      await clock.sleep(ms);
      gate.busy(); // a keystroke during every wait
    });
    gate.busy();
    await gate.whenIdle();
    expect(clock.slept.length).toBe(60);
  });
});
