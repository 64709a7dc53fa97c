// The fleet load test (issue 24 item 6; `npm run fleet`, a row group of `npm run bench`, and
// test/integration-pg/fleet.test.ts): N simulated phones against K instances of the server on
// one PostgreSQL, files in an S3-compatible bucket, for a bounded window.
//  1. A database of its own on the PostgreSQL (test/support/pgCluster.ts finds or starts one),
//     seeded with the demo plus the fleet's drivers (server/db/seedFleet.ts).
//  2. The bucket (s3rver) and the instances, each a process of its own (processes.ts).
//  3. Warm-up, not measured: each phone signs in and makes its first pull, a few at a time (as
//     phones that were in use before the window began).
//  4. The window: each phone's timer from a random moment of its first interval (a schedule
//     spread as phones' timers are, not a burst), deliveries at random moments.
//  5. The phones' runs under way at the end finish; the instances stop; everything is removed.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { openDatabase } from '../../server/db/client';
import { FLEET_EMAIL_LIKE, FLEET_PASSWORD, fleetDriverEmail, seedFleetDatabase } from '../../server/db/seedFleet';
import { databaseUrl as urlOf, obtainPostgres } from '../../test/support/pgCluster';
import { adminQuery, quoteIdent } from '../../test/support/pgDatabase';
import { createFleetDriver, type DriverCounts, type FleetDriver } from './driver';
import { fleetImages } from './images';
import { cpuSeconds, memoryMb, postgresPids, startInstance, startS3Process, type Child, type Instance } from './processes';
import { startOffice } from './office';
import { phaseFigures, summaryOf, type FleetReport, type ProcessFigure } from './report';
import { createBalancer, phoneAddress, Recorder } from './transport';

export interface FleetOptions {
  drivers: number;
  instances: number;
  /** The measured window. */
  seconds: number;
  /** Drivers per company (default 50). */
  companySize?: number;
  /** Open orders seeded per driver (default 30; the demo driver has 34). */
  ordersPerDriver?: number;
  /** Deliveries per driver per hour (default 0.5: four or five in a working day). */
  deliveriesPerHour?: number;
  /** The office's changes to each driver's orders per hour (default 2), each moving that phone's sync version. */
  officeChangesPerHour?: number;
  /** Photos per delivery (default 3). */
  photosPerDelivery?: number;
  /** The photos' long edge (default 1920, what the app's photo worker leaves). */
  photoLongEdgePx?: number;
  /** The sync worker's interval (default 30 s). */
  intervalSeconds?: number;
  /** The longest idle wait (default the interval: a run every 30 s; the worker stretches to 120). */
  idleMaxSeconds?: number;
  /** Follow-ups' wait (default SPEC §9's 7 s). */
  followupWaitMs?: number;
  /** Phones making their first pull at once during the warm-up (default 32; before, they sign in 4 per instance at a time). */
  warmupConcurrency?: number;
  /** A PostgreSQL URL whose user may CREATE DATABASE; default pgCluster's (DATABASE_URL, TEST_DATABASE_URL, or a throwaway cluster). */
  adminUrl?: string;
  /** The database's name starts with this (default driver_app_fleet). */
  databasePrefix?: string;
  log?: (line: string) => void;
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

function sumCounts(drivers: readonly FleetDriver[]): DriverCounts {
  const total: DriverCounts = { runs: 0, pulls: 0, delivered: 0, uploads: 0, finished: 0, refused: 0 };
  for (const driver of drivers) for (const key of Object.keys(total) as (keyof DriverCounts)[]) total[key] += driver.counts[key];
  return total;
}

async function bucketCounts(env: Record<string, string>): Promise<{ uploads: number; certificates: number }> {
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' },
  });
  const count = async (prefix: string): Promise<number> => {
    let n = 0;
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET, Prefix: prefix, ContinuationToken: token }));
      n += page.KeyCount ?? 0;
      token = page.NextContinuationToken;
    } while (token);
    return n;
  };
  try {
    return { uploads: await count(`${env.S3_PREFIX ?? ''}uploads/`), certificates: await count(`${env.S3_PREFIX ?? ''}certificates/`) };
  } finally {
    client.destroy();
  }
}

