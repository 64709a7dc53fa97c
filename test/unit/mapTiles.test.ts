// Which basemap copies the phone keeps around the orders, under which URL, and within what
// budget (src/domain/mapTiles): the pure half of the tile keeping of issue 25.
import { describe, expect, it } from 'vitest';
import {
  AREA_TILES_PER_ZOOM,
  evictions,
  isDue,
  KEPT_REFRESH_MS,
  KEPT_ZOOMS,
  styleResources,
  tileJsonTemplates,
  tileKey,
  tileOf,
  tilesAround,
  tileUrl,
  usage,
  type KeptEntry,
} from '../../src/domain';

const LANCASTER = { lat: 40.0379, lon: -76.3055 };
const LITITZ = { lat: 40.1576, lon: -76.3069 };
const STRASBURG = { lat: 39.9829, lon: -76.1841 };

describe('tileOf', () => {
  it('numbers tiles as maplibre does (slippy map)', () => {
    expect(tileOf({ lat: 0, lon: 0 }, 1)).toEqual({ z: 1, x: 1, y: 1 });
    expect(tileOf({ lat: 85, lon: -180 }, 2)).toEqual({ z: 2, x: 0, y: 0 });
    // Lancaster, PA at zoom 14: x = (lon + 180) / 360 · 2^14 = 4719.25, y = (1 − asinh(tan φ) / π) / 2 · 2^14 = 6200.39.
    expect(tileOf(LANCASTER, 14)).toEqual({ z: 14, x: 4719, y: 6200 });
  });
});

describe('tilesAround', () => {
  const tiles = tilesAround([LANCASTER, LITITZ, STRASBURG], [LANCASTER, LITITZ, STRASBURG]);

  it('covers every order at every kept zoom, most wanted first: zoom by zoom, nearest a stop first', () => {
    const keys = new Set(tiles.map(tileKey));
    for (let z = KEPT_ZOOMS.min; z <= KEPT_ZOOMS.max; z++)
      for (const stop of [LANCASTER, LITITZ, STRASBURG]) expect(keys.has(tileKey(tileOf(stop, z)))).toBe(true);
    expect(keys.size).toBe(tiles.length); // no tile twice
    const zooms = tiles.map((t) => t.z);
    expect(zooms).toEqual([...zooms].sort((a, b) => a - b));
    // Within a zoom, a stop's own tile comes before its neighbours.
    const z14 = tiles.filter((t) => t.z === 14);
    const stopTiles = new Set([LANCASTER, LITITZ, STRASBURG].map((p) => tileKey(tileOf(p, 14))));
    expect(z14.slice(0, stopTiles.size).every((t) => stopTiles.has(tileKey(t)))).toBe(true);
  });

  it('keeps the padded area at overview zooms and only each stop’s neighbourhood where that area grows large', () => {
    for (let z = KEPT_ZOOMS.min; z <= KEPT_ZOOMS.max; z++) {
      const atZoom = tiles.filter((t) => t.z === z);
      expect(atZoom.length).toBeLessThanOrEqual(Math.max(AREA_TILES_PER_ZOOM, 9 * 3));
    }
    // Street level: three stops, at most nine tiles each.
    expect(tiles.filter((t) => t.z === 14).length).toBeLessThanOrEqual(27);
    // Overview: the area with a margin, more than the stops' own tiles.
    expect(tiles.filter((t) => t.z === 8).length).toBeGreaterThan(1);
    expect(tiles.length).toBeLessThan(400);
  });

  it('keeps nothing without a usable position, and centres on the area when there are no orders', () => {
    expect(tilesAround([], [])).toEqual([]);
    expect(tilesAround([{ lat: 0, lon: 0 }], [{ lat: Number.NaN, lon: 1 }])).toEqual([]);
    const dealersOnly = tilesAround([LANCASTER], []);
    expect(dealersOnly.some((t) => tileKey(t) === tileKey(tileOf(LANCASTER, 14)))).toBe(true);
  });
});

