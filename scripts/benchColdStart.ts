// `npm run bench`, cold start: the phone was killed with N orders in PWADB and the driver opens
// the app with no signal. Measures, in Debian's Chromium at 390x844 with the CPU throttled 4×,
// the time from navigation start until the first order card is in the page, the shell served
// by the service worker and the list read from PWADB. The phone signs in and pulls in Playwright;
// its cold starts run in a bare Chromium on the same profile (bareChromium.ts: Playwright's
// DevTools domains cost the start ~215 ms that a phone does not pay). Figures, not a test: see
// BENCHMARKS.md.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as pause } from 'node:timers/promises';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBareChromium } from './bareChromium';
import { launchPhone } from '../e2e/phone';
import { startTestServer, type TestServer } from '../test/support/server';
import { addBulkOrders, BENCH_DRIVER } from './benchHome';
import { median } from './benchStats';

/**
 * Records (ms since navigation start) when the cold-start picture of Home was painted
 * (public/home-snapshot.js marks it) and when the live list's first order card could be
 * tapped: in the page (the picture's cards are in its closed shadow root) with the picture,
 * which covers the page, gone. `__orderShown(serial)` then waits for that order's screen: the
 * address left Home, no card is left, and an element reads the serial.
 */
const FIRST_CARD_PROBE = `(() => {
  const seen = () => {
    if (globalThis.__firstCard === undefined && document.querySelector('[data-testid="order-card"]') && !document.getElementById('home-snapshot')) {
      globalThis.__firstCard = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { subtree: true, childList: true });
  globalThis.__orderShown = (serial) => new Promise((resolve) => {
    const shown = () => {
      if (location.pathname === '/' || document.querySelector('[data-testid="order-card"]')) return false;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.data.trim() === serial) return true;
      return false;
    };
    const done = new MutationObserver(() => {
      if (!shown()) return;
      done.disconnect();
      resolve(performance.now());
    });
    done.observe(document, { subtree: true, childList: true, characterData: true });
  });
})()`;

export interface ColdStartFigure {
  orders: number;
  /** Medians of the runs, ms from navigation start: Home's cold-start picture, the live list's first card. */
  pictureMs: number;
  liveMs: number;
  /** Median, ms: a tap on that first live card → its order's screen (each run checks that it opens). */
  tapMs: number;
  runs: number;
}

async function storedCount(page: Page): Promise<number> {
  return Number(((await page.getByTestId('order-count').textContent()) ?? '0').replace(/[^\d].*$/, ''));
}

async function waitForOrders(page: Page, atLeast: number): Promise<number> {
  const deadline = Date.now() + 300_000;
  let count = await storedCount(page);
  while (count < atLeast && Date.now() < deadline) {
    await page.waitForTimeout(200);
    count = await storedCount(page);
  }
  return count;
}

/**
 * Each run opens the app in a new tab with no signal and closes it: a cold start as after the
 * phone killed the tab (a reload would also count the old page's unload). The phone's profile
 * is reopened in a bare Chromium (bareChromium.ts says why), offline.
 */
