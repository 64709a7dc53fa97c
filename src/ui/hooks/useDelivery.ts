import { useMemo } from 'react';
import { delivery$, type DeliveryDocs } from '../../db';
import { orderKey, type OrderKind } from '../../domain';
import { useSession } from './useAuth';
import { useDatabase } from './useDatabase';
import { useObservable } from './useObservable';
import { outboxByOrder, useActiveOutbox, useOrder } from './useOrders';

/** The delivery document (server details + the driver's draft) of one order, this driver's only. */
export function useDelivery<K extends OrderKind>(kind: K, key: string): DeliveryDocs[K] | null | undefined {
  const db = useDatabase();
  const session = useSession();
  const source = useMemo(() => delivery$(db, session, kind, key), [db, session, kind, key]);
  return useObservable(source);
}

/** An order as its screens read it: the list row, the delivery document and its active outbox entry. */
export function useOrderBundle<K extends OrderKind>(kind: K, id: number) {
  const key = orderKey(kind, id);
  const order = useOrder(key);
  const delivery = useDelivery(kind, key);
  const entries = useActiveOutbox();
  const entry = useMemo(() => outboxByOrder(entries).get(key), [entries, key]);
  return { key, order, delivery, entries, entry };
}