describe('tileUrl: the URL maplibre asks for', () => {
  const t = { z: 14, x: 4719, y: 6186 };

  it('fills z/x/y, picks the template by x + y like maplibre, flips y for tms', () => {
    expect(tileUrl(['https://a.test/{z}/{x}/{y}.pbf'], t)).toBe('https://a.test/14/4719/6186.pbf');
    expect(tileUrl(['https://a.test/{z}/{x}/{y}', 'https://b.test/{z}/{x}/{y}'], t)).toBe('https://b.test/14/4719/6186');
    expect(tileUrl(['https://a.test/{z}/{x}/{y}'], { z: 2, x: 1, y: 0 }, 'tms')).toBe('https://a.test/2/1/3');
  });

  it('fills {ratio} for a phone screen, {quadkey}, {prefix} and {bbox-epsg-3857}', () => {
    expect(tileUrl(['https://a.test/{z}/{x}/{y}{ratio}.png'], t)).toBe('https://a.test/14/4719/6186@2x.png');
    expect(tileUrl(['https://a.test/{quadkey}'], { z: 3, x: 3, y: 5 })).toBe('https://a.test/213');
    expect(tileUrl(['https://a.test/{prefix}/{z}'], { z: 5, x: 17, y: 31 })).toBe('https://a.test/1f/5');
    expect(tileUrl(['https://a.test/?bbox={bbox-epsg-3857}'], { z: 0, x: 0, y: 0 })).toBe(
      'https://a.test/?bbox=-20037508.342789244,-20037508.342789244,20037508.342789244,20037508.342789244',
    );
  });
});

describe('styleResources: what a style needs besides itself', () => {
  // The shape of OpenFreeMap's Liberty: a vector source by TileJSON, a raster one inline, sprites, labels.
  const liberty = {
    version: 8,
    sources: {
      openmaptiles: { type: 'vector', url: 'https://tiles.openfreemap.org/planet' },
      relief: { type: 'raster', tiles: ['https://r.test/{z}/{x}/{y}.png'], maxzoom: 12, scheme: 'tms' },
      places: { type: 'geojson', data: 'https://x.test/places.json' },
      terrain: { type: 'raster-dem', url: 'https://dem.test/tiles.json' },
    },
    sprite: 'https://tiles.openfreemap.org/sprites/ofm_f384/ofm',
    glyphs: 'https://tiles.openfreemap.org/fonts/{fontstack}/{range}.pbf',
    layers: [
      { id: 'bg', type: 'background' },
      { id: 'road-label', type: 'symbol', layout: { 'text-field': '{name}', 'text-font': ['Noto Sans Regular'] } },
      { id: 'place', type: 'symbol', layout: { 'text-field': '{name}', 'text-font': ['literal', ['Noto Sans Bold']] } },
      { id: 'poi', type: 'symbol', layout: { 'text-field': '{name}' } },
      { id: 'icon-only', type: 'symbol', layout: { 'icon-image': 'x', 'text-font': ['Never Used'] } },
      { id: 'expr', type: 'symbol', layout: { 'text-field': '{name}', 'text-font': ['step', ['zoom'], ['literal', ['A']], 10, ['literal', ['B']]] } },
    ],
  };

  it('names the tiled sources (by TileJSON or inline), sprites at 1x and 2x, and Latin glyphs of each label font', () => {
    const { sources, assets } = styleResources(liberty);
    expect(sources).toEqual([
      { id: 'openmaptiles', tileJsonUrl: 'https://tiles.openfreemap.org/planet', zooms: { minzoom: undefined, maxzoom: undefined } },
      { id: 'relief', templates: ['https://r.test/{z}/{x}/{y}.png'], scheme: 'tms', minzoom: 0, maxzoom: 12 },
    ]);
    expect(assets).toEqual([
      'https://tiles.openfreemap.org/sprites/ofm_f384/ofm.json',
      'https://tiles.openfreemap.org/sprites/ofm_f384/ofm.png',
      'https://tiles.openfreemap.org/sprites/ofm_f384/ofm@2x.json',
      'https://tiles.openfreemap.org/sprites/ofm_f384/ofm@2x.png',
      'https://tiles.openfreemap.org/fonts/Noto%20Sans%20Regular/0-255.pbf',
      'https://tiles.openfreemap.org/fonts/Noto%20Sans%20Bold/0-255.pbf',
      'https://tiles.openfreemap.org/fonts/Open%20Sans%20Regular,Arial%20Unicode%20MS%20Regular/0-255.pbf',
    ]);
  });

  it('skips what it cannot read instead of failing', () => {
    expect(styleResources('not a style')).toEqual({ sources: [], assets: [] });
    expect(styleResources({ version: 8, sources: { a: { type: 'vector' } }, sprite: 'relative/path', layers: [] })).toEqual({ sources: [], assets: [] });
  });

  it('reads a TileJSON, the style’s own zooms first (as maplibre does)', () => {
    const tileJson = { tiles: ['https://t.test/planet/{z}/{x}/{y}.pbf'], minzoom: 0, maxzoom: 14 };
    expect(tileJsonTemplates(tileJson)).toEqual({ templates: tileJson.tiles, scheme: 'xyz', minzoom: 0, maxzoom: 14 });
    expect(tileJsonTemplates(tileJson, { maxzoom: 12 })?.maxzoom).toBe(12);
    expect(tileJsonTemplates({ tiles: [] })).toBeNull();
    expect(tileJsonTemplates(null)).toBeNull();
  });
});

