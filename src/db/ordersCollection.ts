import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { OrderListItem } from '../domain';

/** `orders`: the driver's order list (SPEC §3), one document per co-/oio-/mo- key. */
export type OrderDoc = OrderListItem;

const nullableId = { type: ['number', 'null'] } as const;

export const ordersSchema: RxJsonSchema<OrderDoc> = {
  title: 'orders',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    company_id: { type: 'number' },
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
  required: ['id', 'company_id', 'order_type', 'updated_at'],
};

// Version 0: no migrations yet. A schema change bumps `version` and adds a strategy here.
export const ordersMigrations = {};

export type OrdersCollection = RxCollection<OrderDoc>;
