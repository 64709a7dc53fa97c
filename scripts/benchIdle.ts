// `npm run bench`, idle data: a signed-in phone doing nothing (the demo driver's 34 orders,
// nothing changed on the server) in Debian's Chromium, the service worker allowed. Every byte
// the browser exchanges with the server (page, sync worker, service worker; headers included)
// crosses a counting TCP proxy (test/support/faultProxy.ts) during a window of real time: the
// app's own timers (the 30 s sync, the 5-minute removed-user check) run as on a phone. The
// figure is extrapolated to an hour. Figures, not a test: see BENCHMARKS.md.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchPhone } from '../e2e/phone';
import { startFaultProxy, type ProxiedRequest } from '../test/support/faultProxy';
import { startTestServer } from '../test/support/server';
import { BENCH_DRIVER } from './benchHome';

export interface IdleFigures {
  windowS: number;
  up: number;
  down: number;
  perHour: number;
  /** What crossed in the window, by method and path (query left off), largest first. */
  byRequest: { line: string; count: number; up: number; down: number }[];
}

export interface IdleOptions {
  /** The measured window, seconds (a full run: 300, one removed-user check and ten sync runs). */
  windowS: number;
  /** After sign-in, until the first pull and its prefetch are done. */
  settleS: number;
  /** The build to serve (default dist). */
  distDir?: string;
}

function byRequest(requests: readonly ProxiedRequest[]): IdleFigures['byRequest'] {
  const groups = new Map<string, { line: string; count: number; up: number; down: number }>();
  for (const request of requests) {
    const line = request.line.replace(/\?.*$/, '');
    const group = groups.get(line) ?? { line, count: 0, up: 0, down: 0 };
    group.count += 1;
    group.up += request.up;
    group.down += request.down;
    groups.set(line, group);
  }
  return [...groups.values()].sort((a, b) => b.up + b.down - (a.up + a.down));
}

export async function idleFigures({ windowS, settleS, distDir = 'dist' }: IdleOptions): Promise<IdleFigures | null> {
  if (!existsSync(resolve(distDir, 'index.html'))) return null;
  const server = await startTestServer({ staticDir: resolve(distDir) });
  const target = new URL(server.url);
  const proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port) });
  const phone = await launchPhone({ density: 2, serviceWorkers: 'allow' });
  try {
    const page = phone.context.pages()[0] ?? (await phone.context.newPage());
    await page.goto(`${proxy.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(BENCH_DRIVER.email);
    await page.getByLabel('Password').fill(BENCH_DRIVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    await page.getByTestId('order-card').first().waitFor({ timeout: 60_000 });
    // The first pull, its per-order prefetch and the service worker's precache finish first.
    await page.waitForTimeout(settleS * 1000);
    const before = proxy.bytes();
    const seen = proxy.requests().length;
    await page.waitForTimeout(windowS * 1000);
    const after = proxy.bytes();
    const up = after.up - before.up;
    const down = after.down - before.down;
    return { windowS, up, down, perHour: ((up + down) * 3600) / windowS, byRequest: byRequest(proxy.requests().slice(seen)) };
  } finally {
    await phone.close();
    await proxy.close();
    await server.close();
  }
}

/** `npx tsx scripts/benchIdle.ts [windowS] [distDir]`: the figure and its breakdown alone. */
if (process.argv[1]?.endsWith('benchIdle.ts')) {
  const windowS = Number(process.argv[2] ?? 120);
  idleFigures({ windowS, settleS: 30, distDir: process.argv[3] })
    .then((figures) => {
      console.log(JSON.stringify(figures, null, 2));
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
