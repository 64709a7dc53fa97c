#!/usr/bin/env node
// `npm test`: every gate and suite, on a fresh machine. Typecheck, lint, build and the bench
// smoke count as one test each; vitest's per-test results are added; the last line is
// "N passed, N failed".
//
// Three streams run at once on the 2-core machine we size it for: build, e2e, then the bench
// smoke; typecheck, sync, then integration on PostgreSQL; and the node stream (lint, format,
// then the clock stage, which is the unit suite's one run). Output lines carry their stage's
// name; each stage's time and the total are printed at the end. `npm run test:quick` (the
// `--quick` flag) is the inner loop: typecheck, lint, unit and PGlite integration.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, mkdirSync, mkdtempSync, rmdirSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Every stage's temp files go to one dir of this run on tmpfs (/dev/shm), removed at the end:
 * PGlite's data dirs and their seeded template, Chromium's profiles, the PostgreSQL cluster.
 * On this machine's disk a PGlite test server's start, sign-in and close cost 1.2-1.6 CPU-s,
 * on tmpfs 0.5 (the copy of the 42 MB template, PGlite's writes, the removal), and the suites
 * start ~250 servers: the integration suite alone went from 204 to 153 CPU-s. Where /dev/shm
 * is missing or small (a container's 64 MB), the system temp dir as before.
 */
const RUN_DIR_PREFIX = 'driver-app-run-';
function runTempDir() {
  const shm = '/dev/shm';
  let base = tmpdir();
  try {
    const space = statfsSync(shm);
    if (space.bavail * space.bsize >= 4 * 1024 ** 3) base = shm;
  } catch {
    // no /dev/shm: the system temp dir
  }
  // A killed run leaves its dir (memory, on tmpfs): remove those whose process is gone and
  // that nothing has touched for an hour.
  for (const entry of readdirSync(base)) {
    if (!entry.startsWith(RUN_DIR_PREFIX)) continue;
    const pid = Number(entry.slice(RUN_DIR_PREFIX.length).split('-')[0]);
    const path = join(base, entry);
    if (pid && !alive(pid) && statSync(path).mtimeMs < Date.now() - 60 * 60 * 1000) rmSync(path, { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(base, `${RUN_DIR_PREFIX}${process.pid}-`));
  // Like /tmp: the PostgreSQL cluster runs as Debian's postgres user and makes its dir in here.
  chmodSync(dir, 0o1777);
  return dir;
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
const RUN_TMP = runTempDir();
process.env.TMPDIR = RUN_TMP; // every stage's processes inherit it (tmpdir() reads it)
console.log(`temp files: ${RUN_TMP}`);

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const timings = [];
const startedAt = Date.now();

/** The machine's busy and total CPU ticks (Linux /proc/stat): how much of the cores the run kept busy. */
function cpuTicks() {
  if (!existsSync('/proc/stat')) return undefined;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
const ticksAtStart = cpuTicks();

/**
 * Where a stage's CPU is counted. GNU time only sees the children a process waited for, so it
 * missed Chromium's and PostgreSQL's processes (the e2e stage used 2.6× what it reported). As
 * root with cgroup v1's cpuacct, each stage runs in a cgroup of its own, which counts every
 * process it starts; elsewhere GNU time's figure is printed, marked as partial.
 */
const CGROUP_ROOT = '/sys/fs/cgroup/cpuacct';
function stageCgroup(name) {
  if (process.getuid?.() !== 0 || !existsSync(join(CGROUP_ROOT, 'cgroup.procs'))) return undefined;
  const dir = join(CGROUP_ROOT, `driver-app-test-${process.pid}-${name.replace(/[^a-z0-9]+/gi, '-')}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cpuacct.usage'), '0');
    return dir;
  } catch {
    return undefined;
  }
}

/** Runs a command with its output lines prefixed by the stage name (two streams interleave). */
function run(name, cmd, args, opts = {}) {
  console.log(`=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const cgroup = stageCgroup(name);
  const cpuFile = join(tmpdir(), `driver-app-cpu-${process.pid}-${name.replace(/[^a-z0-9]+/gi, '-')}`);
  const timed = !cgroup && existsSync('/usr/bin/time');
  const child = cgroup
    ? spawn('bash', ['-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup, cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...opts })
    : timed
      ? spawn('/usr/bin/time', ['-q', '-f', '%U %S', '-o', cpuFile, cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...opts })
      : spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      let cpu;
      if (cgroup) {
        cpu = Number(readFileSync(join(cgroup, 'cpuacct.usage'), 'utf8')) / 1e9;
        try {
          rmdirSync(cgroup);
        } catch {
          // Removable only once empty: a process the stage left running keeps it (harmless).
        }
      } else if (timed && existsSync(cpuFile)) {
        cpu = readFileSync(cpuFile, 'utf8')
          .trim()
          .split(/\s+/)
          .map(Number)
          .reduce((a, b) => a + b, 0);
        rmSync(cpuFile, { force: true });
      }
      timings.push({ name, seconds, cpu, partial: !cgroup });
      console.log(`=== ${name}: exit ${code} in ${seconds.toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

async function gate(name, cmd, args, opts) {
  if (await run(name, cmd, args, opts)) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(name);
  }
}

/** One vitest run with its own JSON report; its per-test results are added to the totals. */
async function vitest(name, projects, { prefix = [], env } = {}) {
  mkdirSync('test-results', { recursive: true });
  const report = `test-results/vitest-${name.replace(/[^a-z0-9]+/gi, '-')}.json`;
  rmSync(report, { force: true });
  const args = ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const [cmd = 'npx', ...rest] = [...prefix, ...args];
  await run(name, cmd, rest, env ? { env } : {});
  if (!existsSync(report)) {
    results.failed += 1;
    failures.push(`${name}: vitest wrote no report`);
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  results.passed += json.numPassedTests ?? 0;
  // numFailedTestSuites counts each describe block around a failed test too (2 failed tests
  // read "6 failed" once): a failed file counts only when none of its tests failed (a load error).
  results.failed += json.numFailedTests ?? 0;
  results.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  if ((json.numTotalTests ?? 0) === 0) {
    results.failed += 1;
    failures.push(`${name}: vitest ran no test`);
  }
  for (const file of json.testResults ?? []) {
    // The first lines of each failure's message go into the summary: CI shows only the tail.
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failures.push(`${file.name}: ${t.fullName}\n${firstLines(t.failureMessages?.join('\n') ?? '')}`);
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      results.failed += 1;
      failures.push(`${file.name}: ${file.message}`);
    }
  }
}

function firstLines(text) {
  // eslint-disable-next-line no-control-regex -- strip terminal colours from vitest's messages
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 12)
    .map((line) => `      ${line.slice(0, 240)}`)
    .join('\n');
}

/**
 * Debian's Chromium: its headless shell (`chromium-headless-shell`, every phone of the browser
 * suite and the benchmark; e2e/phone.ts says why) and the full browser (`chromium`, what
 * E2E_CHROMIUM names to compare).
 */
function ensureChromium() {
  const missing = [
    ['/usr/bin/chromium', 'chromium'],
    ['/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
  ].filter(([path]) => !existsSync(path));
  if (missing.length === 0) return;
  const packages = missing.map(([, name]) => name).join(' ');
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing and we are not root: install Debian's ${packages} package(s).`);
    return;
  }
  spawnSync('bash', ['-c', `apt-get install -y ${packages} || (apt-get update && apt-get install -y ${packages})`], { stdio: 'inherit' });
}

/** Debian's libfaketime runs suites at a chosen wall-clock time (the clock stage below). */
function ensureFaketime() {
  if (spawnSync('bash', ['-c', 'command -v faketime'], { stdio: 'ignore' }).status === 0) return;
  if (process.getuid?.() !== 0) {
    console.error("faketime is missing and we are not root: install Debian's faketime package.");
    return;
  }
  spawnSync('bash', ['-c', 'apt-get install -y faketime || (apt-get update && apt-get install -y faketime)'], { stdio: 'inherit' });
}

/**
 * No test may depend on the hour it runs at. The unit and PGlite integration suites run with
 * the wall clock faked by faketime (TZ=UTC), from CLOCK_START: the run crosses midnight
 * (unit and the first integration files late in the evening, the rest just after midnight,
 * servers started before it answering after it). One such stage suffices, where two (00:05
 * and 23:55) ran before: lint (eslint.config.js) routes every wall-clock read of the app
 * through src/clock.ts and server/clock.ts, the rules that depend on the hour take `now` as
 * a parameter and test both edges of the day themselves (seedClock.test.ts seeds at 00:05
 * and 23:55 in every run), and this stage is the net for what they miss. It is the unit suite's
 * and the PGlite integration suite's only run (integration-pg runs the integration files at
 * the real time), and it has its own temp dir, so no server template seeded at the real time is reused.
 */
async function clockStage() {
  const day = new Date().toISOString().slice(0, 10);
  const tmp = mkdtempSync(join(tmpdir(), 'driver-app-clock-'));
  await vitest(`clock ${CLOCK_START} UTC`, ['unit', 'unit-isolated', 'integration'], {
    prefix: ['faketime', '-f', `@${day} ${CLOCK_START}`],
    env: { ...process.env, TMPDIR: tmp, TZ: 'UTC' },
  });
  rmSync(tmp, { recursive: true, force: true });
}
/** 90 s before midnight: the stage takes longer than that even on a fast machine (unit alone ~45 s). */
const CLOCK_START = '23:58:30';

/** `--quick` (`npm run test:quick`): the gates, unit and PGlite integration; no browser, no clock. */
const QUICK = process.argv.includes('--quick');

if (QUICK) {
  await Promise.all([
    (async () => {
      await gate('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
      await vitest('unit', ['unit', 'unit-isolated']);
    })(),
    (async () => {
      await gate('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
      await gate('format', 'npx', ['biome', 'format', '.']);
      await vitest('integration', ['integration']);
    })(),
  ]);
} else {
  ensureChromium();
  ensureFaketime();
  // The browser suites mostly wait (a page's timers, polls, a server's answer): measured at
  // 7a94d32, e2e used ~30% of a core over its wall time and sync ~27%. So they run side by
  // side, beside the CPU-bound node stream.
  const build = gate('build', 'bash', ['-c', 'npx vite build --logLevel warn && node scripts/precompress.mjs']);
  await Promise.all([
    // e2e drives the built PWA, so it waits for the build (a failed build fails the suite),
    // precompressed as `npm run build` leaves it for production.
    (async () => {
      await build;
      await vitest('e2e', ['e2e']);
      // The benchmark on its smallest data set, so it cannot rot (figures are not judged here).
      await gate('bench smoke', 'node', ['scripts/viteRun.mjs', 'scripts/bench.ts', '--smoke']);
    })(),
    // Typecheck first: the stream that ends last runs alone, and a single-threaded tsc at the
    // end left a core idle for its 69 s (full run at aedf241: the cores 95% busy, the tail
    // typecheck alone). Integration on PostgreSQL goes here to even the streams.
    (async () => {
      await gate('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
      await vitest('sync', ['sync']);
      await vitest('integration-pg', ['integration-pg']);
    })(),
    // The node stream. Unit runs once, in the clock stage.
    (async () => {
      await gate('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
      await gate('format', 'npx', ['biome', 'format', '.']);
      await clockStage();
    })(),
  ]);
}

console.log('\nStage times (three streams run at once; CPU is user + system of every process the stage started):');
for (const { name, seconds, cpu, partial } of timings)
  console.log(
    `  ${name.padEnd(28)} ${seconds.toFixed(1).padStart(7)} s${cpu === undefined || Number.isNaN(cpu) ? '' : `   CPU ${cpu.toFixed(1).padStart(7)} s${partial ? ' (waited-for children only)' : ''}`}`,
  );
const cpuTotal = timings.reduce((sum, t) => sum + (t.cpu ?? 0), 0);
console.log(`  ${'CPU of all stages'.padEnd(28)} ${cpuTotal.toFixed(1).padStart(7)} s`);
console.log(`  ${'total'.padEnd(28)} ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(7)} s`);
const ticksAtEnd = cpuTicks();
if (ticksAtStart && ticksAtEnd) {
  const share = (ticksAtEnd.busy - ticksAtStart.busy) / (ticksAtEnd.total - ticksAtStart.total);
  console.log(`  the machine's cores were busy ${(share * 100).toFixed(0)}% of the run (${availableParallelism()} cores; Chromium's processes included)`);
}

// A skipped test is a test that did not prove anything: count it as failed (DEVELOPERS.md).
if (results.skipped > 0) failures.push(`${results.skipped} skipped test(s)`);
results.failed += results.skipped;

if (failures.length) console.log(`\nFailures:\n  ${failures.join('\n  ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
rmSync(RUN_TMP, { recursive: true, force: true });
process.exit(results.failed === 0 ? 0 : 1);
