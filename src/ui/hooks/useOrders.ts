import { useMemo } from 'react';
import { map } from 'rxjs';
import type { RxDocument } from 'rxdb';
import { inDriverScope, orderListQuery, type OrderDoc, type OutboxDoc } from '../../db';
import { compareOrders, searchOrders } from '../../domain';
import { activeOutbox$, recentOutbox$ } from '../../outbox';
import { useDatabase } from './useDatabase';
import { useSession } from './useAuth';
import { useObservable } from './useObservable';

/** The list's default order lives with the filters in the domain. */
export { compareOrders };

/** The signed-in driver's orders (never another driver's or company's), filtered by the search. */
export function useOrders(search: string): OrderDoc[] | undefined {
  const db = useDatabase();
  const { company_id: companyId, account_id: accountId } = useSession().claims;
  const source = useMemo(() => {
    const plain = plainRows();
    const mine = (doc: RxDocument<OrderDoc>): boolean => inDriverScope(doc, { company_id: companyId, account_id: accountId });
    return orderListQuery(db).$.pipe(map((docs) => plain(docs.filter(mine)).sort(compareOrders)));
  }, [db, companyId, accountId]);
  const orders = useObservable(source);
  return useMemo(() => (orders ? searchOrders(orders, search) : undefined), [orders, search]);
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
  const db = useDatabase();
  const { company_id: companyId, account_id: accountId } = useSession().claims;
  const source = useMemo(
    () =>
      db.orders
        .findOne(key)
        .$.pipe(map((doc) => (doc && inDriverScope(doc, { company_id: companyId, account_id: accountId }) ? (doc.toJSON() as OrderDoc) : null))),
    [db, key, companyId, accountId],
  );
  return useObservable(source);
}

/** The driver's outbox entries not yet done, newest first. */
export function useActiveOutbox(): OutboxDoc[] | undefined {
  const db = useDatabase();
  const session = useSession();
  const source = useMemo(() => activeOutbox$(db, session), [db, session]);
  return useObservable(source);
}

/** The driver's latest deliveries the server has, with how their certificate and emails went. */
export function useRecentOutbox(): OutboxDoc[] | undefined {
  const db = useDatabase();
  const session = useSession();
  const source = useMemo(() => recentOutbox$(db, session), [db, session]);
  return useObservable(source);
}

/** The active entry per order key (the newest when several). */
export function outboxByOrder(entries: readonly OutboxDoc[] | undefined): Map<string, OutboxDoc> {
  const byKey = new Map<string, OutboxDoc>();
  for (const entry of entries ?? []) if (!byKey.has(entry.order_key)) byKey.set(entry.order_key, entry);
  return byKey;
}