describe('the budget', () => {
  const day = 24 * 3_600_000;
  const entry = (url: string, over: Partial<KeptEntry> = {}): KeptEntry => ({ url, tile: true, bytes: 100, keptAt: 0, wantedAt: 0, rank: 0, ...over });

  it('drops nothing while within the bytes and the tile count', () => {
    expect(evictions([entry('a'), entry('b')], { maxBytes: 200, maxTiles: 2 })).toEqual([]);
  });

  it('drops the least recently wanted first (yesterday’s area), then the least wanted of today’s, until both limits hold', () => {
    const today = 10 * day;
    const entries = [
      entry('today-z14', { wantedAt: today, rank: 30 }),
      entry('yesterday-z8', { wantedAt: today - day, rank: 2 }),
      entry('today-z8', { wantedAt: today, rank: 3 }),
      entry('last-week', { wantedAt: today - 7 * day, rank: 1 }),
      entry('style', { tile: false, bytes: 50, wantedAt: today, rank: 0 }),
    ];
    expect(evictions(entries, { maxBytes: 10_000, maxTiles: 3 })).toEqual(['last-week']);
    expect(evictions(entries, { maxBytes: 10_000, maxTiles: 1 })).toEqual(['last-week', 'yesterday-z8', 'today-z14']);
    // Bytes count the style's assets too.
    expect(evictions(entries, { maxBytes: 250, maxTiles: 100 })).toEqual(['last-week', 'yesterday-z8']);
    expect(usage(entries)).toEqual({ bytes: 450, tiles: 4 });
  });

  it('a copy is due again after 7 days (a tile) or a day (the style and its assets); a missing one at once', () => {
    expect(isDue(undefined, 0)).toBe(true);
    expect(isDue(entry('t', { keptAt: 0 }), KEPT_REFRESH_MS.tile - 1)).toBe(false);
    expect(isDue(entry('t', { keptAt: 0 }), KEPT_REFRESH_MS.tile)).toBe(true);
    expect(isDue(entry('s', { tile: false, keptAt: 0 }), day - 1)).toBe(false);
    expect(isDue(entry('s', { tile: false, keptAt: 0 }), day)).toBe(true);
  });
});
