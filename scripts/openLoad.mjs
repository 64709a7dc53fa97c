#!/usr/bin/env node
// An open-loop load for `npm run bench` (scripts/benchServer.ts): one GET every 1/rate
// seconds, evenly spaced, whatever the answers do, each latency counted from the moment the
// request was due (so a slow server cannot slow the load down and hide its own queue).
// autocannon's rate mode is not that: each connection sends its whole quota for the second
// back to back at the start of the second, so "200 req/s" measured the queue of a burst.
// Usage: node scripts/openLoad.mjs <url> <rate> <seconds> [header=value ...]; prints JSON.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [url, rateArg, secondsArg, ...headerArgs] = process.argv.slice(2);
const rate = Number(rateArg);
const seconds = Number(secondsArg);
if (!url || !(rate > 0) || !(seconds > 0)) {
  console.error('usage: openLoad.mjs <url> <rate> <seconds> [header=value ...]');
  process.exit(2);
}
const headers = Object.fromEntries(headerArgs.map((h) => [h.slice(0, h.indexOf('=')), h.slice(h.indexOf('=') + 1)]));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const total = Math.round(rate * seconds);
const interval = 1000 / rate;
const latencies = [];
let bytes = 0;
let non2xx = 0;
let errors = 0;
let finished = 0;
let sent = 0;
const start = performance.now() + 20;

function done() {
  finished += 1;
  if (finished < total) return;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const round = (n) => Math.round(n * 100) / 100;
  console.log(
    JSON.stringify({
      requests: total,
      p50: round(at(0.5)),
      p90: round(at(0.9)),
      p99: round(at(0.99)),
      max: round(latencies.at(-1) ?? 0),
      bytesPerAnswer: latencies.length ? bytes / latencies.length : 0,
      non2xx,
      errors,
    }),
  );
  agent.destroy();
}

function fire(due) {
  const request = http.get(url, { agent, headers }, (res) => {
    if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
    res.on('data', (chunk) => (bytes += chunk.length));
    res.on('end', () => {
      latencies.push(performance.now() - due);
      done();
    });
  });
  request.on('error', () => {
    errors += 1;
    done();
  });
}

function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) {
    fire(start + sent * interval);
    sent += 1;
  }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}
setTimeout(tick, Math.max(0, start - performance.now()));
