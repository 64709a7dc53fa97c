// The fleet load test (scripts/fleet/run.ts, `npm run fleet`) in small: 8 simulated phones
// against two server processes on this run's PostgreSQL and an s3rver bucket, for a few
// seconds, delivering often and changed by the office (about three times each),
// with small photos. Every call a phone makes is made (sign-in, the sync-version question,
// every read of a pull, the per-order reads, tus, the deliver calls, the follow-ups), nothing
// fails, every image the phones uploaded is an object in the bucket, and the summary line has
// the promised shape.
import { describe, expect, inject, it } from 'vitest';
import { runFleet } from '../../scripts/fleet/run';
import { usesPostgres } from '../support/pgDatabase';

if (!usesPostgres()) throw new Error('fleet.test.ts belongs to the integration-pg project (it needs a real PostgreSQL)');

/** What a phone calls in a sign-in, a first pull (and its first unsent report), idle runs and a delivery with its follow-ups (by the report's names). */
const EXPECTED_CALLS = [
  'POST login',
  'sync-version',
  'order-list',
  'company-drivers',
  'order-map',
  'schedule-list',
  'notifications',
  'company-contact',
  'check-feature-flag',
  'onlot-inventory-order-delivery-details',
  'inventory-move-order-delivery-details',
  'customer-order-delivery-details',
  'onlot-inventory-order-details',
  'inventory-move-order-details',
  'customer-order-details',
  'saved-checks',
  'POST tus',
  'PATCH tus',
  'email-info',
  'POST send-email',
  'POST generate_delivery_certificate',
  'POST report_unsent',
];

describe('the fleet load test', () => {
  it('runs 8 phones against two instances: every call made, no failure, every upload in the bucket, the summary line', { timeout: 300_000 }, async () => {
    const report = await runFleet({
      drivers: 8,
      instances: 2,
      seconds: 6,
      companySize: 4,
      ordersPerDriver: 10,
      deliveriesPerHour: 1800, // about three each: some customer order is delivered (all 24 on-lot or move: e^-12)
      photosPerDelivery: 2,
      photoLongEdgePx: 160,
      followupWaitMs: 200,
      officeChangesPerHour: 1800,
      adminUrl: inject('pgAdminUrl'),
      databasePrefix: `${inject('pgRunId')}_fleet`,
    });
    const calls = new Set([...report.warmup.calls, ...report.window.calls, ...report.tail.calls].map((c) => c.call));
    expect([...calls].filter((call) => /^POST deliver_/.test(call)).length).toBeGreaterThan(0);
    expect(EXPECTED_CALLS.filter((call) => !calls.has(call))).toEqual([]);
    expect({
      errors: report.summary.errors,
      refused: report.counts.refused,
      refusals: report.refusals,
      unsent: report.unsent,
      office: report.office.failures,
    }).toEqual({
      errors: 0,
      refused: 0,
      refusals: [],
      unsent: 0,
      office: 0,
    });
    expect(report.counts.delivered).toBeGreaterThan(0);
    expect(report.office.changes).toBeGreaterThan(0);
    expect(report.counts.finished).toBe(report.counts.delivered);
    expect(report.bucket.uploads).toBe(report.counts.uploads);
    expect(report.bucket.certificates).toBeGreaterThan(0);
    // The window's phones polled: each asked the sync version at least once.
    expect(report.window.calls.find((c) => c.call === 'sync-version')?.count ?? 0).toBeGreaterThanOrEqual(1);

    const line = JSON.parse(JSON.stringify(report.summary)) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(['drivers', 'seconds', 'requests', 'errors', 'p99_ms']);
    expect(line).toMatchObject({ drivers: 8, seconds: 6, errors: 0 });
    expect(line.requests).toBe(report.window.requests);
    const p99 = line.p99_ms as Record<string, number>;
    expect(Object.keys(p99).sort()).toEqual(report.window.calls.map((c) => c.call).sort());
    expect(Object.values(p99).every((ms) => Number.isFinite(ms) && ms > 0)).toBe(true);
    for (const process of report.processes.filter((p) => p.name.startsWith('instance'))) {
      expect(process.cpuSeconds).toBeGreaterThan(0);
      expect(process.lifePeakMb).toBeGreaterThan(50);
    }
  });
});
