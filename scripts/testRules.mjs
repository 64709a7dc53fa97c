// npm run test:rules [-- --runs N] [-- --seed S]: the differential payment-rules test
// (test/sync/paymentDifferential.test.ts) with N generated deliveries per payment path
// (default 1000) and, to replay a failure, its seed. npm test runs the same file with 20.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string' } } });
if (!/^\d+$/.test(values.runs) || Number(values.runs) < 1) {
  console.error('--runs takes a positive whole number');
  process.exit(2);
}
if (values.seed !== undefined && !/^-?\d+$/.test(values.seed)) {
  console.error('--seed takes the whole number a failed run printed');
  process.exit(2);
}
const env = { ...process.env, RULES_RUNS: values.runs, ...(values.seed !== undefined ? { RULES_SEED: values.seed } : {}) };
const result = spawnSync('npx', ['vitest', 'run', '--project', 'sync', 'test/sync/paymentDifferential.test.ts'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
