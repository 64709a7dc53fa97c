import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { OrderListItem } from '../domain';

/** `orders`: the driver's order list (SPEC §3), one document per co-/oio-/mo- key. */
export type OrderDoc = OrderListItem & {
  /** The driver whose list this row is in: every read filters by company and account. */
  account_id: number;
};

const nullableId = { type: ['number', 'null'] } as const;

export const ordersSchema: RxJsonSchema<OrderDoc> = {
  title: 'orders',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    company_id: { type: 'number' },
    account_id: { type: 'number' },
    dealer_name: { type: 'string' },
    customer_name: { type: ['string', 'null'] },
    building_model: { type: 'string' },
    serial_number: { type: 'string' },
    order_type: { type: 'string' },
    order_status: { type: 'string' },
    building_stage: { type: 'string' },
    building_location: { type: 'string' },
    is_scheduled_for_delivery: { type: 'boolean' },
    is_built: { type: 'boolean' },
    is_rush_order: { type: 'boolean' },
    scheduled_date: { type: ['string', 'null'] },
    customer_order_id: nullableId,
    onlot_inventory_order_id: nullableId,
    inventory_move_order_id: nullableId,
    updated_at: { type: 'string' },
  },
  required: ['id', 'company_id', 'account_id', 'order_type', 'updated_at'],
};

export const ordersMigrations = {
  // v1: rows are per driver. The list is a server cache: old rows go, and the pull (whose
  // stream was renamed with this version, so it starts from scratch) brings them back owned.
  1: () => null,
};

export type OrdersCollection = RxCollection<OrderDoc>;
