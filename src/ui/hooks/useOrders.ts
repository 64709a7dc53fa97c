import { useMemo } from 'react';
import { map } from 'rxjs';
import { activeOutbox$, onlotDelivery$, type OnlotDeliveryDoc, type OrderDoc, type OutboxDoc } from '../../db';
import { orderKey, searchOrders } from '../../domain';
import { useDatabase } from './useDatabase';
import { useSession } from './useAuth';
import { useObservable } from './useObservable';

/** Rush orders first, then by scheduled date (unscheduled last), then by key. */
export function compareOrders(a: OrderDoc, b: OrderDoc): number {
  if (a.is_rush_order !== b.is_rush_order) return a.is_rush_order ? -1 : 1;
  const da = a.scheduled_date ?? '\uffff';
  const dbb = b.scheduled_date ?? '\uffff';
  if (da !== dbb) return da < dbb ? -1 : 1;
  return a.id.localeCompare(b.id);
}

/** The signed-in company's orders (never another company's), filtered by the search term. */
export function useOrders(search: string): OrderDoc[] | undefined {
  const db = useDatabase();
  const companyId = useSession().claims.company_id;
  const source = useMemo(
    () =>
      db.orders
        .find({ selector: { company_id: companyId } })
        .$.pipe(map((docs) => docs.map((doc) => doc.toJSON() as OrderDoc).sort(compareOrders))),
    [db, companyId],
  );
  const orders = useObservable(source);
  return useMemo(() => (orders ? searchOrders(orders, search) : undefined), [orders, search]);
}

/** One order row by key (co-/oio-/mo-), or null when it is not (or no longer) on the device. */
export function useOrder(key: string): OrderDoc | null | undefined {
  const db = useDatabase();
  const companyId = useSession().claims.company_id;
  const source = useMemo(
    () =>
      db.orders
        .findOne(key)
        .$.pipe(map((doc) => (doc && doc.company_id === companyId ? (doc.toJSON() as OrderDoc) : null))),
    [db, key, companyId],
  );
  return useObservable(source);
}

/** The on-lot delivery document (server details + the driver's draft), company-scoped. */
export function useOnlotDelivery(key: string): OnlotDeliveryDoc | null | undefined {
  const db = useDatabase();
  const companyId = useSession().claims.company_id;
  const source = useMemo(
    () =>
      onlotDelivery$(db, key).pipe(
        map((doc) => (doc && doc.company_id === companyId ? (isRxDoc(doc) ? (doc.toJSON() as OnlotDeliveryDoc) : doc) : null)),
      ),
    [db, key, companyId],
  );
  return useObservable(source);
}

/** Outbox entries not yet done for this company, newest first. */
export function useActiveOutbox(): OutboxDoc[] | undefined {
  const db = useDatabase();
  const companyId = useSession().claims.company_id;
  const source = useMemo(
    () => activeOutbox$(db, companyId).pipe(map((docs) => docs.map((d) => (isRxDoc(d) ? (d.toJSON() as OutboxDoc) : d)))),
    [db, companyId],
  );
  return useObservable(source);
}

function isRxDoc(value: unknown): value is { toJSON(): unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/** The active entry per order key (the newest when several). */
export function outboxByOrder(entries: readonly OutboxDoc[] | undefined): Map<string, OutboxDoc> {
  const byKey = new Map<string, OutboxDoc>();
  for (const entry of entries ?? []) if (!byKey.has(entry.order_key)) byKey.set(entry.order_key, entry);
  return byKey;
}

/** An on-lot order as its screens read it: the list row, the delivery document, the active outbox and its entry for this order. */
export function useOnlotOrder(onlotId: number) {
  const key = orderKey('onlot', onlotId);
  const order = useOrder(key);
  const delivery = useOnlotDelivery(key);
  const entries = useActiveOutbox();
  const entry = useMemo(() => outboxByOrder(entries).get(key), [entries, key]);
  return { order, delivery, entries, entry };
}
