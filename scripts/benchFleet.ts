// `npm run bench`, fleet part (issue 24 item 6): the short run of the fleet load test
// (scripts/fleet/run.ts): 200 simulated phones against two instances on PostgreSQL with files
// in an S3-compatible bucket, for 60 s, at the fleet's default rates. The goal is p99 ≤ 100 ms
// for the order-list pull and no failure. The long run (1,000 phones) is `npm run fleet --
// --record`, kept in BENCHMARKS.md. `--smoke`: 20 phones for 10 s, delivering and changed by the
// office often enough that every call is made.
import { runFleet } from './fleet/run';

export interface FleetBenchFigures {
  rows: { what: string; value: number; unit: string; budget: number }[];
  note: string;
}

export async function fleetFigures(smoke: boolean): Promise<FleetBenchFigures> {
  const fleet = await runFleet(
    smoke
      ? { drivers: 20, instances: 2, seconds: 10, companySize: 10, ordersPerDriver: 10, deliveriesPerHour: 60, officeChangesPerHour: 120, photoLongEdgePx: 640 }
      : { drivers: 200, instances: 2, seconds: 60 },
  );
  const where = `${fleet.drivers} phones on ${fleet.instances} instances (PostgreSQL, S3 bucket), ${fleet.seconds} s`;
  const call = (name: string) => fleet.window.calls.find((c) => c.call === name) ?? { count: 0, p50: 0, p99: Number.NaN };
  const list = call('order-list');
  const version = call('sync-version');
  const failed = fleet.summary.errors + fleet.counts.refused + fleet.unsent + fleet.office.failures;
  return {
    rows: [
      { what: `fleet, ${where}: order-list pull p99 (${list.count} pulls; p50 ${list.p50.toFixed(0)} ms)`, value: list.p99, unit: 'ms', budget: 100 },
      {
        what: `fleet, ${where}: failed requests, refused or unsent deliveries (${fleet.window.requests} requests in the window)`,
        value: failed,
        unit: 'failures',
        budget: 0,
      },
    ],
    note:
      `fleet, ${where}: ${(fleet.window.requests / fleet.seconds).toFixed(1)} requests/s; sync-version ${version.count} × p50 ${version.p50.toFixed(0)} ms p99 ${version.p99.toFixed(0)} ms; ` +
      `${fleet.counts.delivered} deliveries (${fleet.counts.uploads} photos), ${fleet.office.changes} office changes; ` +
      fleet.processes
        .map(
          (p) =>
            `${p.name} ${p.cpuSeconds === null ? 'n/a' : `${p.cpuSeconds.toFixed(1)} s CPU`}${p.lifePeakMb === null ? '' : `, ${p.lifePeakMb.toFixed(0)} MB peak`}`,
        )
        .join('; '),
  };
}
