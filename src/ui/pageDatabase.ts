import { filter, firstValueFrom } from 'rxjs';
import { getDatabase, keepOrderListWarm, syncStatus$, warmOrderListHead, type DriverDatabase } from '../db';

// The page's PWADB, RxDB and Dexie: a chunk loaded on first use (hooks/useDatabase.ts), the only
// UI module that imports the database's code (lint), so the app's start evaluates none of it.

export { getBlobStore } from '../db';

/**
 * Opens PWADB on the page. On the sign-in path (`signingIn`: the login path, while the driver
 * types) it also runs the order list's query ahead of the first pull's writes (orderList.ts);
 * any other start reads Home's first screenful ahead instead (warmOrderListHead), not the whole
 * list, which Home reads after it.
 */
export async function openPageDatabase(signingIn: boolean): Promise<DriverDatabase> {
  const db = await getDatabase();
  if (signingIn) keepOrderListWarm(db);
  else warmOrderListHead(db).catch((error: unknown) => console.warn("Home's first rows were not read ahead", error));
  return db;
}

/**
 * Resolves once this phone has synced (the page's PWADB holds a last successful sync) or the
 * first run since the page opened has ended, whatever its outcome: what waits for it (the
 * service worker's precache, main.tsx) stays off a first sign-in's thin link until then.
 */
export async function whenSyncedOnce(): Promise<void> {
  const db = await getDatabase();
  let ran = false;
  await firstValueFrom(
    syncStatus$(db).pipe(
      filter((status) => {
        ran ||= status.syncing;
        return status.lastSyncAt !== null || (ran && !status.syncing);
      }),
    ),
  );
}
