import * as v from 'valibot';
import { kindWhere, type OrderKind } from './orderKinds';

/** SPEC §3 order_type values. */
export const ORDER_TYPES = ['new build', 'off-lot inventory', 'on-lot inventory', 'move order'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Each order_type's kind, as the kinds' registry lists their types (every type has one: unit-tested). */
export const ORDER_KIND_OF_TYPE = Object.fromEntries(
  ORDER_TYPES.map((type) => [type, kindWhere((spec) => (spec.orderTypes as readonly string[]).includes(type))]),
) as Record<OrderType, OrderKind>;

/**
 * SPEC §3 order_status values: every one the server writes (migration 0019 holds the column to
 * them). The order list carries them as text, so a value a newer server adds is shown as sent.
 */
export const ORDER_STATUSES = ['In Production', 'Ready for Delivery', 'Scheduled for Delivery', 'Delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** SPEC §3 building_stage values, from the shop's first step to a built shed (migration 0019). */
export const BUILDING_STAGES = ['Not Started', 'Framing', 'Roofing', 'Siding', 'Painting', 'Trim', 'Built'] as const;
export type BuildingStage = (typeof BUILDING_STAGES)[number];

/** An order that is not scheduled: ready once built, else still in production. */
export function unscheduledStatus(isBuilt: boolean): OrderStatus {
  return isBuilt ? 'Ready for Delivery' : 'In Production';
}

const enumerated = (values: readonly string[]) =>
  v.pipe(v.string(), v.description(`One of: ${values.join(', ')} (a value this build does not know is shown as sent)`));
/** order_status on the wire: text, documented with its values. */
export const OrderStatusTextSchema = enumerated(ORDER_STATUSES);
/** building_stage on the wire: text, documented with its values. */
export const BuildingStageTextSchema = enumerated(BUILDING_STAGES);

const nullableId = v.nullable(v.number());

/** One row of the driver's order list (SPEC §3), as pulled from the server. */
export const OrderListItemSchema = v.object({
  id: v.string(), // co-{id}, oio-{id}, mo-{id}
  company_id: v.number(),
  dealer_name: v.string(),
  customer_name: v.nullable(v.string()),
  building_model: v.string(),
  serial_number: v.string(),
  order_type: v.picklist(ORDER_TYPES),
  order_status: OrderStatusTextSchema,
  building_stage: BuildingStageTextSchema,
  building_location: v.string(),
  is_scheduled_for_delivery: v.boolean(),
  is_built: v.boolean(),
  is_rush_order: v.boolean(),
  scheduled_date: v.nullable(v.string()),
  customer_order_id: nullableId,
  onlot_inventory_order_id: nullableId,
  inventory_move_order_id: nullableId,
  updated_at: v.string(),
});
export type OrderListItem = v.InferOutput<typeof OrderListItemSchema>;

/** A pulled document is either a live row or a tombstone (delivered, reassigned, cancelled). */
export type Pulled<T> = (T & { _deleted: false }) | { id: string; updated_at: string; _deleted: true };

export interface Checkpoint {
  updated_at: string;
  id: string;
}

export interface PullResponse<T> {
  documents: Pulled<T>[];
  checkpoint: Checkpoint | null;
  /**
   * On a pull without a checkpoint whose first page is full: how many live orders the driver
   * has in all, so a first sign-in can say "1,200 of 10,000 orders".
   */
  total?: number;
}

/** SPEC §3: any field ending in _id that arrives as the string "null" becomes a real null. */
export function normalizeNullIds<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(out)) {
    if (key.endsWith('_id') && value === 'null') out[key] = null;
  }
  return out as T;
}
