// `npm run fleet -- --drivers 1000 --instances 2 --seconds 600`: the fleet load test
// (scripts/fleet/run.ts). Prints per call kind p50/p99, failures by status, each process's CPU
// and memory; the last line is JSON {"drivers","seconds","requests","errors","p99_ms":{…}}.
// `--record` also writes the output into BENCHMARKS.md (its long-run section, kept by
// `npm run bench`). Exit 1 when anything failed (an error, a refused or unsent delivery), 2 on
// bad arguments.
import { parseArgs } from 'node:util';
import { recordFleetRun } from './record';
import { reportLines } from './report';
import { runFleet, type FleetOptions } from './run';

const NUMBERS = {
  drivers: 'simulated phones (default 1000)',
  instances: 'server processes (default 2)',
  seconds: 'the measured window (default 60)',
  'company-size': 'drivers per company (default 50)',
  orders: 'open orders per driver (default 30)',
  'deliveries-per-hour': 'deliveries per driver per hour (default 0.5)',
  'office-changes-per-hour': "the office's changes to each driver's orders per hour (default 2)",
  photos: 'photos per delivery (default 3)',
  'photo-px': "photos' long edge (default 1920)",
  interval: 'sync interval, seconds (default 30)',
  'idle-max': 'longest idle wait, seconds (default: the interval; the app stretches to 120)',
  'warmup-concurrency': 'phones signing in and pulling at once before the window (default 32)',
} as const;

function usage(): string {
  return [
    'usage: npm run fleet -- [--name value]… [--record]',
    ...Object.entries(NUMBERS).map(([name, what]) => `  --${name.padEnd(24)} ${what}`),
    `  --${'record'.padEnd(24)} also write the output into BENCHMARKS.md (the long run's section)`,
  ].join('\n');
}

function options(): FleetOptions {
  const { values } = parseArgs({
    options: {
      ...Object.fromEntries(Object.keys(NUMBERS).map((name) => [name, { type: 'string' as const }])),
      help: { type: 'boolean' },
      record: { type: 'boolean' },
    },
  });
  record = values.record === true;
  if (values.help) {
    console.log(usage());
    process.exit(0);
  }
  const number = (name: keyof typeof NUMBERS): number | undefined => {
    const raw = (values as Record<string, string | boolean | undefined>)[name];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (typeof raw !== 'string' || !Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0 (got ${String(raw)})`);
    return n;
  };
  const whole = (name: keyof typeof NUMBERS, fallback: number): number => {
    const n = number(name) ?? fallback;
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1`);
    return n;
  };
  return {
    drivers: whole('drivers', 1000),
    instances: whole('instances', 2),
    seconds: number('seconds') ?? 60,
    companySize: number('company-size') === undefined ? undefined : whole('company-size', 50),
    ordersPerDriver: number('orders'),
    deliveriesPerHour: number('deliveries-per-hour'),
    officeChangesPerHour: number('office-changes-per-hour'),
    photosPerDelivery: number('photos') === undefined ? undefined : whole('photos', 3),
    photoLongEdgePx: number('photo-px'),
    intervalSeconds: number('interval'),
    idleMaxSeconds: number('idle-max'),
    warmupConcurrency: number('warmup-concurrency') === undefined ? undefined : whole('warmup-concurrency', 32),
    log: (line) => console.log(line),
  };
}

let record = false;
let opts: FleetOptions;
try {
  opts = options();
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage()}`);
  process.exit(2);
}
runFleet(opts)
  .then((report) => {
    const lines = [...reportLines(report), JSON.stringify(report.summary)];
    for (const line of lines) console.log(line);
    if (record)
      recordFleetRun(
        `npm run fleet -- ${process.argv
          .slice(2)
          .filter((a) => a !== '--record')
          .join(' ')}`,
        lines,
      );
    process.exit(report.summary.errors === 0 && report.counts.refused === 0 && report.unsent === 0 && report.office.failures === 0 ? 0 : 1);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
