// `npm run bench`, server part: the hot reads under a steady load (autocannon at a fixed
// request rate, as phones poll, rather than as fast as possible), each beside a bare route of
// the same process in the same run (/healthz: no auth, no database), so a figure inflated by a
// busy machine shows as such. Figures, not a test: see BENCHMARKS.md.
import autocannon from 'autocannon';
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
}

interface Load {
  path: string;
  rate: number;
  connections: number;
  seconds: number;
  token?: string;
}

async function load(server: TestServer, { path, rate, connections, seconds, token }: Load): Promise<autocannon.Result> {
  return autocannon({
    url: `${server.url}${path}`,
    connections,
    duration: seconds,
    overallRate: rate,
    headers: { 'accept-encoding': 'br, gzip', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

async function figure(server: TestServer, what: string, opts: Load): Promise<LoadFigure> {
  // A short warm-up, then the bare route and the read at the same rate and concurrency.
  await load(server, { ...opts, seconds: 1 });
  const bare = await load(server, { ...opts, path: '/healthz', token: undefined });
  const read = await load(server, opts);
  return {
    what,
    rate: opts.rate,
    p50: read.latency.p50,
    p99: read.latency.p99,
    bareP99: bare.latency.p99,
    bytesPerAnswer: read.requests.total > 0 ? read.throughput.total / read.requests.total : 0,
    non2xx: read.non2xx + read.errors,
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
    count = (await small.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o JOIN accounts a ON a.id = o.driver_id
        WHERE a.email = $1 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL`, [BENCH_DRIVER.email]))[0]?.n ?? 0;
    figures.push(await figure(small, `order-list pull (${count} orders)`, { path: '/api/driver/order-list', rate: smoke ? 50 : 200, connections: 20, seconds, token }));
  } finally {
    await small.close();
  }
  const large = await startTestServer();
  try {
    await addBulkOrders(large, smoke ? 200 : 2_000);
    const token = await large.login(BENCH_DRIVER.email, BENCH_DRIVER.password);
    figures.push(await figure(large, `order-list pull, ${count + (smoke ? 200 : 2_000)} orders (first page of 1,000, brotli)`, { path: '/api/driver/order-list?limit=1000', rate: smoke ? 10 : 50, connections: 10, seconds, token }));
  } finally {
    await large.close();
  }
  return figures;
}
