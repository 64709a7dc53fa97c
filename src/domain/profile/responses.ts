// Schemas of the profile area's answers the phone stores as snapshots (DESIGN §4 `cache`):
// a snapshot is written only after its answer validates, so a screen never reads a shape it
// does not know. Their outputs are the interfaces the server answers with.
import * as v from 'valibot';
import { ORDER_TYPES } from '../order';
import { HappyListResultSchema } from '../orderReads';
import { LOG_ORDER_TYPES, ORDER_CATEGORIES, type DeliveryLogResponse, type DeliveryStats, type UndeliveredOrdersStats } from './deliveryLog';
import type { DriverSettings } from './settings';

const id = v.nullable(v.number());
const text = v.string();
const nullableText = v.nullable(v.string());
const count = v.pipe(v.number(), v.finite());

export const DeliveryLogResponseSchema: v.GenericSchema<unknown, DeliveryLogResponse> = v.object({
  deliveries: v.array(
    v.object({
      delivery_id: v.number(),
      order_key: text,
      customer_order_id: id,
      onlot_inventory_order_id: id,
      inventory_move_order_id: id,
      order_number: text,
      order_type: v.picklist(ORDER_TYPES),
      log_order_type: v.picklist(LOG_ORDER_TYPES),
      customer_name: nullableText,
      dealer_name: text,
      building_model: text,
      serial_number: text,
      delivery_address: nullableText,
      date_delivered: text,
      delivery_began: nullableText,
      delivery_ended: nullableText,
      miles_driven: v.nullable(count),
      note: text,
      happy_list_results: v.optional(v.array(HappyListResultSchema)),
    }),
  ),
  totals: v.object({ deliveries: count, miles: count }),
  filters: v.object({
    startDate: nullableText,
    endDate: nullableText,
    orderTypes: v.array(v.picklist(LOG_ORDER_TYPES)),
    time_zone: text,
  }),
  truncated: v.boolean(),
});

const period = v.object({ deliveries: count, miles: count });

export const DeliveryStatsSchema: v.GenericSchema<unknown, DeliveryStats> = v.object({
  time_zone: text,
  this_week: period,
  this_month: period,
  this_year: period,
});

const CODES = ORDER_CATEGORIES.map((c) => c.code);
const KEYS = ORDER_CATEGORIES.map((c) => c.key);

export const UndeliveredOrdersStatsSchema: v.GenericSchema<unknown, UndeliveredOrdersStats> = v.object({
  total: count,
  categories: v.array(
    v.object({
      code: v.picklist(CODES),
      key: v.picklist(KEYS),
      label: text,
      count,
    }),
  ),
});

export const DriverSettingsSchema: v.GenericSchema<unknown, DriverSettings> = v.object({
  first_name: text,
  last_name: text,
  phone_number: nullableText,
  email: text,
  profile_image_attributes: v.nullable(
    v.object({
      guid: v.pipe(v.string(), v.uuid()),
      mime_type: text,
      extension: v.picklist(['jpg', 'jpeg', 'png']),
      download_urls: v.array(text),
    }),
  ),
  email_notifications_new_order_assigned: v.boolean(),
  email_notifications_order_reassigned: v.boolean(),
  email_notifications_order_finished_at_shop: v.boolean(),
});

/** The `delivery-log` snapshot: the last log the driver saw, with the filters it answered. */
export interface DeliveryLogSnapshot {
  filters: import('./logFilters').LogFilters;
  log: DeliveryLogResponse;
}

/** The `delivery-stats` snapshot: both stats reads of the log screen. */
export interface DeliveryStatsSnapshot {
  stats: DeliveryStats;
  undelivered: UndeliveredOrdersStats;
}
