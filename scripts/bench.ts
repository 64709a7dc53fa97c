// `npm run bench`: prints the figures we steer by (no pass/fail; timed tests flake).
// - first-load JS of the built PWA (gzip), against the 300 KB budget of DESIGN §3
// - server: login, a full order-list pull, upload + deliver round trips on PGlite
// - sync engine: N queued deliveries pushed and the list pulled, end to end
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { makeDevice, onlotOrderIds, prepareOnlotDelivery, syncUntilSettled } from '../test/support/device';
import { startTestServer } from '../test/support/server';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function bundleFigures(): void {
  const index = join('dist', 'index.html');
  if (!existsSync(index)) {
    console.log('bundle: dist/ missing — run `npm run build` first');
    return;
  }
  const html = readFileSync(index, 'utf8');
  const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  let firstLoadGz = 0;
  for (const file of firstLoad) firstLoadGz += gzipSync(readFileSync(join('dist', file))).length;
  let allGz = 0;
  let files = 0;
  for (const file of readdirSync(join('dist', 'assets'))) {
    if (!/\.(js|css)$/.test(file)) continue;
    files += 1;
    allGz += gzipSync(readFileSync(join('dist', 'assets', file))).length;
  }
  console.log(`bundle: first load ${kb(firstLoadGz)} gzip (${firstLoad.length} files; budget 300 KB); all chunks ${kb(allGz)} gzip in ${files} files`);
  const sw = join('dist', 'sw.js');
  if (existsSync(sw)) console.log(`bundle: service worker ${kb(statSync(sw).size)}`);
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

async function serverFigures(): Promise<void> {
  const [server, bootMs] = await time(() => startTestServer());
  console.log(`server: test server up (copy of the migrated, seeded template) in ${bootMs.toFixed(0)} ms`);
  const logins: number[] = [];
  let token = '';
  for (let i = 0; i < 5; i++) {
    const [t, ms] = await time(() => server.login('driver@summit.test', 'summit-driver-1'));
    token = t;
    logins.push(ms);
  }
  console.log(`server: login (scrypt) median ${median(logins).toFixed(1)} ms`);
  const pulls: number[] = [];
  let count = 0;
  for (let i = 0; i < 10; i++) {
    const [body, ms] = await time(async () => {
      const res = await fetch(`${server.url}/api/driver/order-list?limit=200`, { headers: { authorization: `Bearer ${token}` } });
      return (await res.json()) as { documents: unknown[] };
    });
    count = body.documents.length;
    pulls.push(ms);
  }
  console.log(`server: full order-list pull (${count} orders) median ${median(pulls).toFixed(1)} ms`);

  const device = await makeDevice(server);
  await device.engine.login('driver@summit.test', 'summit-driver-1');
  const [, firstSyncMs] = await time(() => device.engine.syncNow());
  console.log(`sync: first pull into an empty PWADB (fake-indexeddb) ${firstSyncMs.toFixed(0)} ms`);
  const ids = (await onlotOrderIds(device)).slice(0, 5);
  for (const id of ids) await prepareOnlotDelivery(device, id, 3);
  const [, pushMs] = await time(() => syncUntilSettled(device));
  console.log(`sync: ${ids.length} deliveries × 3 photos pushed + list pulled in ${pushMs.toFixed(0)} ms (${(pushMs / Math.max(1, ids.length)).toFixed(0)} ms each)`);
  await device.close();
  await server.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

bundleFigures();
serverFigures().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
