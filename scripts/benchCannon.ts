// autocannon in a child process: the load generator never shares the server's event loop
// (in the bench's own process it inflated every latency, the bare route's too).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

export interface CannonResult {
  latency: { p50: number; p99: number };
  requests: { total: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
  statusCodeStats?: Record<string, { count: number }>;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** Runs autocannon's command line with these arguments and resolves its JSON result. */
export function cannon(args: string[]): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [autocannonBin, '--json', ...args], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) reject(new Error(`autocannon failed: ${err.message}`));
      else resolve(JSON.parse(stdout) as CannonResult);
    });
  });
}