/** CPU seconds of each process, of the load generator, and of each PostgreSQL process (`pg <pid>`), now. */
function cpuNow(processes: readonly Child[], pgPids: readonly number[]): Map<string, number | null> {
  const cpu = new Map<string, number | null>(processes.map((p) => [p.name, cpuSeconds(p.pid)]));
  for (const pid of pgPids) cpu.set(`pg ${pid}`, cpuSeconds(pid));
  const used = process.cpuUsage();
  cpu.set('load generator', (used.user + used.system) / 1e6);
  return cpu;
}

/** CPU used between two readings: per process, and PostgreSQL's summed over its processes (one started since counts from 0; one gone is lost). */
function cpuUsed(before: Map<string, number | null>, after: Map<string, number | null>, name: string): number | null {
  if (name === 'postgresql') {
    const pg = [...after.entries()].filter(([key, value]) => key.startsWith('pg ') && value !== null);
    return pg.length ? pg.reduce((sum, [key, value]) => sum + (value ?? 0) - (before.get(key) ?? 0), 0) : null;
  }
  const [start, end] = [before.get(name), after.get(name)];
  return start === null || start === undefined || end === null || end === undefined ? null : end - start;
}

/** How long the phones may take to send what is still queued when the window closes (follow-ups wait 7 s each). */
const FINISH_MS = 90_000;

