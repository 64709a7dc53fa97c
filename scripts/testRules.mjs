// npm run test:rules [-- --runs N] [-- --seed S]: the differential payment-rules test
// (test/sync/paymentDifferential.test.ts) with N generated deliveries per payment path
// (default 1000) and, to replay a failure, its seed. npm test runs the same file with 20.
import { spawnSync } from 'node:child_process';
import { propertyRunArgs } from './propertyRunArgs.mjs';

const values = propertyRunArgs();
const env = { ...process.env, RULES_RUNS: values.runs, ...(values.seed !== undefined ? { RULES_SEED: values.seed } : {}) };
const result = spawnSync('npx', ['vitest', 'run', '--project', 'sync', 'test/sync/paymentDifferential.test.ts'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
