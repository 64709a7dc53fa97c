// `npm run bench`, fleet part (issue 24 item 6): the short run of the fleet load test
// (scripts/fleet/run.ts): 200 simulated phones against two instances on PostgreSQL with files
// in an S3-compatible bucket, for 60 s, at the fleet's default rates. The long run (1,000
// phones) is `npm run fleet`, recorded by hand in BENCHMARKS.md's notes. `--smoke`: 20 phones
// for 10 s, delivering and changed by the office often enough that every call is made.
import { runFleet } from './fleet/run';
import type { FleetReport } from './fleet/report';

export function fleetFigures(smoke: boolean): Promise<FleetReport> {
  return runFleet(
    smoke
      ? { drivers: 20, instances: 2, seconds: 10, companySize: 10, ordersPerDriver: 10, deliveriesPerHour: 60, officeChangesPerHour: 120, photoLongEdgePx: 640 }
      : { drivers: 200, instances: 2, seconds: 60 },
  );
}
