// The kept basemap's store (src/replication/mapTiles/tileStore.ts) on a Cache Storage fake: its
// index survives a reopen, and opening squares the index with what the cache really holds.
import { describe, expect, it } from 'vitest';
import { KEPT_CACHE_NAME, type KeptEntry } from '../../src/domain';
import { openTileStore } from '../../src/replication/mapTiles/tileStore';
import { fakeCaches } from '../support/fakeCaches';

const entry = (url: string, bytes: number): KeptEntry => ({ url, tile: true, bytes, keptAt: 1, wantedAt: 1, rank: 0 });
const body = (n: number) => new Uint8Array(n).buffer;

describe('the kept copies’ store', () => {
  it('keeps bodies and their index across a reopen; a tile the host has not got keeps only its entry', async () => {
    const caches = fakeCaches();
    const store = await openTileStore(caches);
    await store.put(entry('https://t.test/1/0/0.png', 3), body(3), 'image/png');
    await store.put(entry('https://t.test/1/1/0.png', 0), null, null);
    store.want('https://t.test/1/0/0.png', 9, 4);
    await store.save();

    const again = await openTileStore(caches);
    expect(again.entries()).toEqual([{ ...entry('https://t.test/1/0/0.png', 3), wantedAt: 9, rank: 4 }, entry('https://t.test/1/1/0.png', 0)]);
    const kept = await again.read('https://t.test/1/0/0.png');
    expect(kept?.headers.get('content-type')).toBe('image/png');
    expect((await kept?.arrayBuffer())?.byteLength).toBe(3);
    expect(await again.read('https://t.test/1/1/0.png')).toBeUndefined();
  });

  it('drops a copy put after the index was last saved (a crash), and forgets one the browser removed', async () => {
    const caches = fakeCaches();
    const store = await openTileStore(caches);
    await store.put(entry('https://t.test/a', 2), body(2), null);
    await store.put(entry('https://t.test/b', 2), body(2), null);
    await store.save();
    await store.put(entry('https://t.test/unsaved', 2), body(2), null); // no save: the worker died here
    const cache = await caches.open(KEPT_CACHE_NAME);
    await cache.delete('https://t.test/b'); // the browser evicted it

    const reopened = await openTileStore(caches);
    expect(reopened.entries().map((e) => e.url)).toEqual(['https://t.test/a']);
    expect(caches.urls(KEPT_CACHE_NAME).filter((url) => url.startsWith('https://t.test/'))).toEqual(['https://t.test/a']);
  });

  it('removes a copy with its entry', async () => {
    const caches = fakeCaches();
    const store = await openTileStore(caches);
    await store.put(entry('https://t.test/a', 2), body(2), null);
    await store.remove('https://t.test/a');
    expect(store.get('https://t.test/a')).toBeUndefined();
    expect(await store.read('https://t.test/a')).toBeUndefined();
  });
});
