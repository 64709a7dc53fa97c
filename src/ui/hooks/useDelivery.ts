import { useMemo } from 'react';
import type { DeliveryDocs } from '../../db';
import { delivery$ } from '../../db/drafts';
import { orderKey, type OrderKind } from '../../domain';
import { isDeliveryEntry } from '../../outbox';
import { useSession } from './useAuth';
import { useDbObservable } from './useDatabase';
import { useActiveOutbox, useOrder } from './useOrders';

/** The delivery document (server details + the driver's draft) of one order, this driver's only. */
export function useDelivery<K extends OrderKind>(kind: K, key: string): DeliveryDocs[K] | null | undefined {
  const session = useSession();
  return useDbObservable((db) => delivery$(db, session, kind, key), [session, kind, key]);
}

/**
 * An order as its screens read it: the list row, the delivery document, its active delivery
 * entry (`entry`) and its other queued actions (`actions`: schedule, reassign, notes; newest first).
 */
export function useOrderBundle<K extends OrderKind>(kind: K, id: number) {
  const key = orderKey(kind, id);
  const order = useOrder(key);
  const delivery = useDelivery(kind, key);
  const entries = useActiveOutbox();
  const { entry, actions } = useMemo(() => {
    const mine = (entries ?? []).filter((e) => e.order_key === key);
    return { entry: mine.find(isDeliveryEntry), actions: mine.filter((e) => !isDeliveryEntry(e)) };
  }, [entries, key]);
  return { key, order, delivery, entries, entry, actions };
}
