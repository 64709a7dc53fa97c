import { filter, firstValueFrom } from 'rxjs';
import { getDatabase, keepOrderListWarm, syncStatus$ } from '../db';

// The page's PWADB as the app starts (main.tsx): its own module, evaluated in a task of its own
// before the theme and the screens, so the database opens while they evaluate.

/**
 * Opens PWADB on the page as the app loads (main.tsx). On the sign-in path (`signingIn`: the
 * login path, while the driver types) it also runs the order list's query ahead of the first
 * pull's writes (orderList.ts); a signed-in start leaves it to Home, which reads its first
 * screenful first.
 */
export function openPageDatabase(signingIn: boolean): void {
  getDatabase().then(
    (db) => {
      if (signingIn) keepOrderListWarm(db);
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
