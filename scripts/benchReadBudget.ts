// Issue 20 item 7, measured: another company's cached order-list p50 while one token hammers
// `GET /api/driver/order-list?nocache=<n>` on 8 connections (autocannon, a new n each request:
// before the fix every one was an answer-cache miss). The victim is an open-loop load
// (scripts/openLoad.mjs). The server runs with the production read budget and tarpit.
// `limit` as the last argument varies a documented parameter instead (`?limit=<1..2500>`): each
// a real miss, which only the per-account budget bounds.
// Usage: npx tsx scripts/benchReadBudget.ts [seconds=8] [victim rate=50] [nocache|limit]; prints JSON.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { API } from '../src/domain';
import { DEFAULT_READ_BUDGET } from '../server/http/readBudget';
import { DEFAULT_REFUSAL_DELAY_MS } from '../server/http/limits';
import { startTestServer, type TestServer } from '../test/support/server';
import { createRequire } from 'node:module';
import type { CannonResult } from './benchCannon';

// Two drivers of two companies of the demo data (DESIGN §7).
const SUMMIT_DRIVER = { email: 'driver@summit.test', password: 'summit-driver-1' };
const RIDGE_DRIVER = { email: 'driver@ridge.test', password: 'ridge-driver-1' };
const seconds = Number(process.argv[2] ?? 8);
const rate = Number(process.argv[3] ?? 50);
const varied = process.argv[4] === 'limit' ? "'?limit=' + (1 + (n++ % 2500))" : "'?nocache=' + (n++)";
const openLoadScript = fileURLToPath(new URL('./openLoad.mjs', import.meta.url));

interface OpenLoadResult {
  p50: number;
  p90: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function victim(server: TestServer, token: string, forSeconds: number): Promise<OpenLoadResult> {
  const args = [openLoadScript, `${server.url}${API.orderList}`, String(rate), String(forSeconds), 'accept-encoding=br, gzip', `authorization=Bearer ${token}`];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, (err, stdout) =>
      err ? reject(new Error(`openLoad failed: ${err.message}`)) : resolve(JSON.parse(stdout) as OpenLoadResult),
    );
  });
}

const autocannonPath = createRequire(import.meta.url).resolve('autocannon');

/** autocannon in a child process, 8 connections, a new query on every request (its -I replaces ids in bodies only). */
function flood(server: TestServer, token: string, forSeconds: number): Promise<CannonResult> {
  const code = `const autocannon = require(${JSON.stringify(autocannonPath)}); let n = 0;
    autocannon({ url: ${JSON.stringify(server.url)}, connections: 8, duration: ${forSeconds},
      headers: { authorization: 'Bearer ${token}', 'accept-encoding': 'br, gzip' },
      requests: [{ setupRequest: (req) => ({ ...req, path: '${API.orderList}' + ${varied} }) }] },
    (err, result) => { if (err) throw err; process.stdout.write(JSON.stringify(result)); });`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', code], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(new Error(`autocannon failed: ${err.message}`)) : resolve(JSON.parse(stdout) as CannonResult),
    );
  });
}

async function main(): Promise<void> {
  const server = await startTestServer({ build: { readBudget: DEFAULT_READ_BUDGET, limitRefusalDelayMs: DEFAULT_REFUSAL_DELAY_MS } });
  try {
    const attacker = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
    const other = await server.login(RIDGE_DRIVER.email, RIDGE_DRIVER.password);
    await victim(server, other, 1); // warm-up: the answer is remembered
    const quiet = await victim(server, other, seconds);
    const hammer = flood(server, attacker, seconds + 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const loaded = await victim(server, other, seconds);
    const flooded = await hammer;
    const codes = Object.fromEntries(Object.entries(flooded.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
    console.log(
      JSON.stringify(
        {
          victimRate: rate,
          seconds,
          varied: process.argv[4] === 'limit' ? 'limit' : 'nocache',
          quiet: { p50: quiet.p50, p99: quiet.p99, non2xx: quiet.non2xx },
          underHammer: { p50: loaded.p50, p99: loaded.p99, non2xx: loaded.non2xx },
          hammer: { requests: flooded.requests.total, statusCodes: codes, p50: flooded.latency.p50 },
        },
        null,
        1,
      ),
    );
  } finally {
    await server.close();
  }
}

void main();
