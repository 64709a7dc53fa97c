// Cache Storage for Node tests (Node has none): what the map tile keeper uses of it, keyed by
// the normalized URL as the browser's Cache keys a Request.
import type { CacheLike, CacheStorageLike } from '../../src/replication/mapTiles/tileStore';

interface Stored {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
}

export interface FakeCaches extends CacheStorageLike {
  /** The URLs a cache holds (its index entry included). */
  urls(name: string): string[];
}

export function fakeCaches(): FakeCaches {
  const caches = new Map<string, Map<string, Stored>>();
  const named = (name: string): Map<string, Stored> => {
    let cache = caches.get(name);
    if (!cache) caches.set(name, (cache = new Map<string, Stored>()));
    return cache;
  };
  return {
    open(name) {
      const entries = named(name);
      const cache: CacheLike = {
        match: (url) => {
          const hit = entries.get(new URL(url).href);
          return Promise.resolve(hit ? new Response(hit.body.slice(0), { status: hit.status, headers: hit.headers }) : undefined);
        },
        async put(url, response) {
          entries.set(new URL(url).href, { body: await response.arrayBuffer(), status: response.status, headers: [...response.headers] });
        },
        delete: (url) => Promise.resolve(entries.delete(new URL(url).href)),
        keys: () => Promise.resolve([...entries.keys()].map((url) => ({ url }))),
      };
      return Promise.resolve(cache);
    },
    urls: (name) => [...named(name).keys()],
  };
}
