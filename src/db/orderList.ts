import type { Subscription } from 'rxjs';
import type { DriverDatabase } from './database';
import { driverScope, type DriverIdentity } from './driverScope';
import { readSession } from './localState';

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

/** How many rows Home reads first: more than a phone shows at once, even at small text. */
export const ORDER_LIST_HEAD = 30;

/**
 * The first rows of the driver's list in Home's order, read through the `list_sort` index: a
 * cold start with 10,000 orders shows live cards after ~30 index steps, not after reading all.
 */
export function orderListHeadQuery(db: DriverDatabase, who: DriverIdentity) {
  return db.orders.find({ selector: driverScope(who), sort: [{ list_sort: 'asc' }, { id: 'asc' }], limit: ORDER_LIST_HEAD });
}

/**
 * A signed-in start: Home's first rows are read as soon as PWADB is open, while the app's code
 * still evaluates. RxDB keeps one query object per query (for 30 s unused at least), so Home's
 * subscription finds the rows already read instead of asking IndexedDB after its first render.
 */
export async function warmOrderListHead(db: DriverDatabase): Promise<void> {
  const session = await readSession(db);
  if (session) await orderListHeadQuery(db, session.claims).exec();
}

let warm: Subscription | null = null;

/**
 * Runs the list's query now and keeps it current for the page's life: on the sign-in path only
 * (main.tsx), where the first pull is about to write. A cold start reads Home's first rows
 * before the whole list (useOrderList), which this would hold up.
 */
export function keepOrderListWarm(db: DriverDatabase): void {
  warm ??= orderListQuery(db).$.subscribe();
}
