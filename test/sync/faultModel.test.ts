// Issue 23 item 5: the randomized model-based fault suite (test/support/faultModel/). Random
// driver actions — every delivery kind and payment path, schedule / reschedule / unschedule /
// reassign, notes, dismissals, the email switches — interleaved with random faults, on the real
// engine over fake-indexeddb against a real server on loopback; invariants after every step
// and every run (invariants.ts).
//
// npm test runs FAULTS_RUNS (default 3) runs; `npm run test:faults -- --runs N [--seed S]` more.
// A failure prints its seed and path: `npm run test:faults -- --runs N --seed S --path P` replays it.
import { writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { useSyncServer } from '../support/device';
import { runFaultModel } from '../support/faultModel/run';

const RUNS = Number(process.env.FAULTS_RUNS ?? 3);
const SEED = process.env.FAULTS_SEED ? Number(process.env.FAULTS_SEED) : Math.floor(Math.random() * 2 ** 31);
const PATH = process.env.FAULTS_PATH || undefined;
/** `--storage`: also a full phone storage during driver actions (its unhandled rejections fail the file: see the report). */
const STORAGE = process.env.FAULTS_STORAGE === '1';
const SECRET = 'fault-model-secret-0123456789abcdef0123456789';

const harness = useSyncServer(undefined, { jwtSecret: SECRET });

it(`${RUNS} random runs of driver actions and faults: nothing lost, nothing doubled, no double charge (seed ${SEED})`, {
  timeout: 24 * 3_600_000,
}, async () => {
  const started = Date.now();
  let failure: unknown = null;
  const summary = await runFaultModel(harness.server, SECRET, { runs: RUNS, seed: SEED, path: PATH, storage: STORAGE }).catch((error: unknown) => {
    failure = error;
    return null;
  });
  const line = summary
    ? JSON.stringify({
        runs: summary.runs,
        actions: summary.actions,
        lost: summary.lost,
        duplicated: summary.duplicated,
        double_charges: summary.double_charges,
        seed: SEED,
      })
    : JSON.stringify({ runs: RUNS, failed: true, seed: SEED });
  if (process.env.FAULTS_REPORT) writeFileSync(process.env.FAULTS_REPORT, `${line}\n`);
  const coverage = Object.entries(summary?.coverage ?? {}).sort(([a], [b]) => a.localeCompare(b));
  console.log(
    `fault model, ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary ? `${summary.attention} kept for the driver, ${summary.held} held behind them` : 'failed'}\n` +
      `${coverage.map(([what, n]) => `  ${String(n).padStart(5)}  ${what}`).join('\n')}\n${line}`,
  );
  expect(failure, `replay: npm run test:faults -- --runs ${RUNS} --seed ${SEED} (fast-check's path above replays only the failing run)`).toBeNull();
  expect(summary).toMatchObject({ lost: 0, duplicated: 0, double_charges: 0 });
});
