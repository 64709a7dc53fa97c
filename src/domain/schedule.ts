// Orders area contract: the paths (DESIGN §6) and the bodies of the scheduling actions,
// reassign and notes (SPEC §7). Bodies are strict: a driver cannot slip in company_id,
// prices or anything else the server does not expect.
import * as v from 'valibot';
import { IdSchema, uuidv7Ms } from './ids';
import { storable } from './text';
import { timestampSchema } from './timestamps';
import type { OrderStatus } from './order';
import { byKind, ORDER_KIND_SPECS, orderRefOfFields, type OrderKind } from './orderKinds';

export * from './orderReads';

export const ORDER_API = {
  customerOrderDetails: ORDER_KIND_SPECS.customer.paths.details,
  moveOrderDetails: ORDER_KIND_SPECS.move.paths.details,
  customerDeliveryDetails: ORDER_KIND_SPECS.customer.paths.deliveryDetails,
  moveDeliveryDetails: ORDER_KIND_SPECS.move.paths.deliveryDetails,
  orderMap: '/api/driver/order-map',
  scheduleList: '/api/driver/schedule-list',
  syncVersion: '/api/driver/sync-version',
  customerScheduleDetails: ORDER_KIND_SPECS.customer.paths.scheduleDetails,
  onlotScheduleDetails: ORDER_KIND_SPECS.onlot.paths.scheduleDetails,
  moveScheduleDetails: ORDER_KIND_SPECS.move.paths.scheduleDetails,
  savedChecks: '/api/driver/saved-checks',
  companyDrivers: '/api/driver/company-drivers',
  featureFlags: '/api/feature-flags',
  checkFeatureFlag: '/api/check-feature-flag/:flag',
  scheduleCustomer: ORDER_KIND_SPECS.customer.paths.schedule,
  scheduleOnlot: ORDER_KIND_SPECS.onlot.paths.schedule,
  scheduleMove: ORDER_KIND_SPECS.move.paths.schedule,
  rescheduleCustomer: ORDER_KIND_SPECS.customer.paths.reschedule,
  rescheduleOnlot: ORDER_KIND_SPECS.onlot.paths.reschedule,
  rescheduleMove: ORDER_KIND_SPECS.move.paths.reschedule,
  unschedule: '/secure/driver/unschedule_order',
  reassignDriver: '/secure/driver/reassign_driver',
  createOrderNote: '/secure/driver/create_order_note',
} as const;

/** The id field naming each kind in bodies and answers (the kinds' registry, orderKinds.ts). */
export const ORDER_ID_FIELD = byKind((spec) => spec.idField);

/** The three id fields of an answer: this kind's holds the id, the others null (always in this order); no order, all null. */
export interface OrderIdFields {
  customer_order_id: number | null;
  onlot_inventory_order_id: number | null;
  inventory_move_order_id: number | null;
}

export function orderIdFields(kind: OrderKind | null, id: number | null): OrderIdFields {
  const fields: OrderIdFields = { customer_order_id: null, onlot_inventory_order_id: null, inventory_move_order_id: null };
  if (kind !== null && id !== null) fields[ORDER_ID_FIELD[kind]] = id;
  return fields;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A schedule may lie a little in the past (queued offline) and up to two years ahead. */
export const SCHEDULE_PAST_DAYS = 31;
export const SCHEDULE_FUTURE_DAYS = 731;
export const ORDER_NOTE_MAX = 2000;
/** The order status a scheduled order has (the server sets it; the list shows it while a schedule waits). */
export const SCHEDULED_ORDER_STATUS: OrderStatus = 'Scheduled for Delivery';

export const ScheduledDateSchema = timestampSchema(
  'scheduled_date must be an ISO timestamp with a time zone, e.g. 2026-03-02T14:00:00.000Z',
  'scheduled_date is not a real calendar date',
);

/** An outbox entry older than this is judged at the server's now, not at when it was queued. */
export const SCHEDULE_ACTION_MAX_AGE_DAYS = 30;

/**
 * When the driver scheduled: the time of the call's Idempotency-Key, which is the outbox entry's
 * UUID v7 made as the driver queued it, so the server judges the window at the instant the phone
 * did (an entry sent days later was refused on the server's clock after the phone accepted it).
 * Any other key, one from the future, or one older than SCHEDULE_ACTION_MAX_AGE_DAYS: `nowMs`.
 */
export function scheduledAtActionMs(idempotencyKey: string | undefined, nowMs: number): number {
  const made = idempotencyKey === undefined ? null : uuidv7Ms(idempotencyKey);
  return made !== null && made <= nowMs && made >= nowMs - SCHEDULE_ACTION_MAX_AGE_DAYS * DAY_MS ? made : nowMs;
}

/** Null when the date is within the window; else why not (the phone checks at queue time, the server at that same instant: scheduledAtActionMs). */
export function scheduledDateProblem(iso: string, nowMs: number): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'scheduled_date is not a valid timestamp';
  if (at < nowMs - SCHEDULE_PAST_DAYS * DAY_MS) return `scheduled_date is more than ${SCHEDULE_PAST_DAYS} days in the past`;
  if (at > nowMs + SCHEDULE_FUTURE_DAYS * DAY_MS) return 'scheduled_date is more than two years ahead';
  return null;
}

