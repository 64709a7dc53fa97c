import { describe, expect, it } from 'vitest';
import { idleCadence } from '../../src/replication/idleCadence';

describe('idleCadence', () => {
  it('doubles the wait while runs are quiet, up to the cap, and starts over after one that was not', () => {
    const cadence = idleCadence(30_000, 120_000);
    expect([true, true, true, true].map((quiet) => cadence.next(quiet))).toEqual([60_000, 120_000, 120_000, 120_000]);
    expect(cadence.next(false)).toBe(30_000);
    expect(cadence.next(true)).toBe(60_000);
  });

  it('without a longer cap the interval stays as it was', () => {
    const cadence = idleCadence(30_000, 30_000);
    expect([true, true, false, true].map((quiet) => cadence.next(quiet))).toEqual([30_000, 30_000, 30_000, 30_000]);
  });
});
