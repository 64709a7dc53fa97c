// The password hash gate (server/auth/hashGate.ts): at most `concurrency` hashes at once, a
// bounded queue served in order, and an immediate refusal beyond it.
import { describe, expect, it } from 'vitest';
import { createHashGate, HashGateFull } from '../../server/auth/hashGate';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('hash gate', () => {
  it('runs one at a time, queues up to the limit and refuses the rest at once', async () => {
    let started = 0;
    const gate = createHashGate({ concurrency: 1, queue: 2, onHash: () => (started += 1) });
    const first = deferred();
    const order: number[] = [];
    const a = gate.run(async () => {
      await first.promise;
      order.push(1);
    });
    const b = gate.run(() => {
      order.push(2);
      return Promise.resolve();
    });
    const c = gate.run(() => {
      order.push(3);
      return Promise.resolve();
    });
    await expect(gate.run(() => Promise.resolve())).rejects.toBeInstanceOf(HashGateFull);
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    expect(started).toBe(1);
    first.resolve();
    await Promise.all([a, b, c]);
    expect(order).toEqual([1, 2, 3]);
    expect(started).toBe(3);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its slot when a hash fails', async () => {
    const gate = createHashGate({ concurrency: 1, queue: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve(7))).resolves.toBe(7);
  });

  // Issue 20: a spray filled the queue and half the honest sign-ins were refused as busy.
  it('serves the known lane first and never refuses it because the unknown lane is full', async () => {
    const gate = createHashGate({ concurrency: 1, queue: 2, knownQueue: 1 });
    const first = deferred();
    const order: string[] = [];
    const running = gate.run(async () => {
      await first.promise;
      order.push('running');
    });
    const strangers = [1, 2].map((i) =>
      gate.run(() => {
        order.push(`stranger ${i}`);
        return Promise.resolve();
      }),
    );
    await expect(gate.run(() => Promise.resolve())).rejects.toBeInstanceOf(HashGateFull);
    expect(gate.full('unknown')).toBe(true);
    expect(gate.full('known')).toBe(false);
    const driver = gate.run(() => {
      order.push('driver');
      return Promise.resolve();
    }, 'known');
    expect(gate.full('known')).toBe(true);
    await expect(gate.run(() => Promise.resolve(), 'known')).rejects.toBeInstanceOf(HashGateFull);
    first.resolve();
    await Promise.all([running, driver, ...strangers]);
    expect(order).toEqual(['running', 'driver', 'stranger 1', 'stranger 2']);
  });
});
