import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { loadOfflineStyle, OFFLINE_LAYERS } from '../../src/ui/map/basemap';
import { judgeMapError, TILE_ERRORS_TOLERATED } from '../../src/ui/map/basemapErrors';

describe('the offline basemap shipped with the app', () => {
  it('is a valid maplibre style that needs no network: GeoJSON sources, no glyphs, sprites or text', async () => {
    const style = await loadOfflineStyle();
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    for (const source of Object.values(style.sources)) expect(source.type).toBe('geojson');
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
    expect(style.layers.map((l) => l.id)).toEqual(expect.arrayContaining(Object.values(OFFLINE_LAYERS)));
  });

  it('holds the US states (fills) and county and state lines', async () => {
    const style = await loadOfflineStyle();
    const land = style.sources['us-land'];
    if (land?.type !== 'geojson' || typeof land.data === 'string') throw new Error('no inline land data');
    const states = land.data as { type: string; features: unknown[] };
    expect(states.type).toBe('FeatureCollection');
    expect(states.features.length).toBeGreaterThanOrEqual(50);
    const counties = style.sources['us-county-lines'];
    if (counties?.type !== 'geojson' || typeof counties.data === 'string') throw new Error('no inline county lines');
    const lines = counties.data as { type: string; coordinates: unknown[] };
    expect(lines.type).toBe('MultiLineString');
    expect(lines.coordinates.length).toBeGreaterThan(3000);
  });

  it('is built once per page', async () => {
    expect(await loadOfflineStyle()).toBe(await loadOfflineStyle());
  });
});

describe('judgeMapError: when the basemap drawn counts as failed', () => {
  const base = { basemap: 'online', styleArrived: true, tileErrors: 0 } as const;

  it('switches when the style does not arrive, or a request gets no answer', () => {
    expect(judgeMapError({ ...base, styleArrived: false, status: 404 })).toEqual({ action: 'switch' });
    expect(judgeMapError({ ...base, sourceId: 'openmaptiles' })).toEqual({ action: 'switch' });
  });

  it('counts HTTP tile errors and switches at the limit', () => {
    let tileErrors = 0;
    for (let i = 1; i < TILE_ERRORS_TOLERATED; i++) {
      const verdict = judgeMapError({ ...base, sourceId: 'openmaptiles', status: 404, tileErrors });
      expect(verdict).toEqual({ action: 'count', tileErrors: i });
      tileErrors = i;
    }
    expect(judgeMapError({ ...base, sourceId: 'openmaptiles', status: 500, tileErrors })).toEqual({ action: 'switch' });
  });

  it('ignores errors of the app’s own data and any error on the offline basemap', () => {
    expect(judgeMapError({ ...base, sourceId: 'orders' })).toEqual({ action: 'ignore' });
    expect(judgeMapError({ ...base, basemap: 'offline', styleArrived: false })).toEqual({ action: 'ignore' });
  });

  it('on the copies kept on the phone, switches only when their style does not arrive (a tile outside the kept area is no failure)', () => {
    const kept = { ...base, basemap: 'kept' } as const;
    expect(judgeMapError({ ...kept, styleArrived: false })).toEqual({ action: 'switch' });
    expect(judgeMapError({ ...kept, sourceId: 'openmaptiles' })).toEqual({ action: 'ignore' });
    expect(judgeMapError({ ...kept, sourceId: 'openmaptiles', status: 404, tileErrors: 5 })).toEqual({ action: 'ignore' });
  });
});