const orderId = IdSchema;

/** schedule_my_…_delivery and update_…_scheduled_date_and_time take the same body per kind. */
export const ScheduleCustomerOrderBodySchema = v.strictObject({ customer_order_id: orderId, scheduled_date: ScheduledDateSchema });
export const ScheduleOnlotOrderBodySchema = v.strictObject({ onlot_inventory_order_id: orderId, scheduled_date: ScheduledDateSchema });
export const ScheduleMoveOrderBodySchema = v.strictObject({ inventory_move_order_id: orderId, scheduled_date: ScheduledDateSchema });
export type ScheduleCustomerOrderBody = v.InferOutput<typeof ScheduleCustomerOrderBodySchema>;
export type ScheduleOnlotOrderBody = v.InferOutput<typeof ScheduleOnlotOrderBodySchema>;
export type ScheduleMoveOrderBody = v.InferOutput<typeof ScheduleMoveOrderBodySchema>;

const orderRefEntries = {
  customer_order_id: v.optional(orderId),
  onlot_inventory_order_id: v.optional(orderId),
  inventory_move_order_id: v.optional(orderId),
};
type OrderRefFields = { customer_order_id?: number; onlot_inventory_order_id?: number; inventory_move_order_id?: number };
const EXACTLY_ONE = 'Give exactly one of customer_order_id, onlot_inventory_order_id, inventory_move_order_id';
const countIds = (body: OrderRefFields): number =>
  [body.customer_order_id, body.onlot_inventory_order_id, body.inventory_move_order_id].filter((id) => id !== undefined).length;
const exactlyOne = <T extends OrderRefFields>() => v.check<T, typeof EXACTLY_ONE>((body) => countIds(body) === 1, EXACTLY_ONE);

/** unschedule_order: one order, named by its kind's id field. */
export const UnscheduleOrderBodySchema = v.pipe(v.strictObject(orderRefEntries), exactlyOne());
export type UnscheduleOrderBody = v.InferOutput<typeof UnscheduleOrderBodySchema>;

/** reassign_driver: the order and the driver (of the same company) who takes it over. */
export const ReassignDriverBodySchema = v.pipe(v.strictObject({ ...orderRefEntries, driver_id: orderId }), exactlyOne());
export type ReassignDriverBody = v.InferOutput<typeof ReassignDriverBodySchema>;

export const CreateOrderNoteBodySchema = v.pipe(
  v.strictObject({
    ...orderRefEntries,
    note: v.pipe(
      v.string(),
      v.trim(),
      storable,
      v.minLength(1, 'note must not be empty'),
      v.maxLength(ORDER_NOTE_MAX, `note must be at most ${ORDER_NOTE_MAX} characters`),
    ),
  }),
  exactlyOne(),
);
export type CreateOrderNoteBody = v.InferOutput<typeof CreateOrderNoteBodySchema>;

/** Which order a body names (exactly one id field is present once the schema passed). */
export function orderRefOfBody(body: OrderRefFields): { kind: OrderKind; id: number } {
  const ref = orderRefOfFields(body);
  if (!ref) throw new Error(EXACTLY_ONE);
  return ref;
}

/** What the schedule, reschedule and unschedule calls answer: the order's schedule now. */
export interface ScheduleActionResponse {
  id: string; // co-/oio-/mo-{id}
  customer_order_id: number | null;
  onlot_inventory_order_id: number | null;
  inventory_move_order_id: number | null;
  is_scheduled_for_delivery: boolean;
  scheduled_date: string | null;
  order_status: string;
  driver_id: number;
  updated_at: string;
}

export interface ReassignDriverResponse {
  id: string;
  driver_id: number;
  driver_name: string;
  updated_at: string;
}
