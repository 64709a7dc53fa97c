// `npm run bench`, server part: the hot reads under a steady load (scripts/openLoad.mjs: an
// open-loop load at a fixed request rate, as phones poll, rather than as fast as possible), each beside a bare route of
// the same process in the same run (/healthz: no auth, no database), so a figure inflated by a
// busy machine shows as such. The server runs in a process of its own (scripts/benchServerProcess.ts).
// Figures, not a test: see BENCHMARKS.md.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchServerInfo } from './benchServerProcess';

export interface LoadFigure {
  what: string;
  rate: number;
  p50: number;
  p99: number;
  /** The bare route's p99 at the same rate, in the same run. */
  bareP99: number;
  /** Bytes of one answer as sent (compressed when the client accepts it). */
  bytesPerAnswer: number;
  non2xx: number;
  /** Median time of one read whose answer is not remembered (a new address each: the answer cache's miss). */
  missMedian: number;
}

interface OpenLoadResult {
  p50: number;
  p99: number;
  bytesPerAnswer: number;
  non2xx: number;
  errors: number;
}

const openLoadScript = fileURLToPath(new URL('./openLoad.mjs', import.meta.url));
const serverProcessScript = fileURLToPath(new URL('./benchServerProcess.ts', import.meta.url));

/** Where the load goes: the bench server's address. */
type Target = Pick<BenchServerInfo, 'url'>;

interface Load {
  path: string;
  rate: number;
  seconds: number;
  token?: string;
}

/** scripts/openLoad.mjs in a child process: the load never shares the server's event loop. */
function load(server: Target, { path, rate, seconds, token }: Load): Promise<OpenLoadResult> {
  const headers = ['accept-encoding=br, gzip', ...(token ? [`authorization=Bearer ${token}`] : [])];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [openLoadScript, `${server.url}${path}`, String(rate), String(seconds), ...headers], (err, stdout) => {
      if (err) reject(new Error(`openLoad failed: ${err.message}`));
      else resolve(JSON.parse(stdout) as OpenLoadResult);
    });
  });
}

/** One at a time, reads the answer cache has not seen (each asks another page size that holds the same orders). */
async function missMedian(server: Target, path: string, token: string | undefined): Promise<number> {
  const times: number[] = [];
  const base = path.replace(/[?&]limit=\d+/, '');
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    const res = await fetch(`${server.url}${base}${base.includes('?') ? '&' : '?'}limit=${999 - i}`, {
      headers: { 'accept-encoding': 'br, gzip', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    await res.arrayBuffer();
    if (i > 0) times.push(performance.now() - started); // the first warms the route
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function figure(server: Target, what: string, opts: Load): Promise<LoadFigure> {
  // A short warm-up, then the bare route and the read at the same rate.
  await load(server, { ...opts, seconds: 1 });
  const bare = await load(server, { ...opts, path: '/healthz', token: undefined });
  const read = await load(server, opts);
  return {
    what,
    rate: opts.rate,
    p50: read.p50,
    p99: read.p99,
    bareP99: bare.p99,
    bytesPerAnswer: read.bytesPerAnswer,
    non2xx: read.non2xx + read.errors,
    missMedian: await missMedian(server, opts.path, opts.token),
  };
}

/** A server of its own (scripts/benchServerProcess.ts) with `bulk` more orders for the bench driver; `stop` ends it. */
async function serverProcess(bulk: number): Promise<BenchServerInfo & { stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverProcessScript, String(bulk)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async (): Promise<void> => {
    child.stdin.end();
    await exited;
  };
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    exited.then((code) => Promise.reject(new Error(`the bench server exited (${code})`))),
  ]);
  lines.close();
  return { ...(JSON.parse(first) as BenchServerInfo), stop };
}

/** The order list of the demo driver (34 orders) at 200 req/s; a 2,000-order driver's first page (1,000) at 50 req/s. */
export async function serverLoadFigures(smoke: boolean): Promise<LoadFigure[]> {
  const seconds = smoke ? 2 : 10;
  const figures: LoadFigure[] = [];
  const small = await serverProcess(0);
  try {
    figures.push(
      await figure(small, `order-list pull (${small.count} orders)`, { path: '/api/driver/order-list', rate: smoke ? 50 : 200, seconds, token: small.token }),
    );
  } finally {
    await small.stop();
  }
  const large = await serverProcess(smoke ? 200 : 2_000);
  try {
    figures.push(
      await figure(large, `order-list pull, ${large.count} orders (first page of 1,000, brotli)`, {
        path: '/api/driver/order-list?limit=1000',
        rate: smoke ? 10 : 50,
        seconds,
        token: large.token,
      }),
    );
  } finally {
    await large.stop();
  }
  return figures;
}
