import type { RxCollection } from 'rxdb';
import * as v from 'valibot';
import { OrderListItemSchema } from '../domain';
import { rxSchemaOf } from './rxSchema';

/** `orders`: the driver's order list (SPEC §3), one document per co-/oio-/mo- key. */
const OrderDocSchema = v.object({
  ...OrderListItemSchema.entries,
  /** The driver whose list this row is in: every read filters by company and account. */
  account_id: v.number(),
});
export type OrderDoc = v.InferOutput<typeof OrderDocSchema>;

export const ordersSchema = rxSchemaOf({
  title: 'orders',
  version: 2,
  primaryKey: 'id',
  document: OrderDocSchema,
  required: ['id', 'company_id', 'account_id', 'order_type', 'updated_at'],
  keyMaxLength: 40,
});

export const ordersMigrations = {
  // v1: rows are per driver. The list is a server cache: old rows go, and the pull (whose
  // stream was renamed with this version, so it starts from scratch) brings them back owned.
  1: () => null,
  // v2: delivery_town (the card's "Town, ST"). Rows stay on screen with none until the pull,
  // whose stream was renamed with this version, brings every row again with its town.
  2: (doc: Omit<OrderDoc, 'delivery_town'>): OrderDoc => ({ ...doc, delivery_town: null }),
};

export type OrdersCollection = RxCollection<OrderDoc>;
