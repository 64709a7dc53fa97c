// Waiting for what a fixed sleep used to wait for: a record reaching PWADB, a sync run
// ending, animations finishing. Each reads the page's own state instead of the clock.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Every record of every IndexedDB database of the page (PWADB, its blobs, RxDB's meta), one JSON line each. */
export function storedRecords(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((ok, ko) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => ok(req.result);
        req.onerror = () => ko(req.error ?? new Error('IndexedDB open failed'));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((ok, ko) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => ok(req.result);
          req.onerror = () => ko(req.error ?? new Error('IndexedDB read failed'));
        });
        for (const row of rows) {
          out.push(JSON.stringify(row, (_k, v: unknown) => (v instanceof ArrayBuffer ? new TextDecoder('latin1').decode(v) : v)));
        }
      }
      db.close();
    }
    return out;
  });
}

/** Waits until PWADB holds every one of `texts` (e.g. a draft's typed values, JSON-quoted). */
export async function waitForStored(page: Page, ...texts: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const all = (await storedRecords(page)).join('\n');
        return texts.filter((text) => !all.includes(text));
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
}

interface StoredSyncStatus {
  syncing: boolean;
  lastSyncAt: string | null;
}

/** The sync worker's status document (RxDB local document 'sync-status'), read from IndexedDB. */
async function syncStatus(page: Page): Promise<StoredSyncStatus | null> {
  for (const line of await storedRecords(page)) {
    // RxDB's Dexie storage keeps the deleted flag as '0' / '1' (an index key).
    const row = JSON.parse(line) as { id?: unknown; data?: StoredSyncStatus; _deleted?: unknown };
    if (row.id === 'sync-status' && row.data && row._deleted !== '1' && row._deleted !== true) return row.data;
  }
  return null;
}

/**
 * Resolves once a sync run that ends after this call has finished without error, and none
 * runs. The page asks for a run (as it does when it becomes visible), so this does not wait
 * for the engine's timer; a run already under way ends first. Any run that started before
 * the call has therefore ended: whatever it was going to send or pull is on the server and
 * in PWADB.
 */
export async function waitForSyncRun(page: Page): Promise<void> {
  const since = new Date().toISOString();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect
    .poll(
      async () => {
        const status = await syncStatus(page);
        return status !== null && !status.syncing && (status.lastSyncAt ?? '') >= since;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true);
}

/**
 * In-page source of an async function that resolves once no finite animation or transition
 * runs, starting a frame after the call (so one a just-made change starts is included); one that
 * ends may start another, so it looks again (at most 20 times). Spinners run forever and are left
 * out. Source text, so the readability audit (themeAudit.ts) can wait the same way in its own task.
 */
export const ANIMATIONS_SETTLED_SOURCE = String.raw`async () => {
  for (let round = 0; round < 20; round++) {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    if (running.length === 0) return;
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
  }
}`;

/** Resolves once every finite animation and transition on the page has ended (ANIMATIONS_SETTLED_SOURCE). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(`(${ANIMATIONS_SETTLED_SOURCE})()`);
}

/** Resolves once no sync run is under way (a run that was, refused or not, has ended). */
export async function waitForSyncIdle(page: Page): Promise<void> {
  await expect.poll(async () => (await syncStatus(page))?.syncing ?? false, { timeout: 60_000, interval: 100 }).toBe(false);
}
