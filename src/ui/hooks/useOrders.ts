import { useMemo } from 'react';
import { concat, map, take, type Observable } from 'rxjs';
import type { RxDocument } from 'rxdb';
import type { DriverIdentity, DriverDatabase, OrderDoc, OutboxDoc } from '../../db';
import { inDriverScope } from '../../db/driverScope';
import { ORDER_LIST_HEAD, orderListHeadQuery, orderListQuery } from '../../db/orderList';
import { compareOrders, searchOrders } from '../../domain';
import { activeOutbox$, recentOutbox$ } from '../../outbox';
import { useDbObservable } from './useDatabase';
import { useSession } from './useAuth';

/** The list's default order lives with the filters in the domain. */
export { compareOrders };

/** Every order of the driver (never another driver's or company's), in the list's default order. */
function allOrders$(db: DriverDatabase, who: DriverIdentity): Observable<OrderDoc[]> {
  const plain = plainRows();
  const mine = (doc: RxDocument<OrderDoc>): boolean => inDriverScope(doc, who);
  return orderListQuery(db).$.pipe(map((docs) => plain(docs.filter(mine)).sort(compareOrders)));
}

/** The signed-in driver's orders (never another driver's or company's), filtered by the search. */
export function useOrders(search: string): OrderDoc[] | undefined {
  const { company_id: companyId, account_id: accountId } = useSession().claims;
  const orders = useDbObservable((db) => allOrders$(db, { company_id: companyId, account_id: accountId }), [companyId, accountId]);
  return useMemo(() => (orders ? searchOrders(orders, search) : undefined), [orders, search]);
}

/** Home's rows: `complete` once they are every order of the driver, before that the first screenful. */
export interface OrderList {
  rows: OrderDoc[];
  complete: boolean;
}

/**
 * Home's list (issue 24): the first screenful through the list's index at once, then every
 * order. The whole list is read only after the first rows came, so its 10,000 cursor steps do
 * not hold the first screen back; fewer rows than a screenful are already the whole list.
 */
export function useOrderList(): OrderList | undefined {
  const { company_id: companyId, account_id: accountId } = useSession().claims;
  return useDbObservable((db) => orderList$(db, { company_id: companyId, account_id: accountId }), [companyId, accountId]);
}

/** useOrderList's source. */
export function orderList$(db: DriverDatabase, who: DriverIdentity): Observable<OrderList> {
  const head$ = orderListHeadQuery(db, who).$.pipe(
    take(1),
    map((docs) => ({ rows: docs.map((doc) => doc.toJSON() as OrderDoc), complete: docs.length < ORDER_LIST_HEAD })),
  );
  return concat(head$, allOrders$(db, who).pipe(map((rows) => ({ rows, complete: true }))));
}

/**
 * Plain rows of the documents, the same object for a document whose revision did not change:
 * each page the first pull stores re-emits the whole list, and copying 10,000 documents per
 * page (and preparing each for search again) made the pull's cost grow with its square.
 */
function plainRows(): (docs: readonly RxDocument<OrderDoc>[]) => OrderDoc[] {
  let seen = new Map<string, { revision: string; row: OrderDoc }>();
  return (docs) => {
    const next = new Map<string, { revision: string; row: OrderDoc }>();
    const rows = docs.map((doc) => {
      const hit = seen.get(doc.primary);
      const row = hit && hit.revision === doc.revision ? hit.row : (doc.toJSON() as OrderDoc);
      next.set(doc.primary, { revision: doc.revision, row });
      return row;
    });
    seen = next;
    return rows;
  };
}

/** One order row by key (co-/oio-/mo-), or null when it is not (or no longer) this driver's. */
export function useOrder(key: string): OrderDoc | null | undefined {
  const { company_id: companyId, account_id: accountId } = useSession().claims;
  return useDbObservable(
    (db) =>
      db.orders
        .findOne(key)
        .$.pipe(map((doc) => (doc && inDriverScope(doc, { company_id: companyId, account_id: accountId }) ? (doc.toJSON() as OrderDoc) : null))),
    [key, companyId, accountId],
  );
}

/** The driver's outbox entries not yet done, newest first. */
export function useActiveOutbox(): OutboxDoc[] | undefined {
  const session = useSession();
  return useDbObservable((db) => activeOutbox$(db, session), [session]);
}

/** The driver's latest deliveries the server has, with how their certificate and emails went. */
export function useRecentOutbox(): OutboxDoc[] | undefined {
  const session = useSession();
  return useDbObservable((db) => recentOutbox$(db, session), [session]);
}

/** The active entry per order key (the newest when several). */
export function outboxByOrder(entries: readonly OutboxDoc[] | undefined): Map<string, OutboxDoc> {
  const byKey = new Map<string, OutboxDoc>();
  for (const entry of entries ?? []) if (!byKey.has(entry.order_key)) byKey.set(entry.order_key, entry);
  return byKey;
}
