import { filter, startWith, switchMap } from 'rxjs';
import type { DriverDatabase } from './database';

/**
 * A database local document as it changes: RxDB's `getLocal$` without its cost. `getLocal$`
 * looks at every change event of every collection one by one, each through an async step:
 * while the first pull stores 10,000 orders in pages of 1,000, every watcher on the page
 * (the token, the sync status, the session notes) ran a thousand async steps per page, and
 * freeing them was quadratic (a third of the page's time). This checks each bulk once.
 */
export function watchLocal<T>(db: DriverDatabase, id: string) {
  return db.eventBulks$.pipe(
    filter((bulk) => bulk.isLocal && bulk.events.some((event) => event.documentId === id)),
    startWith(null),
    switchMap(() => db.getLocal<T>(id)),
  );
}