async function coldStarts(userDataDir: string, url: string, reloads: number): Promise<{ picture: number; live: number; tap: number }[]> {
  const browser = launchBareChromium(userDataDir, { offline: true });
  const runs: { picture: number; live: number; tap: number }[] = [];
  try {
    for (let i = 0; i < reloads; i++) {
      const page = await browser.newPage(FIRST_CARD_PROBE);
      await page.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.send('Page.navigate', { url });
      // Polled from outside every 20 ms: each look is a short task in the page.
      const deadline = Date.now() + 120_000;
      let live = await page.evaluate<number | null>('globalThis.__firstCard ?? null');
      while (live === null && Date.now() < deadline) {
        await pause(20);
        live = await page.evaluate<number | null>('globalThis.__firstCard ?? null');
      }
      if (live === null) throw new Error('cold start: no live order card within 120 s');
      // No picture (none kept yet): the driver's first card is the live one.
      const picture = await page.evaluate<number>(`performance.getEntriesByName('home-snapshot')[0]?.startTime ?? ${live}`);
      // Live means a tap opens the order: the card's link, at once, while the rest of the list loads.
      const card = await page.evaluate<{ x: number; y: number; serial: string }>(`(() => {
        const card = document.querySelector('[data-testid="order-card"]');
        const box = card.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + Math.min(box.height / 2, 24), serial: card.querySelector('.order-card__serial')?.textContent ?? '' };
      })()`);
      const shown = page.evaluate<number>(`globalThis.__orderShown(${JSON.stringify(card.serial)})`);
      const tapped = await page.evaluate<number>('performance.now()');
      for (const type of ['touchStart', 'touchEnd'] as const)
        await page.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: card.x, y: card.y }] });
      // The order's own screen, with its details from PWADB (the list is gone from the page).
      const opened = await Promise.race([shown, pause(60_000).then(() => null)]);
      if (opened === null) throw new Error(`cold start: a tap on ${card.serial} did not open its order within 60 s`);
      runs.push({ picture, live, tap: opened - tapped });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

/**
 * Signs in, lets the first pull store the orders, then reloads offline: first with `sizes[0]`
 * orders, then with more added on the server and pulled, and so on.
 */
export async function coldStartFigures(sizes: number[], reloads = 5, distDir = 'dist'): Promise<ColdStartFigure[] | null> {
  if (!existsSync(resolve(distDir, 'index.html'))) return null;
  const server: TestServer = await startTestServer({ staticDir: resolve(distDir) });
  const userDataDir = mkdtempSync(join(tmpdir(), 'driver-app-cold-start-'));
  let phone = await launchPhone({ density: 2, serviceWorkers: 'allow', userDataDir });
  const figures: ColdStartFigure[] = [];
  try {
    const base = Number(
      (
        await server.query<{ n: string }>(
          `select count(*) as n from orders o join accounts a on a.id = o.driver_id where a.email = $1 and o.delivered_at is null and o.cancelled_at is null`,
          [BENCH_DRIVER.email],
        )
      )[0]?.n ?? 0,
    );
    const signIn = phone.context.pages()[0] ?? (await phone.context.newPage());
    await signIn.goto(`${server.url}/login`);
    await signIn.getByLabel('Email').fill(BENCH_DRIVER.email);
    await signIn.getByLabel('Password').fill(BENCH_DRIVER.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    // The service worker must control the page for an offline start to find the shell.
    // (A polling evaluate: the app's CSP refuses the string functions waitForFunction builds.)
    for (let i = 0; i < 600 && !(await signIn.evaluate<boolean>('navigator.serviceWorker.controller !== null')); i++) await signIn.waitForTimeout(100);
    await signIn.close();
    let added = 0;
    for (const size of sizes) {
      const more = Math.max(0, size - base - added);
      if (more > 0) await addBulkOrders(server, more);
      added += more;
      // Online, the app pulls what the server added; then no tab is left open (nothing else runs).
      const online = await phone.context.newPage();
      await online.goto(`${server.url}/`);
      const orders = await waitForOrders(online, base + added);
      // The first pull's delivery details settle, and Home is kept for the next cold start
      // (homeSnapshot.ts, 2 s after the list stops changing), before the tab goes.
      await online.waitForTimeout(size > 2_500 ? 10_000 : 4_000);
      await online.close();
      // The profile is the phone's; one browser at a time opens it.
      await phone.close();
      const runs = await coldStarts(userDataDir, `${server.url}/`, reloads);
      phone = await launchPhone({ density: 2, serviceWorkers: 'allow', userDataDir });
      figures.push({
        orders,
        pictureMs: median(runs.map((r) => r.picture)),
        liveMs: median(runs.map((r) => r.live)),
        tapMs: median(runs.map((r) => r.tap)),
        runs: runs.length,
      });
    }
    return figures;
  } finally {
    await phone.close();
    await server.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
