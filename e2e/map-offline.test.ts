// The order map on a 390x844 phone (SPEC §2, §4): a driver opens /map online (the online
// basemap's host is played by the test: first it answers, then it is down and the map falls
// back to the basemap shipped with the app), Home's filters carry to the map and back, a
// tapped order opens its popup and its details (with Navigate), and after going offline and
// reloading, the map still draws the shipped basemap with every order. Counts are asked of
// the server's database, not the app's code.
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/support/server';
import { ensureServiceWorker, launchPhone, startProxy, type Phone, type Proxy } from './support';
import { expectReadable } from './themeAudit';

const DIST = resolve('dist');
const RESULTS = resolve('test-results');
const DRIVER = { email: 'driver@summit.test', password: 'summit-driver-1' };

interface Target {
  kind: 'cluster' | 'order' | 'dealer' | 'shop';
  key: string;
  x: number;
  y: number;
}

/** The online basemap as the test plays it: a one-layer raster style on the default host. */
const HOST = 'https://tiles.openfreemap.org';
const ONLINE_STYLE = {
  version: 8,
  sources: { land: { type: 'raster', tiles: [`${HOST}/test/{z}/{x}/{y}.png`], tileSize: 256, attribution: 'Test tiles' } },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#d9e6cf' } },
    { id: 'land', type: 'raster', source: 'land' },
  ],
};
let basemapHost: 'up' | 'down' = 'up';
/** While true the server's order map is not to be had (the first sync leaves no snapshot). */
let orderMapFails = true;

let server: TestServer;
let proxy: Proxy;
let phone: Phone;
let page: Page;
const pageErrors: string[] = [];

/** What the server holds for the driver: live orders (all, rush), the company's dealers and shops. */
async function expected() {
  const [row] = await server.query<{ orders: string; rush: string; dealers: string; shops: string }>(
    `select (select count(*) from orders o where o.driver_id = a.id and o.delivered_at is null and o.cancelled_at is null) orders,
            (select count(*) from orders o where o.driver_id = a.id and o.delivered_at is null and o.cancelled_at is null and o.is_rush_order) rush,
            (select count(*) from dealers d where d.company_id = a.company_id) dealers,
            (select count(*) from shops s where s.company_id = a.company_id) shops
       from accounts a where a.email = $1`,
    [DRIVER.email],
  );
  return { orders: Number(row?.orders), rush: Number(row?.rush), dealers: Number(row?.dealers), shops: Number(row?.shops) };
}

const mapEl = () => page.getByTestId('order-map');
const summary = async () => (await page.getByTestId('map-summary').textContent()) ?? '';
const attr = async (name: string) => (await mapEl().getAttribute(name)) ?? '';
const targets = async (): Promise<Target[]> => JSON.parse((await attr('data-targets')) || '[]') as Target[];
const idleCount = async () => Number((await attr('data-idle')) || '0');

/** Waits until the map has settled with `orders` orders drawn (in points and clusters). */
async function drawn(orders: number): Promise<void> {
  await mapEl().waitFor({ timeout: 60_000 });
  await expect.poll(() => attr('data-rendered-orders'), { timeout: 90_000, interval: 500 }).toBe(String(orders));
}

async function tap(target: Target): Promise<void> {
  const box = await mapEl().boundingBox();
  if (!box) throw new Error('the map is not on screen');
  await page.mouse.click(box.x + target.x, box.y + target.y);
}

/** The map element's pixels: how many distinct colours, and how many in the order colour. */
async function pixels(path: string) {
  const png = await mapEl().screenshot({ path });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  let orderBlue = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
    if (Math.abs(r - 0x15) < 12 && Math.abs(g - 0x56) < 12 && Math.abs(b - 0x79) < 12) orderBlue += 1;
  }
  return { colours: colours.size, orderBlue };
}