export async function runFleet(opts: FleetOptions): Promise<FleetReport> {
  const log = opts.log ?? (() => undefined);
  const intervalMs = (opts.intervalSeconds ?? 30) * 1000;
  const cleanups: (() => Promise<void>)[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'driver-app-fleet-'));
  let finished = false;
  // The instances' and the bucket's logs stay when the run failed.
  cleanups.push(() => Promise.resolve(finished ? rmSync(dir, { recursive: true, force: true }) : console.error(`fleet: failed; logs kept in ${dir}`)));
  try {
    // 1. The database.
    const server = opts.adminUrl ? { adminUrl: opts.adminUrl, stop: () => Promise.resolve() } : await obtainPostgres();
    cleanups.push(() => server.stop());
    const name = `${opts.databasePrefix ?? 'driver_app_fleet'}_${randomBytes(4).toString('hex')}`;
    await adminQuery(server.adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
    cleanups.push(() => adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`).then(() => undefined));
    const url = urlOf(server.adminUrl, name);
    const seedStarted = Date.now();
    const database = await openDatabase({ databaseUrl: url });
    cleanups.push(() => database.close());
    await seedFleetDatabase(database, {
      drivers: opts.drivers,
      companySize: opts.companySize ?? 50,
      ordersPerDriver: opts.ordersPerDriver ?? 30,
      now: Date.now(),
    });
    const seedMs = Date.now() - seedStarted;
    log(`fleet: database ${name} seeded with ${opts.drivers} drivers in ${(seedMs / 1000).toFixed(1)} s`);

    // 2. The bucket and the instances (one after the other: booting at once only costs time on 2 cores).
    const s3 = await startS3Process(join(dir, 's3'), 'fleet/');
    cleanups.push(() => s3.child.stop());
    const env = { DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), TRUST_PROXY: '1', ...s3.env };
    const instances: Instance[] = [];
    for (let i = 0; i < opts.instances; i++) {
      const instance = await startInstance(`instance ${i + 1}`, join(dir, `instance-${i + 1}`), env);
      instances.push(instance);
      cleanups.push(() => instance.stop());
    }
    // A process that stops before the end is the run's failure, named with its stderr (else it shows only as refused connections).
    const crashes: string[] = [];
    let stopping = false;
    for (const child of [s3.child, ...instances]) {
      void child.exited.then((code) => {
        if (!stopping) crashes.push(`${child.name} exited (${String(code)}) during the run: ${child.stderr()}`);
      });
    }
    log(`fleet: ${instances.length} instances up (${instances.map((i) => `${i.url} pid ${i.pid}`).join(', ')}); logs in ${dir}`);

    // 3. Warm-up: every phone signs in and pulls once.
    const recorder = new Recorder();
    const balancer = createBalancer(
      instances.map((i) => i.url),
      recorder,
    );
    const images = await fleetImages(opts.photoLongEdgePx ?? 1920);
    const refusals: string[] = [];
    const drivers = Array.from({ length: opts.drivers }, (_, n) =>
      createFleetDriver({
        fetch: balancer.fetchFor(phoneAddress(n + 1)),
        images,
        intervalMs,
        idleMaxIntervalMs: opts.idleMaxSeconds === undefined ? undefined : opts.idleMaxSeconds * 1000,
        photosPerDelivery: opts.photosPerDelivery ?? 3,
        followupWaitMs: opts.followupWaitMs,
        onRefused: (why) => refusals.push(why),
      }),
    );
    // Sign-ins first (each a password hash: the instances' hash gates take one at a time), then the first pulls.
    const warmupStarted = Date.now();
    await pool([...drivers.entries()], 4 * opts.instances, ([n, driver]) => driver.signIn(fleetDriverEmail(n), FLEET_PASSWORD));
    const signInMs = Date.now() - warmupStarted;
    await pool(drivers, opts.warmupConcurrency ?? 32, (driver) => driver.syncNow());
    const warmupMs = Date.now() - warmupStarted;
    log(
      `fleet: warm-up done in ${(warmupMs / 1000).toFixed(1)} s (sign-ins ${(signInMs / 1000).toFixed(1)} s; ${recorder.requests('warmup')} requests); the window opens for ${opts.seconds} s`,
    );

    // 4. The window.
    const measured: Child[] = [...instances, s3.child];
    const pgPids = await postgresPids(url).catch(() => []);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    const peaks = new Map<string, number>();
    const sample = setInterval(() => {
      for (const p of measured) peaks.set(p.name, Math.max(peaks.get(p.name) ?? 0, memoryMb(p.pid)?.rss ?? 0));
      peaks.set('load generator', Math.max(peaks.get('load generator') ?? 0, process.memoryUsage().rss / 2 ** 20));
    }, 500);
    const cpuBefore = cpuNow(measured, pgPids);
    recorder.phase = 'window';
    loopDelay.enable();
    const opened = Date.now();
    const closes = opened + opts.seconds * 1000;
    for (const driver of drivers) driver.start(opened + Math.random() * intervalMs, closes, opts.deliveriesPerHour ?? 0.5);
    const office = await startOffice(database, { perDriverPerHour: opts.officeChangesPerHour ?? 2, emailLike: FLEET_EMAIL_LIKE });
    await new Promise((resolve) => setTimeout(resolve, opts.seconds * 1000));
    await office.stop();
    recorder.phase = 'tail';
    loopDelay.disable();
    const cpuAfter = cpuNow(measured, await postgresPids(url).catch(() => pgPids));
    clearInterval(sample);

    // 5. Runs under way finish, then what is still queued is sent (follow-ups after their waits); what reached the bucket is counted.
    await Promise.all(drivers.map((d) => d.stop()));
    const finishBy = Date.now() + FINISH_MS;
    await Promise.all(drivers.map((d) => d.finish(finishBy)));
    if (crashes.length) throw new Error(crashes.join('\n'));
    const bucket = await bucketCounts(s3.env);
    stopping = true;
    const processes: ProcessFigure[] = [...measured.map((p) => p.name), 'postgresql', 'load generator'].map((processName) => {
      const child = measured.find((p) => p.name === processName);
      const memory = child ? memoryMb(child.pid) : processName === 'load generator' ? { rss: 0, peak: process.resourceUsage().maxRSS / 1024 } : null;
      return {
        name: processName,
        cpuSeconds: cpuUsed(cpuBefore, cpuAfter, processName),
        windowPeakMb: peaks.get(processName) ?? null,
        lifePeakMb: memory?.peak ?? null,
      };
    });
    const partial = {
      drivers: opts.drivers,
      instances: opts.instances,
      seconds: opts.seconds,
      seedMs,
      warmupMs,
      warmup: phaseFigures(recorder, 'warmup'),
      window: phaseFigures(recorder, 'window'),
      tail: phaseFigures(recorder, 'tail'),
      counts: sumCounts(drivers),
      bucket,
      processes,
      generatorLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      refusals: refusals.slice(0, 10),
      unsent: drivers.reduce((n, d) => n + d.waiting(), 0),
      office: { changes: office.changes, failures: office.failures },
    };
    finished = true;
    return { ...partial, summary: summaryOf(partial) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => log(`fleet: cleanup failed: ${String(error)}`));
  }
}
