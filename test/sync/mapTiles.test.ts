// The online basemap around the driver's orders, kept on the phone (issue 25 item 5): the
// server names the style with the order map (MAP_STYLE_URL), the keeper stores the style and
// the tiles around the orders from a basemap host on loopback, refreshes them when online,
// keeps them when the signal goes, and stays within its budget (tiles, bytes), dropping
// yesterday's area first. Cache Storage is played by test/support/fakeCaches.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_KEYS, readCache, readSession, writeCache } from '../../src/db';
import { KEPT_CACHE_NAME, KEPT_REFRESH_MS, KEPT_ZOOMS, tileOf, tilesAround, tileUrl, type KeptBasemap, type OrderMap } from '../../src/domain';
import { createMapTileKeeper, KEEP_RETRY_MS, type MapTileKeeperDeps } from '../../src/replication/mapTiles/keeper';
import { useSyncServer, type Device } from '../support/device';
import { fakeCaches, type FakeCaches } from '../support/fakeCaches';
import type { TestServerOptions } from '../support/server';
import { startTileServer, type TileServer } from '../support/tileServer';

let tiles: TileServer;
const serverOptions: TestServerOptions = {};
beforeAll(async () => {
  tiles = await startTileServer();
  serverOptions.build = { mapStyleUrl: tiles.styleUrl };
});
afterAll(async () => {
  await tiles.close();
});
const harness = useSyncServer(undefined, serverOptions);

