// npm run test:faults [-- --runs N] [-- --seed S] [-- --path P] [-- --storage]: the randomized model-based
// fault suite (test/sync/faultModel.test.ts, test/support/faultModel/) with N generated runs
// (default 1000) and, to replay a failure, the seed (and fast-check path) it printed; --storage
// adds a full phone storage during driver actions. npm test
// runs the same file with 3. The last line printed is the run's JSON summary:
// {"runs":N,"actions":…,"lost":0,"duplicated":0,"double_charges":0,"seed":…}.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { propertyRunArgs } from './propertyRunArgs.mjs';

const values = propertyRunArgs({ path: { type: 'string' }, storage: { type: 'boolean', default: false } });
if (values.path !== undefined && !/^\d+(:\d+)*$/.test(values.path)) {
  console.error('--path takes the path a failed run printed, e.g. 12:0');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'test-faults-'));
const report = join(dir, 'summary.json');
const env = {
  ...process.env,
  FAULTS_RUNS: values.runs,
  FAULTS_REPORT: report,
  ...(values.seed !== undefined ? { FAULTS_SEED: values.seed } : {}),
  ...(values.path !== undefined ? { FAULTS_PATH: values.path } : {}),
  ...(values.storage ? { FAULTS_STORAGE: '1' } : {}),
};
const result = spawnSync('npx', ['vitest', 'run', '--project', 'sync', 'test/sync/faultModel.test.ts'], { stdio: 'inherit', env });
let summary = null;
try {
  summary = readFileSync(report, 'utf8').trim();
} catch {
  // The suite did not get as far as a summary (it failed to start): vitest's output says why.
}
rmSync(dir, { recursive: true, force: true });
if (summary) console.log(summary);
process.exit(result.status ?? 1);
