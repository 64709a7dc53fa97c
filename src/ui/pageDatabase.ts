import { filter, firstValueFrom } from 'rxjs';
import { getDatabase, keepOrderListWarm, syncStatus$, warmOrderListHead } from '../db';

// The page's PWADB as the app starts (main.tsx): its own module, evaluated in a task of its own
// before the theme and the screens, so the database opens while they evaluate.

/**
 * Opens PWADB on the page as the app loads (main.tsx). On the sign-in path (`signingIn`: the
 * login path, while the driver types) it also runs the order list's query ahead of the first
 * pull's writes (orderList.ts); a signed-in start reads Home's first screenful ahead instead
 * (warmOrderListHead), not the whole list, which Home reads after it.
 */
export function openPageDatabase(signingIn: boolean): void {
  getDatabase().then(
    (db) => {
      if (signingIn) keepOrderListWarm(db);
      else warmOrderListHead(db).catch((error: unknown) => console.warn("Home's first rows were not read ahead", error));
    },
    (error: unknown) => console.error('PWADB did not open', error),
  );
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