const tileUrls = (caches: FakeCaches) => caches.urls(KEPT_CACHE_NAME).filter((url) => url.includes('/tiles/'));
const zoomOf = (url: string) => Number(/\/tiles\/(\d+)\//.exec(url)?.[1]);

/** A keeper on the device's database and clock, fetching from the loopback host unless `net.down`. */
function keeperOf(device: Device, caches: FakeCaches, more: Partial<MapTileKeeperDeps> = {}) {
  const net = { down: false, requests: 0 };
  const keeper = createMapTileKeeper({
    db: device.db,
    caches,
    now: () => device.clock.t,
    fetch: (url, init) => {
      net.requests += 1;
      return net.down ? Promise.reject(new TypeError('Failed to fetch')) : fetch(url, init);
    },
    ...more,
  });
  return { keeper, net };
}

async function sessionOf(device: Device) {
  const session = await readSession(device.db, device.clock.t);
  if (!session) throw new Error('signed out');
  return session;
}

async function orderMapOf(device: Device): Promise<OrderMap> {
  const map = (await readCache<OrderMap>(device.db, await sessionOf(device), CACHE_KEYS.orderMap))?.data;
  if (!map) throw new Error('no order map');
  return map;
}

async function kept(outcome: Awaited<ReturnType<ReturnType<typeof createMapTileKeeper>['keep']>>): Promise<KeptBasemap> {
  if (outcome.kind !== 'kept') throw new Error(`nothing kept: ${outcome.kind}`);
  return Promise.resolve(outcome.summary);
}

describe('the basemap kept around the orders', () => {
  it('keeps the style and every tile around the orders once, street level at each order; a second keep fetches nothing', async () => {
    const device = await harness.signedInDevice();
    const map = await orderMapOf(device);
    expect(map.basemap_style_url).toBe(tiles.styleUrl);
    const caches = fakeCaches();
    const { keeper } = keeperOf(device, caches);
    const before = tiles.tilesServed();
    const started = performance.now();
    const summary = await kept(await keeper.keep(await sessionOf(device)));
    console.log(`kept ${summary.tiles} tiles (${summary.bytes} bytes) in ${Math.round(performance.now() - started)} ms`);
    expect(summary).toMatchObject({ style_url: tiles.styleUrl, complete: true });
    expect(summary.tiles).toBe(summary.wanted);
    expect(summary.tiles).toBeGreaterThan(50);
    expect(tiles.tilesServed() - before).toBe(summary.wanted);
    const urls = new Set(caches.urls(KEPT_CACHE_NAME));
    expect(urls.has(tiles.styleUrl)).toBe(true);
    for (const order of map.orders) {
      const t = tileOf(order.coordinates, KEPT_ZOOMS.max);
      expect(urls.has(`${tiles.origin}/tiles/${t.z}/${t.x}/${t.y}.png`)).toBe(true);
    }
    expect(summary.bytes).toBeGreaterThan(tileUrls(caches).length * tiles.tileBytes); // the tiles and the style
    // What the map screen reads.
    expect((await readCache<KeptBasemap>(device.db, await sessionOf(device), CACHE_KEYS.mapTiles))?.data).toEqual(summary);

    const again = await keeper.keep(await sessionOf(device));
    expect(again).toMatchObject({ kind: 'kept', fetched: 0 });
    expect(tiles.tilesServed() - before).toBe(summary.wanted);
  });

  it('refreshes online (the style after a day, tiles after some days) and keeps every copy when the signal goes', async () => {
    const device = await harness.signedInDevice();
    const caches = fakeCaches();
    // Tiles due after 2 days here (7 by default): the driver's token, on the same clock, lasts 7.
    const refresh = { asset: KEPT_REFRESH_MS.asset, tile: 2 * KEPT_REFRESH_MS.asset };
    // 100 tiles: what is kept matters here, not how many.
    const { keeper, net } = keeperOf(device, caches, { refresh, limits: { maxTiles: 100, maxBytes: 50 * 1024 * 1024 } });
    const session = await sessionOf(device);
    const first = await kept(await keeper.keep(session));
    const style = () => tiles.served.get('/style.json') ?? 0;
    const styleBefore = style();
    const tilesBefore = tiles.tilesServed();

    device.clock.t += KEPT_REFRESH_MS.asset;
    expect(await keeper.keep(session)).toMatchObject({ kind: 'kept', fetched: 1 }); // the style alone
    expect(style()).toBe(styleBefore + 1);
    expect(tiles.tilesServed()).toBe(tilesBefore);

    device.clock.t += refresh.tile;
    const refreshed = await keeper.keep(session);
    expect(refreshed).toMatchObject({ kind: 'kept', fetched: first.wanted + 1, offline: false });
    expect(tiles.tilesServed()).toBe(tilesBefore + first.wanted);

    // No signal: everything due, nothing answers. The copies stay, the keep says it did not finish.
    const held = caches.urls(KEPT_CACHE_NAME).sort();
    net.down = true;
    device.clock.t += refresh.tile;
    const offline = await keeper.keep(session);
    expect(offline).toMatchObject({ kind: 'kept', fetched: 0, offline: true });
    expect(await kept(offline)).toMatchObject({ tiles: first.wanted, complete: false });
    expect(caches.urls(KEPT_CACHE_NAME).sort()).toEqual(held);

    // After a sync run, an unfinished keep is tried again only after its retry wait.
    net.requests = 0;
    device.clock.t += KEEP_RETRY_MS - 1;
    keeper.afterRun(session, false);
    await keeper.idle();
    expect(net.requests).toBe(0);
    net.down = false;
    device.clock.t += 1;
    keeper.afterRun(session, false);
    await keeper.idle();
    expect(net.requests).toBe(first.wanted + 1);
    expect((await readCache<KeptBasemap>(device.db, session, CACHE_KEYS.mapTiles))?.data).toMatchObject({ complete: true, tiles: first.wanted });
  });

  it('keeps at most the tile count, overview zooms first', async () => {
    const device = await harness.signedInDevice();
    const caches = fakeCaches();
    const { keeper } = keeperOf(device, caches, { limits: { maxTiles: 40, maxBytes: 50 * 1024 * 1024 } });
    const summary = await kept(await keeper.keep(await sessionOf(device)));
    expect(summary).toMatchObject({ tiles: 40, wanted: 40, complete: true });
    const zooms = tileUrls(caches).map(zoomOf);
    expect(zooms).toHaveLength(40);
    expect(Math.min(...zooms)).toBe(KEPT_ZOOMS.min);
    expect(Math.max(...zooms)).toBeLessThan(KEPT_ZOOMS.max);
  });

  it('keeps within the byte budget, and a new area pushes yesterday’s out first', async () => {
    const device = await harness.signedInDevice();
    const session = await sessionOf(device);
    const caches = fakeCaches();
    const styleBytes = 1024; // the test style's JSON is well under this
    const maxBytes = styleBytes + 60 * tiles.tileBytes;
    const { keeper } = keeperOf(device, caches, { limits: { maxTiles: 2000, maxBytes } });
    const first = await kept(await keeper.keep(session));
    expect(first.bytes).toBeLessThanOrEqual(maxBytes);
    expect(first.tiles).toBeGreaterThanOrEqual(59);
    expect(first.tiles).toBeLessThan(first.wanted); // the area wants more than the budget holds
    const lancaster = new Set(tileUrls(caches));

    // The next day the driver's orders are around Kansas City.
    const map = await orderMapOf(device);
    const moved: OrderMap = {
      ...map,
      orders: map.orders.map((o, i) => ({ ...o, coordinates: { lat: 39.1 + i * 0.01, lon: -94.58 } })),
      dealers: [],
      shops: [],
    };
    await writeCache(device.db, session, CACHE_KEYS.orderMap, moved, new Date(device.clock.t).toISOString());
    device.clock.t += 24 * 3_600_000;
    const second = await kept(await keeper.keep(session));
    expect(second.bytes).toBeLessThanOrEqual(maxBytes);
    const now = tileUrls(caches);
    const wanted = new Set(
      tilesAround(
        moved.orders.map((o) => o.coordinates),
        moved.orders.map((o) => o.coordinates),
      ).map((t) => tileUrl([`${tiles.origin}/tiles/{z}/{x}/{y}.png`], t)),
    );
    // Only tiles the new area wants (a few overview tiles both areas share among them): Lancaster's own left.
    expect(now.every((url) => wanted.has(url))).toBe(true);
    expect([...lancaster].filter((url) => !wanted.has(url)).length).toBeGreaterThan(first.tiles / 3);
    expect(now.length).toBe(second.tiles);
  });

  it('a sync run that pulled keeps the basemap in the background', async () => {
    const caches = fakeCaches();
    const device = await harness.device({ keepMapTiles: caches });
    expect((await device.engine.login('driver@summit.test', 'summit-driver-1')).ok).toBe(true);
    await device.engine.syncNow();
    await device.mapTiles?.idle();
    const summary = (await readCache<KeptBasemap>(device.db, await sessionOf(device), CACHE_KEYS.mapTiles))?.data;
    expect(summary).toMatchObject({ style_url: tiles.styleUrl, complete: true });
    expect(summary?.tiles).toBeGreaterThan(50);
    expect(tileUrls(caches)).toHaveLength(summary?.tiles ?? -1);
  });
});
