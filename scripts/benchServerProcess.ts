// The server `npm run bench`'s load figures measure (scripts/benchServer.ts), in a process of
// its own as in production: its event loop and heap hold the server alone. In the bench's own
// process the earlier figures (a fake-IndexedDB phone, two sign-in sprays) left ~200 MB of heap
// and their handles, and the order-list p99 at 200 req/s read 26-47 ms where the same server
// alone reads ~12 ms: the figure measured the bench, not the server.
// Run: node --import tsx scripts/benchServerProcess.ts <bulk orders>; prints one JSON line
// ({ url, token, count }) once it serves, and stops when its stdin closes.
import { startTestServer } from '../test/support/server';
import { addBulkOrders, BENCH_DRIVER } from './benchHome';

export interface BenchServerInfo {
  url: string;
  /** The bench driver's token. */
  token: string;
  /** The bench driver's open orders. */
  count: number;
}

const bulk = Number(process.argv[2] ?? 0);
const server = await startTestServer();
if (bulk > 0) await addBulkOrders(server, bulk);
const token = await server.login(BENCH_DRIVER.email, BENCH_DRIVER.password);
const [row] = await server.query<{ n: number }>(
  `SELECT count(*)::int AS n FROM orders o JOIN accounts a ON a.id = o.driver_id
    WHERE a.email = $1 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL`,
  [BENCH_DRIVER.email],
);
const info: BenchServerInfo = { url: server.url, token, count: row?.n ?? 0 };
process.stdout.write(`${JSON.stringify(info)}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
