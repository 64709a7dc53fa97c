// The command line of the property suites (`npm run test:rules`, `npm run test:faults`): --runs N
// (default 1000) and --seed S to replay a failure, plus a suite's own options. A bad value
// exits 2 with the option named.
import { parseArgs } from 'node:util';

export function propertyRunArgs(options = {}) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string' }, ...options } });
  if (!/^\d+$/.test(values.runs) || Number(values.runs) < 1) {
    console.error('--runs takes a positive whole number');
    process.exit(2);
  }
  if (values.seed !== undefined && !/^-?\d+$/.test(values.seed)) {
    console.error('--seed takes the whole number a failed run printed');
    process.exit(2);
  }
  return values;
}
