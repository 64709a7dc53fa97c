// The order map on a 390x844 phone (SPEC §2, §4): a driver opens /map online (the online
// basemap is a raster style on a loopback host, test/support/tileServer.ts, named by the
// server's MAP_STYLE_URL: every tile is land crossed by orange roads), the phone keeps the
// basemap around the orders (issue 25 item 5), a dealer's pin stays whole and tappable over the
// cluster of its lot, Home's filters carry to the map and back, a tapped order opens its popup
// and its details (with Navigate). Then with no network and the basemap's host gone, a cold
// start draws the roads near the orders from the kept copies, zoomed into a cluster too; with
// those copies gone, the basemap shipped with the app. Counts are asked of the server's
// database, not the app's code.
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_CACHE_NAME } from '../src/domain';
import { startTestServer, type TestServer } from '../test/support/server';
import { ROAD_RGB, startTileServer, type TileServer } from '../test/support/tileServer';
import { ensureServiceWorker, openPhone, startProxy, type Phone, type Proxy } from './support';
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

/** While true the server's order map is not to be had (the first sync leaves no snapshot). */
let orderMapFails = true;

let server: TestServer;
let tiles: TileServer;
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

/**
 * The map element's pixels: how many distinct colours, how much in the order colour and in the
 * roads' orange (counted in CSS px, whatever the phone's pixel ratio), and the colour at a spot (CSS px).
 */
async function pixels(path: string, at?: { x: number; y: number }) {
  const png = await mapEl().screenshot({ path });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const cssWidth = (await mapEl().boundingBox())?.width ?? info.width;
  const ratio = info.width / cssWidth;
  const colours = new Set<number>();
  let orderBlue = 0;
  let road = 0;
  const near = (i: number, [r, g, b]: readonly number[], by: number) =>
    Math.abs((data[i] ?? 0) - (r ?? 0)) < by && Math.abs((data[i + 1] ?? 0) - (g ?? 0)) < by && Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < by;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
    if (near(i, [0x15, 0x56, 0x79], 12)) orderBlue += 1;
    if (near(i, ROAD_RGB, 24)) road += 1;
  }
  // The screenshot is at the phone's pixel ratio.
  const spot = at ? (Math.round(at.y * ratio) * info.width + Math.round(at.x * ratio)) * info.channels : -1;
  const colour = spot >= 0 ? [data[spot] ?? 0, data[spot + 1] ?? 0, data[spot + 2] ?? 0] : null;
  const perCssPx = ratio * ratio;
  return { colours: colours.size, orderBlue: orderBlue / perCssPx, road: road / perCssPx, colour };
}

/** Enough orange for roads across the map (a 390x844 phone's map is ~175k CSS px): not a stray pixel. */
const ROADS_DRAWN = 1_250;