beforeAll(async () => {
  if (!existsSync(resolve(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` (npm test does)');
  mkdirSync(RESULTS, { recursive: true });
  server = await startTestServer({ staticDir: DIST });
  const { hostname, port } = new URL(server.url);
  proxy = await startProxy({ host: hostname, port: Number(port) });
  phone = await launchPhone();
  page = phone.context.pages()[0] ?? (await phone.context.newPage());
  page.on('pageerror', (error) => {
    pageErrors.push(String(error));
    console.error('[page error]', error);
  });
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e4eedb' } })
    .png()
    .toBuffer();
  await phone.context.route('**/api/driver/order-map*', (route) =>
    orderMapFails ? route.fulfill({ status: 503, json: { error: 'ServiceUnavailable', message: 'Try again later' } }) : route.continue(),
  );
  await phone.context.route(`${HOST}/**`, async (route) => {
    if (basemapHost === 'down') return route.abort('internetdisconnected');
    const url = new URL(route.request().url());
    if (url.pathname === '/styles/liberty') return route.fulfill({ json: ONLINE_STYLE, headers: { 'access-control-allow-origin': '*' } });
    return route.fulfill({ body: tile, contentType: 'image/png', headers: { 'access-control-allow-origin': '*' } });
  });
});

afterAll(async () => {
  await phone?.close();
  await proxy?.close();
  await server?.close();
});

describe('order map', () => {
  it('shows the orders online, follows Home’s filters, opens an order, and draws offline after a reload', async () => {
    const want = await expected();
    expect(want.orders).toBeGreaterThan(5);
    expect(want.rush).toBeGreaterThan(0);
    expect(want.rush).toBeLessThan(want.orders);

    // Location is permitted on this phone: the map shows the driver's position without asking.
    await phone.context.grantPermissions(['geolocation'], { origin: proxy.url });
    await phone.context.setGeolocation({ latitude: 40.0379, longitude: -76.3055 }); // Lancaster, PA

    // Online once: sign in on /map, which downloads the order-map snapshot.
    await page.goto(`${proxy.url}/map`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(DRIVER.email);
    await page.getByLabel('Password').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/map', { timeout: 30_000 });
    await ensureServiceWorker(page);

    // No snapshot yet (its download failed): the screen says so and offers Sync now.
    await page.getByTestId('no-snapshot').getByText('The map is not on this phone yet').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: resolve(RESULTS, 'map-no-snapshot.png') });
    orderMapFails = false;
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(summary, { timeout: 60_000 }).toBe(`${want.orders} orders · ${want.dealers} dealers · ${want.shops} shops`);
    await drawn(want.orders);
    expect(await attr('data-basemap')).toBe('online');
    expect(await page.getByTestId('offline-badge').count()).toBe(0);
    expect(Number(await attr('data-rendered-dealers'))).toBe(want.dealers);
    await page.getByRole('img', { name: 'Your position' }).getByTestId('own-position').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: resolve(RESULTS, 'map-online.png') });

    // A dealer's pin opens its popup, with Navigate.
    const dealer = (await targets()).find((t) => t.kind === 'dealer');
    if (!dealer) throw new Error('no dealer pin drawn');
    await tap(dealer);
    await page.locator('.maplibregl-popup').getByTestId('place-dealer').waitFor();
    await page.locator('.maplibregl-popup').getByText('Dealer', { exact: true }).waitFor();
    expect(await page.locator('.maplibregl-popup').getByTestId('navigate').count()).toBe(1);
    await page.screenshot({ path: resolve(RESULTS, 'map-dealer-popup.png') });

    // The online basemap's host goes down: the map falls back to the shipped basemap.
    basemapHost = 'down';
    await page.reload();
    await drawn(want.orders);
    await expect.poll(() => attr('data-basemap'), { timeout: 30_000 }).toBe('offline');
    await expect.poll(async () => Number(await attr('data-offline-features')), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('offline-badge').getByText('Offline map').waitFor();
    await page.screenshot({ path: resolve(RESULTS, 'map-online-fallback.png') });

    // Home's rush filter, carried to the map by the Map button and back by List.
    await page.goto(`${proxy.url}/?f=rushOrder`);
    await page.getByTestId('map-link').click();
    await page.waitForURL((url) => url.pathname === '/map' && url.searchParams.get('f') === 'rushOrder');
    await expect.poll(summary, { timeout: 30_000 }).toMatch(new RegExp(`^${want.rush} orders? · `));
    await drawn(want.rush);
    expect(await page.getByTestId('map-subtitle').textContent()).toBe('Filtered: Rush');
    await page.screenshot({ path: resolve(RESULTS, 'map-rush.png') });

    // A tap on an order (zooming into clusters first) opens its popup; Open order its details.
    let popup = page.locator('.maplibregl-popup');
    for (let attempt = 0; attempt < 8 && (await popup.count()) === 0; attempt++) {
      const all = await targets();
      const order = all.find((t) => t.kind === 'order');
      const cluster = all.find((t) => t.kind === 'cluster');
      const before = await idleCount();
      if (order) await tap(order);
      else if (cluster) await tap(cluster);
      else throw new Error(`nothing to tap: ${JSON.stringify(all)}`);
      await expect.poll(async () => (await popup.count()) > 0 || (await idleCount()) > before, { timeout: 30_000 }).toBe(true);
    }
    popup = page.locator('.maplibregl-popup');
    await popup.getByTestId('open-order').first().waitFor();
    await page.screenshot({ path: resolve(RESULTS, 'map-popup.png') });
    const key = await popup.locator('[data-order-key]').first().getAttribute('data-order-key');
    expect(key).toMatch(/^(co|oio|mo)-\d+$/);
    await popup.getByTestId('navigate').first().click();
    const google = page.getByTestId('navigate-links').getByRole('link', { name: 'Google Maps' });
    expect(await google.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    await page.keyboard.press('Escape');
    await page.getByTestId('navigate-links').waitFor({ state: 'detached' });
    await popup.getByTestId('open-order').first().click();
    const [prefix, id] = (key ?? '').split('-');
    const path = { co: '/customer-order-details/', oio: '/onlot-inventory-order-details/', mo: '/inventory-move-order-details/' }[prefix ?? 'co'];
    await page.waitForURL((url) => url.pathname === `${path}${id}`);
    await page.getByTestId('navigate').waitFor(); // the details screen offers Navigate too

    // Back to the list with the filter kept.
    await page.goto(`${proxy.url}/map?f=rushOrder`);
    await page.getByTestId('list-link').click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('f') === 'rushOrder');
    expect(await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Rush', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Offline: no network at all, reload on the map.
    await phone.context.setOffline(true);
    proxy.setReachable(false);
    await page.goto(`${proxy.url}/map`);
    await expect.poll(summary, { timeout: 60_000 }).toBe(`${want.orders} orders · ${want.dealers} dealers · ${want.shops} shops`);
    await drawn(want.orders);
    expect(await attr('data-basemap')).toBe('offline');
    expect(Number(await attr('data-rendered-dealers'))).toBeGreaterThan(0);
    expect(Number(await attr('data-rendered-shops'))).toBeGreaterThan(0);
    await expect.poll(async () => Number(await attr('data-offline-features')), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('offline-badge').waitFor();
    await page.screenshot({ path: resolve(RESULTS, 'map-offline.png') });
    const seen = await pixels(resolve(RESULTS, 'map-offline-canvas.png'));
    expect(seen.colours).toBeGreaterThan(8); // land, outlines, pins, clusters: not a blank canvas
    expect(seen.orderBlue).toBeGreaterThan(200); // the order circles are drawn

    await expectReadable(page, ['lowContrast', 'smallTargets', 'tinyText']);

    // Tapping clusters zooms in until orders can be told apart; orders at one spot (stock on a
    // dealer's lot) are listed together. Show all returns to every order.
    let spot = page.locator('.maplibregl-popup');
    const ordersInPopup = () => spot.locator('[data-order-key]').count();
    for (let attempt = 0; attempt < 8 && (await ordersInPopup()) === 0; attempt++) {
      // A tap that opened a dealer's or a shop's popup (a pin beside the cluster): close it, tap on.
      if ((await spot.count()) > 0) {
        await spot.locator('.maplibregl-popup-close-button').click();
        await expect.poll(() => spot.count(), { timeout: 10_000 }).toBe(0);
      }
      const all = await targets();
      const next = all.find((t) => t.kind === 'cluster') ?? all.find((t) => t.kind === 'order');
      if (!next) throw new Error(`nothing to tap: ${JSON.stringify(all)}`);
      const before = await idleCount();
      await tap(next);
      await expect.poll(async () => (await spot.count()) > 0 || (await idleCount()) > before, { timeout: 30_000 }).toBe(true);
    }
    spot = page.locator('.maplibregl-popup');
    const listed = await spot.locator('[data-order-key]').count();
    expect(listed).toBeGreaterThan(0);
    if (listed > 1) expect(await spot.getByText(`${listed} orders here`).count()).toBe(1);
    expect(await spot.getByTestId('open-order').count()).toBe(listed);
    await page.screenshot({ path: resolve(RESULTS, 'map-offline-spot.png') });
    await expectReadable(page, ['smallTargets', 'lowContrast']);
    await page.getByTestId('show-all').click();
    await expect.poll(() => spot.count()).toBe(0);
    await drawn(want.orders);

    // A search that matches nothing says so, and Clear filters shows everything again.
    await page.goto(`${proxy.url}/map?q=zzzz-no-such-order`);
    await page.getByTestId('no-match').getByText('No orders match these filters').waitFor({ timeout: 30_000 });
    expect(await summary()).toBe('0 orders · 0 dealers · 0 shops');
    await page.screenshot({ path: resolve(RESULTS, 'map-no-match.png') });
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.pathname === '/map' && url.search === '');
    await expect.poll(summary, { timeout: 30_000 }).toBe(`${want.orders} orders · ${want.dealers} dealers · ${want.shops} shops`);

    // A phone that cannot draw WebGL gets the same places as a list, with Navigate.
    const noGl = await phone.context.newPage();
    await noGl.addInitScript({
      content: `{
        const getContext = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
          return /webgl/i.test(type) ? null : getContext.call(this, type, ...rest);
        };
      }`,
    });
    await noGl.goto(`${proxy.url}/map?f=rushOrder`);
    const list = noGl.getByTestId('places-list');
    await list.waitFor({ timeout: 60_000 });
    expect(await noGl.getByTestId('order-map').count()).toBe(0);
    expect(await list.getByTestId('place-order').count()).toBe(want.rush);
    expect(await list.getByTestId('place-dealer').count()).toBe(want.dealers);
    expect(await list.getByTestId('navigate').count()).toBe(want.rush + want.dealers + want.shops);
    await noGl.screenshot({ path: resolve(RESULTS, 'map-no-webgl.png') });
    await noGl.close();
    expect(pageErrors).toEqual([]);
  });
});
