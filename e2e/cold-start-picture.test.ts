// Home's cold-start picture (src/ui/homeSnapshot.ts, public/home-snapshot.js): after the phone
// killed the tab, reopening the app with no signal paints the last Home seen before the app's
// code has run, then the live list replaces it; other screens never show it, and after sign-out
// the next start shows nothing of the last driver's list.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ensureServiceWorker, RESULTS, useBrowserHarness } from './support';

const harness = useBrowserHarness();

/** A new tab offline, CPU slowed so the picture can be caught before the live list. */
async function coldStart(path: string): Promise<Page> {
  const page = await harness.phone.context.newPage();
  const cdp = await harness.phone.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  // Every layout shift of the start, the picture's included (the Layout Instability API).
  await page.addInitScript(LAYOUT_SHIFTS);
  await page.addInitScript(DATABASE_AT_FIRST_CARD);
  await page.goto(`${harness.proxy.url}${path}`, { waitUntil: 'domcontentloaded' });
  return page;
}

const LAYOUT_SHIFTS = `globalThis.__shift = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) globalThis.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });`;
const layoutShift = (page: Page) => page.evaluate<number>('globalThis.__shift');

/** Page script: whether the page has requested a file whose address passes `test` (JS, on `e`). */
const requested = (test: string): string => `performance.getEntriesByType('resource').some((e) => ${test})`;
const DATABASE_CODE = `e.name.includes('/assets/pageDatabase-')`;
const CHAKRA_CODE = `e.name.includes('/assets/chakraProvider-')`;
const SYNC_WORKER = `e.name.endsWith('/sync-worker.js')`;

/**
 * Whether the page's database code (RxDB: the pageDatabase chunk) had arrived, and whether the
 * sync worker had been started, when the first live card went into the page; that card is
 * marked, to tell later whether it is still the same.
 */
const DATABASE_AT_FIRST_CARD = `new MutationObserver((_, observer) => {
  const card = document.querySelector('[data-testid="order-card"]');
  if (!card) return;
  card.dataset.firstDrawn = 'yes';
  globalThis.__databaseAtFirstCard = ${requested(DATABASE_CODE)};
  globalThis.__workerAtFirstCard = ${requested(SYNC_WORKER)};
  globalThis.__chakraAtFirstCard = ${requested(CHAKRA_CODE)};
  globalThis.__emotionAtFirstCard = document.querySelectorAll('style[data-emotion]').length;
  observer.disconnect();
}).observe(document, { subtree: true, childList: true });`;
const databaseAtFirstCard = (page: Page) => page.evaluate<boolean | undefined>('globalThis.__databaseAtFirstCard');
const workerAtFirstCard = (page: Page) => page.evaluate<boolean | undefined>('globalThis.__workerAtFirstCard');
const workerStarted = (page: Page) => page.evaluate<boolean>(requested(SYNC_WORKER));
const chakraAtFirstCard = (page: Page) => page.evaluate<boolean | undefined>('globalThis.__chakraAtFirstCard');
const emotionAtFirstCard = (page: Page) => page.evaluate<number | undefined>('globalThis.__emotionAtFirstCard');
/** Whether the page has asked for the chunk named `name`-<hash>. */
const chunkAskedFor = (page: Page, name: string) => page.evaluate<boolean>(requested(`e.name.includes('/assets/${name}-')`));
/** The three order screens and Chakra (src/ui/screens.ts warmOrderScreens). */
const ORDER_SCREEN_CODE = ['chakraProvider', 'CustomerOrderDetails', 'OnlotOrderDetails', 'MoveOrderDetails'];

const pictureMarks = (page: Page) => page.evaluate<number>(`performance.getEntriesByName('home-snapshot').length`);
const pictureHost = (page: Page) => page.locator('#home-snapshot');
const stored = () => harness.page.evaluate<string | null>(`localStorage.getItem('driver-app:home-snapshot')`);

