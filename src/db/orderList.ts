import type { Subscription } from 'rxjs';
import type { DriverDatabase } from './database';

/**
 * Every order row on the device, as one RxDB query: RxDB keeps one query object per selector,
 * so Home and the warm-up below share it. Its first run reads the whole collection through
 * an IndexedDB cursor (one request per document), and RxDB runs it again from the start when
 * a write lands meanwhile. Started while the first pull after a sign-in filled the collection,
 * it ran again at every page (~39,000 documents read on the page for 10,000 orders). Started
 * before (below), each page reaches it as a change it applies in memory (event-reduce).
 *
 * No selector: the query must exist before anyone is signed in. The device holds only the
 * signed-in driver's rows (sign-out and impersonation clear them), and every reader still
 * keeps the session's company and account only (useOrders).
 */
export function orderListQuery(db: DriverDatabase) {
  return db.orders.find();
}

let warm: Subscription | null = null;

/** Runs the list's query now and keeps it current for the page's life (the login path, main.tsx). */
export function keepOrderListWarm(db: DriverDatabase): void {
  warm ??= orderListQuery(db).$.subscribe();
}
