import type { RxCollection } from 'rxdb';
import * as v from 'valibot';
import { ORDER_LIST_SORT_KEY_LENGTH, orderListSortKey, OrderListItemSchema, type OrderListItem } from '../domain';
import { rxSchemaOf } from './rxSchema';

/** `orders`: the driver's order list (SPEC §3), one document per co-/oio-/mo- key. */
const OrderDocSchema = v.object({
  ...OrderListItemSchema.entries,
  /** The driver whose list this row is in: every read filters by company and account. */
  account_id: v.number(),
  /** Home's order (orderListSortKey), indexed: the first screenful is read without the rest. */
  list_sort: v.string(),
});
export type OrderDoc = v.InferOutput<typeof OrderDocSchema>;

export const ordersSchema = rxSchemaOf({
  title: 'orders',
  version: 3,
  primaryKey: 'id',
  document: OrderDocSchema,
  required: ['id', 'company_id', 'account_id', 'order_type', 'updated_at', 'list_sort'],
  keyMaxLength: 40,
  indexes: { list_sort: ORDER_LIST_SORT_KEY_LENGTH },
});

export const ordersMigrations = {
  // v1: rows are per driver. The list is a server cache: old rows go, and the pull (whose
  // stream was renamed with this version, so it starts from scratch) brings them back owned.
  1: () => null,
  // v2: delivery_town (the card's "Town, ST"). Rows stay on screen with none until the pull,
  // whose stream was renamed with this version, brings every row again with its town.
  2: (doc: Omit<OrderDoc, 'delivery_town' | 'list_sort'>): Omit<OrderDoc, 'list_sort'> => ({ ...doc, delivery_town: null }),
  // v3: list_sort, Home's indexed order, computed from the row as stored (no pull needed).
  3: (doc: Omit<OrderDoc, 'list_sort'>): OrderDoc => ({ ...doc, list_sort: orderListSortKey(doc) }),
};

/** A list row as PWADB stores it: the server's row, the driver who pulled it, its sort key. */
export function orderDocOf(item: OrderListItem, accountId: number): OrderDoc {
  return { ...item, account_id: accountId, list_sort: orderListSortKey(item) };
}

/**
 * Keeps `list_sort` true on every write in this realm, whatever the path (an optimistic patch
 * of the scheduled date, an upsert over an existing row, a test's insert): RxDB runs these
 * hooks before it stores a document.
 */
export function keepOrderSortKey(collection: OrdersCollection): void {
  const stamp = (doc: OrderDoc): void => {
    doc.list_sort = orderListSortKey(doc);
  };
  collection.preInsert(stamp, false);
  collection.preSave(stamp, false);
}

export type OrdersCollection = RxCollection<OrderDoc>;
