// The kept basemap copies in Cache Storage (KEPT_CACHE_NAME), where the service worker answers
// the map from when the network fails. Beside the copies, one index entry records each copy's
// size, when it was fetched and when it was last wanted (budget.ts decides from these); opening
// the store squares the index with what the cache really holds (a copy put before a crash
// saved the index is dropped; one the browser removed is forgotten).
import { KEPT_CACHE_NAME, type KeptEntry } from '../../domain';

/** The part of the Cache API the store uses (the browser's Cache; a fake in Node tests). */
export interface CacheLike {
  match(request: string): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
  delete(request: string): Promise<boolean>;
  keys(): Promise<readonly { url: string }[]>;
}
export interface CacheStorageLike {
  open(name: string): Promise<CacheLike>;
}

/** The index's key: a host that never resolves, so no map request can ask for it. */
const INDEX_URL = 'https://driver-app.invalid/map-tiles/index.json';

export interface TileStore {
  get(url: string): KeptEntry | undefined;
  entries(): KeptEntry[];
  /** The kept body of `url`, if any. */
  read(url: string): Promise<Response | undefined>;
  /** Keeps `body` (null: the server has no such tile; only the entry is kept) and records its entry. */
  put(entry: KeptEntry, body: ArrayBuffer | null, contentType: string | null): Promise<void>;
  /** A copy wanted again: it moves to the back of the eviction order without being fetched. */
  want(url: string, wantedAt: number, rank: number): void;
  remove(url: string): Promise<void>;
  /** Writes the index (after a batch of puts and at the end of a keep). */
  save(): Promise<void>;
}

/** Absolute and normalized as a Request would make it, so index keys are cache keys. */
export const normalUrl = (url: string): string => new URL(url).href;

export async function openTileStore(caches: CacheStorageLike): Promise<TileStore> {
  const cache = await caches.open(KEPT_CACHE_NAME);
  const index = new Map<string, KeptEntry>();
  const stored = await cache.match(INDEX_URL);
  if (stored) {
    try {
      for (const e of (await stored.json()) as KeptEntry[]) index.set(e.url, e);
    } catch {
      // An unreadable index: every copy is fetched again and the old ones dropped below.
    }
  }
  const held = new Set((await cache.keys()).map((r) => r.url).filter((url) => url !== INDEX_URL));
  for (const url of held) if (!index.has(url)) await cache.delete(url);
  for (const [url, e] of index) if (e.bytes > 0 && !held.has(url)) index.delete(url);

  return {
    get: (url) => index.get(url),
    entries: () => [...index.values()],
    read: (url) => cache.match(url),
    async put(entry, body, contentType) {
      if (body) {
        const headers = contentType ? { 'content-type': contentType } : undefined;
        await cache.put(entry.url, new Response(body, { status: 200, headers }));
      } else await cache.delete(entry.url);
      index.set(entry.url, entry);
    },
    want(url, wantedAt, rank) {
      const e = index.get(url);
      if (e) index.set(url, { ...e, wantedAt, rank });
    },
    async remove(url) {
      index.delete(url);
      await cache.delete(url);
    },
    async save() {
      await cache.put(INDEX_URL, new Response(JSON.stringify([...index.values()]), { headers: { 'content-type': 'application/json' } }));
    },
  };
}