beforeAll(async () => {
  if (!existsSync(resolve(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` (npm test does)');
  mkdirSync(RESULTS, { recursive: true });
  tiles = await startTileServer();
  // The online basemap is the loopback host's (MAP_STYLE_URL); the CSP allows its origin.
  server = await startTestServer({ staticDir: DIST, build: { mapStyleUrl: tiles.styleUrl } });
  const { hostname, port } = new URL(server.url);
  proxy = await startProxy({ host: hostname, port: Number(port) });
  phone = await openPhone();
  page = phone.context.pages()[0] ?? (await phone.context.newPage());
  page.on('pageerror', (error) => {
    pageErrors.push(String(error));
    console.error('[page error]', error);
  });
  await phone.context.route('**/api/driver/order-map*', (route) =>
    orderMapFails ? route.fulfill({ status: 503, json: { error: 'ServiceUnavailable', message: 'Try again later' } }) : route.continue(),
  );
});

afterAll(async () => {
  await phone?.close();
  await proxy?.close();
  await server?.close();
  await tiles?.close();
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
    // The roads of the online basemap are drawn, and the phone keeps them around the orders.
    await expect.poll(async () => (await pixels(resolve(RESULTS, 'map-online-canvas.png'))).road, { timeout: 30_000 }).toBeGreaterThan(ROADS_DRAWN);
    await expect.poll(async () => Number(await attr('data-kept-tiles')), { timeout: 90_000, interval: 1_000 }).toBeGreaterThan(50);
    const kept = Number(await attr('data-kept-tiles'));
    expect(tiles.tilesServed()).toBeGreaterThanOrEqual(kept);
    await page.screenshot({ path: resolve(RESULTS, 'map-online.png') });

    // A dealer's pin over the cluster of its lot (inventory orders stand at the dealer's spot) is
    // drawn above the cluster: the lower part of its head, inside the cluster's circle, is the
    // pin's colour, and a tap there opens the dealer's popup, with Navigate.
    const drawnTargets = await targets();
    const onCluster = drawnTargets
      .filter((t) => t.kind === 'dealer')
      .map((d) => ({ d, head: { x: d.x, y: d.y + 11 } }))
      .find(({ head }) => drawnTargets.some((c) => c.kind === 'cluster' && Math.hypot(c.x - head.x, c.y - head.y) < 17));
    if (!onCluster) throw new Error(`no dealer pin over a cluster: ${JSON.stringify(drawnTargets)}`);
    const [r = 0, g = 0, b = 0] = (await pixels(resolve(RESULTS, 'map-pin-over-cluster.png'), onCluster.head)).colour ?? [];
    expect(Math.abs(r - 0xa4) + Math.abs(g - 0x13) + Math.abs(b - 0x68), `dealer magenta at the pin's head, got rgb(${r},${g},${b})`).toBeLessThan(40);
    await tap({ ...onCluster.d, y: onCluster.head.y });
    await page.locator('.maplibregl-popup').getByTestId('place-dealer').waitFor();
    await page.locator('.maplibregl-popup').getByText('Dealer', { exact: true }).waitFor();
    expect(await page.locator('.maplibregl-popup').getByTestId('navigate').count()).toBe(1);
    await page.screenshot({ path: resolve(RESULTS, 'map-dealer-popup.png') });

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

    // Offline: no network at all and the basemap's host gone; the map starts again from nothing
    // but the phone. The roads near the orders come from the copies the phone kept.
    await phone.context.setOffline(true);
    proxy.setReachable(false);
    await tiles.close();
    const servedBefore = tiles.tilesServed();
    await page.goto(`${proxy.url}/map`);
    await expect.poll(summary, { timeout: 60_000 }).toBe(`${want.orders} orders · ${want.dealers} dealers · ${want.shops} shops`);
    await drawn(want.orders);
    expect(await attr('data-basemap')).toBe('kept');
    expect(Number(await attr('data-rendered-dealers'))).toBeGreaterThan(0);
    expect(Number(await attr('data-rendered-shops'))).toBeGreaterThan(0);
    await page.getByTestId('offline-badge').getByText('Offline map').waitFor();
    await expect.poll(async () => (await pixels(resolve(RESULTS, 'map-offline-canvas.png'))).road, { timeout: 30_000 }).toBeGreaterThan(ROADS_DRAWN);
    expect(tiles.tilesServed()).toBe(servedBefore); // every tile drawn came from the phone
    await page.screenshot({ path: resolve(RESULTS, 'map-offline.png') });
    const seen = await pixels(resolve(RESULTS, 'map-offline-canvas.png'));
    expect(seen.colours).toBeGreaterThan(8); // land, roads, pins, clusters: not a blank canvas
    expect(seen.orderBlue).toBeGreaterThan(50); // the order circles are drawn

    await expectReadable(page, ['lowContrast', 'smallTargets', 'tinyText']);

    // Tapping clusters zooms in until orders can be told apart; orders at one spot (stock on a
    // dealer's lot) are listed together. Show all returns to every order.
    let spot = page.locator('.maplibregl-popup');
    const ordersInPopup = () => spot.locator('[data-order-key]').count();
    // Targets whose tap opened a dealer's or a shop's popup: a pin drawn over them takes the tap.
    const covered = new Set<string>();
    for (let attempt = 0; attempt < 8 && (await ordersInPopup()) === 0; attempt++) {
      // A tap that opened a dealer's or a shop's popup (a pin beside the cluster): close it, tap
      // another target (the same spot would open the same pin's popup again).
      if ((await spot.count()) > 0) {
        await spot.locator('.maplibregl-popup-close-button').click();
        await expect.poll(() => spot.count(), { timeout: 10_000 }).toBe(0);
      }
      const all = (await targets()).filter((t) => !covered.has(t.key));
      const next = all.find((t) => t.kind === 'cluster') ?? all.find((t) => t.kind === 'order');
      if (!next) throw new Error(`nothing to tap: ${JSON.stringify(all)}`);
      const before = await idleCount();
      await tap(next);
      await expect.poll(async () => (await spot.count()) > 0 || (await idleCount()) > before, { timeout: 30_000 }).toBe(true);
      if ((await spot.count()) > 0 && (await ordersInPopup()) === 0) covered.add(next.key);
    }
    spot = page.locator('.maplibregl-popup');
    const listed = await spot.locator('[data-order-key]').count();
    expect(listed).toBeGreaterThan(0);
    if (listed > 1) expect(await spot.getByText(`${listed} orders here`).count()).toBe(1);
    expect(await spot.getByTestId('open-order').count()).toBe(listed);
    // Zoomed in on the cluster's spot, the roads around it are there too (no blank land).
    expect((await pixels(resolve(RESULTS, 'map-offline-spot-canvas.png'))).road).toBeGreaterThan(ROADS_DRAWN);
    await page.screenshot({ path: resolve(RESULTS, 'map-offline-spot.png') });
    await expectReadable(page, ['smallTargets', 'lowContrast']);
    await page.getByTestId('show-all').click();
    await expect.poll(() => spot.count()).toBe(0);
    await drawn(want.orders);

    // Without the kept copies (storage cleared), the basemap shipped with the app still draws.
    await page.evaluate((name) => caches.delete(name), KEPT_CACHE_NAME);
    await page.reload();
    await drawn(want.orders);
    await expect.poll(() => attr('data-basemap'), { timeout: 30_000 }).toBe('offline');
    await expect.poll(async () => Number(await attr('data-offline-features')), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('offline-badge').getByText('Offline map').waitFor();
    await page.screenshot({ path: resolve(RESULTS, 'map-offline-shipped.png') });

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