describe("Home's cold-start picture", () => {
  it('paints the last Home at once offline, then gives way to the live list; never on other screens; gone after sign-out', async () => {
    const { page } = harness;
    await page.goto(`${harness.proxy.url}/login`);
    await harness.submitLogin({ email: 'driver@summit.test', password: 'summit-driver-1' });
    await page.waitForURL((url) => url.pathname === '/');
    await ensureServiceWorker(page);
    await page.getByTestId('order-card').first().waitFor();
    // Kept once the list has been still for a moment (2 s).
    await expect.poll(stored, { timeout: 15_000 }).not.toBeNull();
    const kept = JSON.parse((await stored()) ?? '{}') as { html: string; validUntil: number };
    expect(kept.html).toContain('data-testid="order-card"');
    expect(kept.html).not.toContain('data-testid="sync-indicator"');
    expect(kept.validUntil).toBeGreaterThan(Date.now());

    await harness.setOnline(false);
    const cold = await coldStart('/');
    // Painted before the app's code ran, inert and hidden from assistive technology.
    await expect.poll(() => pictureMarks(cold)).toBe(1);
    await cold.screenshot({ path: resolve(RESULTS, 'cold-start-picture.png') });
    // Then the live list takes its place: the rows kept with the picture, then PWADB's, offline.
    await cold.getByTestId('order-card').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => pictureHost(cold).count(), { timeout: 30_000 }).toBe(0);
    // The picture held still while the app's code and styles arrived, and the live list took
    // its place without a jump (the picture's app bar and text moved: 0.11 of the screen).
    expect(await layoutShift(cold)).toBeLessThan(0.01);
    // Home and the Shell draw without Chakra (plain.css): at the first live card neither its
    // code nor its styles were on the page.
    expect(await chakraAtFirstCard(cold)).toBe(false);
    expect(await emotionAtFirstCard(cold)).toBe(0);
    // Its first live cards are the rows kept with the picture, drawn before the page's database
    // code (RxDB) had even arrived; PWADB's own rows replaced them.
    expect(await databaseAtFirstCard(cold)).toBe(false);
    // Nor the sync worker (its code and first run shared the cores with them): it starts once
    // PWADB has opened.
    expect(await workerAtFirstCard(cold)).toBe(false);
    await expect.poll(() => workerStarted(cold), { timeout: 30_000 }).toBe(true);
    // A usual day's list (34 orders) is rendered whole from the start: PWADB's rows update the
    // kept cards in place, no list is swapped for another (every card built again).
    await expect.poll(() => cold.getByTestId('order-count').textContent(), { timeout: 30_000 }).toMatch(/\d+ orders/);
    expect(await cold.evaluate(`document.querySelector('[data-testid="order-card"]').dataset.firstDrawn ?? null`)).toBe('yes');
    // What a tap on a card opens (Chakra, the three order screens) loads while the page is idle,
    // before any tap; the tap then opens the order.
    for (const name of ORDER_SCREEN_CODE) await expect.poll(() => chunkAskedFor(cold, name), { timeout: 30_000 }).toBe(true);
    const serial = (await cold.getByTestId('order-card').first().locator('.order-card__serial').textContent()) ?? '';
    await cold.getByTestId('order-card').first().click();
    await cold.getByTestId('back-button').waitFor({ timeout: 30_000 });
    await cold.getByText(serial, { exact: true }).first().waitFor({ timeout: 30_000 });
    await cold.screenshot({ path: resolve(RESULTS, 'cold-start-order.png') });
    await cold.close();

    // Another screen's cold start shows no picture of Home.
    const other = await coldStart('/notifications');
    await other.getByRole('heading', { name: 'Notifications', level: 2 }).waitFor({ timeout: 60_000 });
    expect(await pictureMarks(other)).toBe(0);
    await other.close();
    await harness.setOnline(true);

    // Signed out: nothing of this driver's list is left for the next start. Signed out offline,
    // the menu would first ask (signing in again needs signal): sign out once the app is online.
    await page.getByTestId('connectivity').getByText('Online').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await stored()).toBeNull();
    const after = await coldStart('/');
    await after.waitForURL((url) => url.pathname === '/login', { timeout: 60_000 });
    expect(await pictureMarks(after)).toBe(0);
    await after.close();
  });
});
