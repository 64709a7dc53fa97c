// The delivery log, its CSV export and the two stats calls (SPEC §2 delivery log screen,
// §4 category codes, §7 reads).
import type { OrderType } from '../order';
import type { HappyListResult } from '../orderReads';

/** SPEC §2 delivery-log filter values, and the order type each one means. */
export const LOG_ORDER_TYPES = ['off-lot', 'new-build', 'new-inventory', 'move-inventory'] as const;
export type LogOrderType = (typeof LOG_ORDER_TYPES)[number];

export const LOG_ORDER_TYPE_OF: Record<OrderType, LogOrderType> = {
  'off-lot inventory': 'off-lot',
  'new build': 'new-build',
  'on-lot inventory': 'new-inventory',
  'move order': 'move-inventory',
};

export function isLogOrderType(value: string): value is LogOrderType {
  return (LOG_ORDER_TYPES as readonly string[]).includes(value);
}

/** At most this many log rows are answered (newest first); the totals count them all. */
export const DELIVERY_LOG_LIMIT = 2000;

/** One delivered order in GET /api/driver/log-list. */
export interface DeliveryLogEntry {
  delivery_id: number;
  order_key: string;
  customer_order_id: number | null;
  onlot_inventory_order_id: number | null;
  inventory_move_order_id: number | null;
  order_number: string;
  order_type: OrderType;
  log_order_type: LogOrderType;
  customer_name: string | null;
  dealer_name: string;
  building_model: string;
  serial_number: string;
  delivery_address: string | null;
  date_delivered: string;
  delivery_began: string | null;
  delivery_ended: string | null;
  miles_driven: number | null;
  note: string;
  /**
   * A customer delivery's happy list as the driver left it: every item of the order's list,
   * `value` true when ticked (empty for other kinds and deliveries before migration 0016).
   * Optional: a log snapshot stored on the phone before this field has none.
   */
  happy_list_results?: HappyListResult[];
}

/**
 * GET /api/driver/log-list?startDate=YYYY-MM-DD&endDate=YYYY-MM-DD&orderTypes=… (dates are
 * days in the x-time-zone header's zone, both inclusive; orderTypes repeated or comma-joined).
 */
export interface DeliveryLogResponse {
  deliveries: DeliveryLogEntry[];
  totals: { deliveries: number; miles: number };
  filters: { startDate: string | null; endDate: string | null; orderTypes: LogOrderType[]; time_zone: string };
  truncated: boolean;
}

/** The export's columns, in order (GET /api/driver/exports/log-list, text/csv). */
export const DELIVERY_LOG_CSV_COLUMNS = [
  'Date Delivered',
  'Order Number',
  'Order Type',
  'Customer',
  'Dealer',
  'Building Model',
  'Serial Number',
  'Delivery Address',
  'Miles Driven',
  'Delivery Began',
  'Delivery Ended',
  'Note',
] as const;

export interface PeriodStats {
  deliveries: number;
  miles: number;
}

/** GET /api/driver/delivery-stats: calendar week (Monday first), month and year in the driver's zone. */
export interface DeliveryStats {
  time_zone: string;
  this_week: PeriodStats;
  this_month: PeriodStats;
  this_year: PeriodStats;
}

/**
 * SPEC §4 order category codes, each with the order-list filter key (SPEC §9) it matches.
 * Finished/unfinished read is_built; scheduled/unscheduled read is_scheduled_for_delivery.
 */
export const ORDER_CATEGORIES = [
  { code: 1, key: 'newCustomerOrder', label: 'New customer order' },
  { code: 2, key: 'onlotInventoryOrder', label: 'New inventory' },
  { code: 3, key: 'offlotCustomerOrder', label: 'Off-lot order' },
  { code: 4, key: 'scheduled', label: 'Scheduled' },
  { code: 5, key: 'unscheduled', label: 'Unscheduled' },
  { code: 6, key: 'unfinished', label: 'Unfinished' },
  { code: 7, key: 'finished', label: 'Finished' },
  { code: 8, key: 'rushOrder', label: 'Rush order' },
  { code: 9, key: 'inventoryMoveOrder', label: 'Move order' },
] as const;
export type OrderCategoryCode = (typeof ORDER_CATEGORIES)[number]['code'];
export type OrderCategoryKey = (typeof ORDER_CATEGORIES)[number]['key'];

export interface CategorisableOrder {
  order_type: OrderType;
  is_scheduled_for_delivery: boolean;
  is_built: boolean;
  is_rush_order: boolean;
}

/** The category codes one undelivered order counts under (an order counts in several). */
export function orderCategories(order: CategorisableOrder): OrderCategoryCode[] {
  const codes: OrderCategoryCode[] = [];
  if (order.order_type === 'new build') codes.push(1);
  if (order.order_type === 'on-lot inventory') codes.push(2);
  if (order.order_type === 'off-lot inventory') codes.push(3);
  codes.push(order.is_scheduled_for_delivery ? 4 : 5);
  codes.push(order.is_built ? 7 : 6);
  if (order.is_rush_order) codes.push(8);
  if (order.order_type === 'move order') codes.push(9);
  return codes.sort((a, b) => a - b);
}

/** GET /api/driver/undelivered-orders-stats. */
export interface UndeliveredOrdersStats {
  total: number;
  categories: { code: OrderCategoryCode; key: OrderCategoryKey; label: string; count: number }[];
}
