// `npm run bench`, server part: the hot reads under a steady load (scripts/openLoad.mjs: an
// open-loop load at a fixed request rate, as phones poll, rather than as fast as possible), each beside a bare route of
// the same process in the same run (/healthz: no auth, no database), so a figure inflated by a
// busy machine shows as such. Figures, not a test: see BENCHMARKS.md.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../test/support/server';
import { addBulkOrders, BENCH_DRIVER } from './benchHome';

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

interface Load {
  path: string;
  rate: number;
  seconds: number;
  token?: string;
}

/** scripts/openLoad.mjs in a child process: the load never shares the server's event loop. */
function load(server: TestServer, { path, rate, seconds, token }: Load): Promise<OpenLoadResult> {
  const headers = ['accept-encoding=br, gzip', ...(token ? [`authorization=Bearer ${token}`] : [])];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [openLoadScript, `${server.url}${path}`, String(rate), String(seconds), ...headers], (err, stdout) => {
      if (err) reject(new Error(`openLoad failed: ${err.message}`));
      else resolve(JSON.parse(stdout) as OpenLoadResult);
    });
  });
}

/** One at a time, reads the answer cache has not seen (each asks another page size that holds the same orders). */
async function missMedian(server: TestServer, path: string, token: string | undefined): Promise<number> {
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

async function figure(server: TestServer, what: string, opts: Load): Promise<LoadFigure> {
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

/** The order list of the demo driver (34 orders) at 200 req/s; a 2,000-order driver's first page (1,000) at 50 req/s. */
export async function serverLoadFigures(smoke: boolean): Promise<LoadFigure[]> {
  const seconds = smoke ? 2 : 10;
  const figures: LoadFigure[] = [];
  const small = await startTestServer();
  let count = 0;
  try {
    const token = await small.login(BENCH_DRIVER.email, BENCH_DRIVER.password);
    count =
      (
        await small.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM orders o JOIN accounts a ON a.id = o.driver_id
        WHERE a.email = $1 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL`,
          [BENCH_DRIVER.email],
        )
      )[0]?.n ?? 0;
    figures.push(await figure(small, `order-list pull (${count} orders)`, { path: '/api/driver/order-list', rate: smoke ? 50 : 200, seconds, token }));
  } finally {
    await small.close();
  }
  const large = await startTestServer();
  try {
    await addBulkOrders(large, smoke ? 200 : 2_000);
    const token = await large.login(BENCH_DRIVER.email, BENCH_DRIVER.password);
    figures.push(
      await figure(large, `order-list pull, ${count + (smoke ? 200 : 2_000)} orders (first page of 1,000, brotli)`, {
        path: '/api/driver/order-list?limit=1000',
        rate: smoke ? 10 : 50,
        seconds,
        token,
      }),
    );
  } finally {
    await large.close();
  }
  return figures;
}
