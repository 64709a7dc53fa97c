// The bounds of the kept basemap (issue 25): a budget in bytes and a count of tiles, the order
// in which copies leave when over it, and when a copy is refreshed. Pure: the sync worker's
// keeper (src/replication/mapTiles) applies it to the phone's Cache Storage.

/** The Cache Storage cache holding the kept copies: the sync worker writes it, the service worker answers the map from it (vite.config.ts). */
export const KEPT_CACHE_NAME = 'driver-map-tiles';

/** One kept copy, as the keeper's index records it. */
export interface KeptEntry {
  /** The absolute URL the map requests (the cache key). */
  url: string;
  /** A tile (counted against `maxTiles`) or an asset of the style (the style, a TileJSON, sprites, glyphs). */
  tile: boolean;
  /** Bytes of the kept body; 0 for a tile the server has not got (404/204): remembered so it is not asked for every run. */
  bytes: number;
  /** When the copy was fetched (ms): its refresh is due from this. */
  keptAt: number;
  /** When a keep last wanted it (ms): the least recently wanted leave first. */
  wantedAt: number;
  /** Its place in that keep's wanted list (0 = most wanted): among copies wanted as recently, the least wanted leave first. */
  rank: number;
}

export interface KeptLimits {
  /** Bytes of every kept copy together. */
  maxBytes: number;
  /** Tiles kept (assets not counted). */
  maxTiles: number;
}

/** 50 MB and 2,000 tiles: a day's area at street level (~800 tiles for 30 orders in a county) with room for yesterday's. */
export const DEFAULT_KEPT_LIMITS: KeptLimits = { maxBytes: 50 * 1024 * 1024, maxTiles: 2000 };

/** How old a copy may get before a keep online fetches it again: roads change slowly, a style's sprites and fonts with its releases. */
export const KEPT_REFRESH_MS = { tile: 7 * 24 * 3_600_000, asset: 24 * 3_600_000 } as const;

export type KeptRefresh = { readonly [K in keyof typeof KEPT_REFRESH_MS]: number };

export function isDue(entry: KeptEntry | undefined, now: number, refresh: KeptRefresh = KEPT_REFRESH_MS): boolean {
  if (!entry) return true;
  return now - entry.keptAt >= (entry.tile ? refresh.tile : refresh.asset);
}

export function usage(entries: Iterable<KeptEntry>): { bytes: number; tiles: number } {
  let bytes = 0;
  let tiles = 0;
  for (const e of entries) {
    bytes += e.bytes;
    if (e.tile) tiles += 1;
  }
  return { bytes, tiles };
}

/**
 * The URLs to drop, in order, until the kept copies fit `limits`: the least recently wanted
 * first (yesterday's area before today's), then, among copies wanted as recently, the least
 * wanted (the deepest zoom, the farthest from a stop). Empty when they already fit.
 */
export function evictions(entries: Iterable<KeptEntry>, limits: KeptLimits): string[] {
  const all = [...entries];
  let { bytes, tiles } = usage(all);
  if (bytes <= limits.maxBytes && tiles <= limits.maxTiles) return [];
  all.sort((a, b) => a.wantedAt - b.wantedAt || b.rank - a.rank);
  const out: string[] = [];
  for (const e of all) {
    if (bytes <= limits.maxBytes && tiles <= limits.maxTiles) break;
    out.push(e.url);
    bytes -= e.bytes;
    if (e.tile) tiles -= 1;
  }
  return out;
}

/** What the map screen reads (the `map-tiles` cache snapshot): how much of the basemap is on the phone. */
export interface KeptBasemap {
  /** The style the copies belong to: the map draws them only for this style. */
  style_url: string;
  /** Tiles of the current area on the phone, and how many the area wants (within the budget). */
  tiles: number;
  wanted: number;
  /** Bytes of every kept copy, this area's and older ones. */
  bytes: number;
  /** The last keep ran to its end (no signal or server errors cut it short; a full budget is an end). */
  complete: boolean;
  /** When a keep last ran to its end, and when the last complete one did (ISO). */
  checked_at: string;
  complete_at: string | null;
}
