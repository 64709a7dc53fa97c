// Which basemap tiles the phone keeps for offline use: the area around the driver's orders, in
// the order they matter (issue 25: roads near today's stops without signal). Web Mercator
// tile numbering as maplibre uses it (the "slippy map" scheme; `tms` counts rows from the south).
import { boundsOf } from '../orderMapSelection';
import { isUsablePosition, type LatLon } from '../navigationLinks';

export interface TileId {
  z: number;
  x: number;
  y: number;
}

/** The zooms kept: a region's overview down to street level (vector tiles stop at 14; maplibre draws deeper from them). */
export const KEPT_ZOOMS = { min: 4, max: 14 } as const;
/** At a zoom where the padded area of every point takes more tiles than this, only each order's neighbourhood is kept. */
export const AREA_TILES_PER_ZOOM = 64;
/** The area is padded by this many pixels on each side: a phone's map fitted to the orders shows this much around them. */
const AREA_PAD_PX = 384;
const TILE_PX = 256;
const MAX_LAT = 85.0511287798;

/** The point's position in tile units at zoom z (fractional). */
function tileCoords(p: LatLon, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const lat = (Math.max(-MAX_LAT, Math.min(MAX_LAT, p.lat)) * Math.PI) / 180;
  const x = ((p.lon + 180) / 360) * n;
  const y = ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n;
  return { x: Math.min(n - 1e-9, Math.max(0, x)), y: Math.min(n - 1e-9, Math.max(0, y)) };
}

export function tileOf(p: LatLon, z: number): TileId {
  const { x, y } = tileCoords(p, z);
  return { z, x: Math.floor(x), y: Math.floor(y) };
}

export const tileKey = (t: TileId): string => `${t.z}/${t.x}/${t.y}`;

/**
 * The tiles to keep around `area` (every point the map fits: orders, dealers, shops) and
 * `stops` (the orders), most wanted first: zoom by zoom from `zooms.min`, and within a zoom the
 * tiles nearest a stop first. At each zoom the padded box around the area, or where that box
 * is larger than AREA_TILES_PER_ZOOM, each stop's tile and its eight neighbours.
 */
export function tilesAround(area: readonly LatLon[], stops: readonly LatLon[], zooms: { min: number; max: number } = KEPT_ZOOMS): TileId[] {
  const usableArea = area.filter((p) => isUsablePosition(p));
  const usableStops = stops.filter((p) => isUsablePosition(p));
  const centres = usableStops.length > 0 ? usableStops : usableArea;
  const box = boundsOf([...usableArea, ...usableStops]);
  if (!box || centres.length === 0) return [];
  const [[west, south], [east, north]] = box;
  const out: TileId[] = [];
  for (let z = zooms.min; z <= zooms.max; z++) {
    const n = 2 ** z;
    const pad = AREA_PAD_PX / TILE_PX;
    const nw = tileCoords({ lat: north, lon: west }, z);
    const se = tileCoords({ lat: south, lon: east }, z);
    const x0 = Math.max(0, Math.floor(nw.x - pad));
    const x1 = Math.min(n - 1, Math.floor(se.x + pad));
    const y0 = Math.max(0, Math.floor(nw.y - pad));
    const y1 = Math.min(n - 1, Math.floor(se.y + pad));
    const stopTiles = centres.map((p) => tileOf(p, z));
    const candidates = new Map<string, TileId>();
    if ((x1 - x0 + 1) * (y1 - y0 + 1) <= AREA_TILES_PER_ZOOM) {
      for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) candidates.set(tileKey({ z, x, y }), { z, x, y });
    } else {
      for (const s of stopTiles)
        for (let dx = -1; dx <= 1; dx++)
          for (let dy = -1; dy <= 1; dy++) {
            const t = { z, x: s.x + dx, y: s.y + dy };
            if (t.x >= 0 && t.x < n && t.y >= 0 && t.y < n) candidates.set(tileKey(t), t);
          }
    }
    const distance = (t: TileId): number => Math.min(...stopTiles.map((s) => Math.max(Math.abs(s.x - t.x), Math.abs(s.y - t.y))));
    const ranked = [...candidates.values()].map((t) => ({ t, d: distance(t) }));
    ranked.sort((a, b) => a.d - b.d || a.t.y - b.t.y || a.t.x - b.t.x);
    for (const { t } of ranked) out.push(t);
  }
  return out;
}

/** A Web Mercator tile's bounds in EPSG:3857 metres, as maplibre writes `{bbox-epsg-3857}`. */
function bbox3857(t: TileId): string {
  const size = (2 * Math.PI * 6378137) / 2 ** t.z;
  const origin = Math.PI * 6378137;
  const minX = t.x * size - origin;
  const maxY = origin - t.y * size;
  return [minX, maxY - size, minX + size, maxY].join(',');
}

function quadkey(t: TileId): string {
  let key = '';
  for (let z = t.z; z > 0; z--) {
    const mask = 1 << (z - 1);
    key += String((t.x & mask ? 1 : 0) + (t.y & mask ? 2 : 0));
  }
  return key;
}

/**
 * The URL maplibre requests for tile `t` of a source with these `tiles` templates (its
 * CanonicalTileID.url: the template picked by (x + y), `{ratio}` as on a phone's screen, @2x),
 * so the kept copy is found under the very URL the map asks for.
 */
export function tileUrl(templates: readonly string[], t: TileId, scheme: 'xyz' | 'tms' = 'xyz'): string | null {
  const template = templates[(t.x + t.y) % templates.length];
  if (template === undefined) return null;
  const y = scheme === 'tms' ? 2 ** t.z - t.y - 1 : t.y;
  return template
    .replace(/{prefix}/g, (t.x % 16).toString(16) + (t.y % 16).toString(16))
    .replace(/{z}/g, String(t.z))
    .replace(/{x}/g, String(t.x))
    .replace(/{y}/g, String(y))
    .replace(/{ratio}/g, '@2x')
    .replace(/{quadkey}/g, quadkey(t))
    .replace(/{bbox-epsg-3857}/g, bbox3857(t));
}
