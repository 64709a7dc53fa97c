#!/usr/bin/env node
// Sign-in traffic for `npm run bench` (scripts/benchSignInSpray.ts), in a child process so it
// never shares the server's event loop. Reads a plan as JSON on stdin:
//   { url, spray: { addresses, attempts, emails[], concurrency } | null,
//     honest: [{ email, password, address, deviceKey|null, atMs }] }
// The spray sends `attempts` wrong passwords from each of `addresses` addresses (cycling
// through the addresses, `concurrency` at a time) until it is done or the honest sign-ins
// are; each honest sign-in starts at its `atMs` and is timed alone. Prints JSON:
//   { honest: [{ status, ms }], spray: { sent, statuses } }
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const plan = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
  }),
);
const target = new URL('/auth/login', plan.url);
const sprayAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(body, headers, agent) {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      target,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

let honestDone = false;
const statuses = {};
let sent = 0;
async function sprayWorker(queue) {
  for (;;) {
    const next = queue.shift();
    if (!next || honestDone) return;
    sent += 1;
    const status = await post({ email: next.email, password: next.password }, { 'x-forwarded-for': next.address }, sprayAgent);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}

const spray = plan.spray;
const queue = [];
if (spray) {
  for (let round = 0; round < spray.attempts; round += 1) {
    for (let a = 0; a < spray.addresses; a += 1) {
      const email = spray.emails[(round * spray.addresses + a) % spray.emails.length];
      queue.push({ address: `10.${Math.floor(a / 250)}.${a % 250}.1`, email, password: `guess-${round}-${a}` });
    }
  }
}
const started = performance.now();
const workers = spray ? Array.from({ length: spray.concurrency }, () => sprayWorker(queue)) : [];
const honest = await Promise.all(
  plan.honest.map(async (h) => {
    const wait = h.atMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const agent = new http.Agent({ keepAlive: false });
    const t0 = performance.now();
    const headers = { 'x-forwarded-for': h.address, ...(h.deviceKey ? { 'x-sign-in-device': h.deviceKey } : {}) };
    const status = await post({ email: h.email, password: h.password }, headers, agent);
    return { status, ms: performance.now() - t0 };
  }),
);
honestDone = true;
await Promise.all(workers);
sprayAgent.destroy();
process.stdout.write(JSON.stringify({ honest, spray: { sent, statuses } }));
