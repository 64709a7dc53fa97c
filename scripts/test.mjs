#!/usr/bin/env node
// `npm test`: every gate and suite, on a fresh machine. Typecheck and lint count as one
// test each; vitest's per-test results are added; the last line is "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(name, cmd, args, opts = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  console.log(`=== ${name}: exit ${res.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return res.status === 0;
}

function gate(name, cmd, args) {
  if (run(name, cmd, args)) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(name);
  }
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing and we are not root: install Debian\'s chromium package.');
    return;
  }
  run('install chromium', 'bash', ['-c', 'apt-get update && apt-get install -y chromium']);
}

/** Debian's libfaketime runs suites at a chosen wall-clock time (the clock stage below). */
function ensureFaketime() {
  if (spawnSync('bash', ['-c', 'command -v faketime'], { stdio: 'ignore' }).status === 0) return;
  if (process.getuid?.() !== 0) {
    console.error('faketime is missing and we are not root: install Debian\'s faketime package.');
    return;
  }
  run('install faketime', 'bash', ['-c', 'apt-get install -y faketime || (apt-get update && apt-get install -y faketime)']);
}

ensureChromium();
ensureFaketime();
gate('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
gate('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
// The e2e suite drives the built PWA, so build it first (a failed build fails the suite),
// precompressed as `npm run build` leaves it for production.
gate('build', 'bash', ['-c', 'npx vite build --logLevel warn && node scripts/precompress.mjs']);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  results.passed += json.numPassedTests ?? 0;
  results.failed += (json.numFailedTests ?? 0) + (json.numFailedTestSuites ?? 0);
  results.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  if ((json.numTotalTests ?? 0) === 0) {
    results.failed += 1;
    failures.push('vitest ran no test');
  }
  for (const file of json.testResults ?? []) {
    for (const t of file.assertionResults ?? []) if (t.status === 'failed') failures.push(`${file.name}: ${t.fullName}`);
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failures.push(`${file.name}: ${file.message}`);
  }
} else {
  results.failed += 1;
  failures.push('vitest wrote no report');
}
// The benchmark on its smallest data set, so it cannot rot (figures are not judged here).
gate('bench smoke', 'npx', ['tsx', 'scripts/bench.ts', '--smoke']);
// No test may depend on the hour it runs at: the unit and integration suites run again with
// the wall clock at 00:05 and at 23:55 UTC today (the later one crosses midnight mid-run),
// each with its own temp dir so no server template seeded at the real time is reused.
for (const hhmm of ['00:05', '23:55']) {
  const day = new Date().toISOString().slice(0, 10);
  const tmp = mkdtempSync(join(tmpdir(), `driver-app-clock-${hhmm.replace(':', '')}-`));
  const ok = run(`clock ${hhmm} UTC`, 'faketime', ['-f', `@${day} ${hhmm}:00`, 'npx', 'vitest', 'run', '--project', 'unit', '--project', 'integration'], {
    env: { ...process.env, TMPDIR: tmp, TZ: 'UTC' },
  });
  rmSync(tmp, { recursive: true, force: true });
  if (ok) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(`unit + integration at ${hhmm} UTC (faketime)`);
  }
}

// A skipped test is a test that did not prove anything: count it as failed (DEVELOPERS.md).
if (results.skipped > 0) failures.push(`${results.skipped} skipped test(s)`);
results.failed += results.skipped;

if (failures.length) console.log(`\nFailures:\n  ${failures.join('\n  ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
