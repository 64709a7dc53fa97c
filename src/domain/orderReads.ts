// Responses of the order read calls (SPEC §3, §7; DESIGN §6): order details, delivery
// details of customer and move orders, order map, schedule list/details, saved checks,
// company drivers and feature flags. Money travels as a decimal string ("1234.50").
import * as v from 'valibot';
import { InventoryDeliveryEntries, OnlotOrderDetailsSchema, OrderCoreEntries } from './api';
import { BuildingStageTextSchema, OrderListItemSchema, OrderStatusTextSchema } from './order';

export const FEATURE_FLAG_ENVIRONMENTS = ['production', 'master', 'branch'] as const;
export type FeatureFlagEnvironment = (typeof FEATURE_FLAG_ENVIRONMENTS)[number];
/** The flag SPEC §6 names; delivery details carry it as payments_v2. */
export const PAYMENTS_V2_FLAG = 'payments_v2';

export const SURVEY_QUESTION_TYPES = ['YESNO', 'TEXT'] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

const coordinates = v.object({ lat: v.number(), lon: v.number() });
const nullableString = v.nullable(v.string());
/** A non-negative amount with two decimals, e.g. "0.00", "1234.50". */
export const MoneySchema = v.pipe(v.string(), v.regex(/^\d+\.\d{2}$/));

export const OrderNoteSchema = v.object({
  id: v.number(),
  order_key: v.string(), // co-/oio-/mo-{id}
  note: v.string(),
  author_name: v.string(),
  created_at: v.string(),
});
export type OrderNote = v.InferOutput<typeof OrderNoteSchema>;

export const DealerSummarySchema = OrderCoreEntries.dealer;

/** Fields every order details answer shares. */
const orderDetailsCommon = {
  ...OrderCoreEntries,
  notes: v.array(OrderNoteSchema),
};

/** GET /api/driver/onlot-inventory-order-details answers its details plus the order's notes. */
export const OnlotOrderDetailsWithNotesSchema = v.object({ ...OnlotOrderDetailsSchema.entries, notes: v.array(OrderNoteSchema) });
export type OnlotOrderDetailsWithNotes = v.InferOutput<typeof OnlotOrderDetailsWithNotesSchema>;

/** GET /api/driver/customer-order-details?customerOrderId= */
export const CustomerOrderDetailsSchema = v.object({
  ...orderDetailsCommon,
  customer_order_id: v.number(),
  order_type: v.picklist(['new build', 'off-lot inventory']),
  is_rto: v.boolean(),
  customer: v.object({ first_name: nullableString, last_name: nullableString, phone: nullableString, email: nullableString }),
  name_on_order: v.string(),
  delivery_address: nullableString,
  delivery_address_coordinates: coordinates,
  remaining_balance: MoneySchema,
});
export type CustomerOrderDetails = v.InferOutput<typeof CustomerOrderDetailsSchema>;

/** GET /api/driver/inventory-move-order-details?inventoryMoveOrderId= (dealer = destination). */
export const MoveOrderDetailsSchema = v.object({
  ...orderDetailsCommon,
  inventory_move_order_id: v.number(),
  order_type: v.literal('move order'),
});
export type MoveOrderDetails = v.InferOutput<typeof MoveOrderDetailsSchema>;

export const BillingAddressSchema = v.object({
  street_address_one: v.string(),
  street_address_two: nullableString,
  city: v.string(),
  state: v.string(),
  zip: v.string(),
});
/** SPEC §3: each happy-list item arrives as {item, text, value: true}. */
export const HappyListResultSchema = v.object({ item: v.string(), text: v.string(), value: v.boolean() });
export type HappyListResult = v.InferOutput<typeof HappyListResultSchema>;
/** A card saved with the processor: never a PAN, only what identifies it to the driver. */
export const SavedCardSchema = v.object({
  card_profile_id: v.string(),
  last_four: v.string(),
  brand: v.string(),
  exp_month: v.number(),
  exp_year: v.number(),
});
export const SurveyQuestionSchema = v.object({ id: v.number(), question: v.string(), type: v.picklist(SURVEY_QUESTION_TYPES) });
export type SurveyQuestion = v.InferOutput<typeof SurveyQuestionSchema>;

/** GET /api/driver/customer-order-delivery-details: every field SPEC §3 lists, plus keys. */
export const CustomerDeliveryDetailsSchema = v.object({
  id: v.string(), // co-{id}
  company_id: v.number(),
  companyId: v.number(), // SPEC §3 names it so; equal to company_id
  customer_order_id: v.number(),
  customer_first_name: nullableString,
  customer_last_name: nullableString,
  customer_phone: nullableString,
  customer_email: nullableString,
  order_number: v.string(),
  billing_address: v.nullable(BillingAddressSchema),
  name_on_order: v.string(),
  is_rto: v.boolean(),
  rto_company_name: nullableString,
  serial_number: v.string(),
  building_name: v.string(),
  delivery_address: nullableString,
  delivery_address_coordinates: coordinates,
  remaining_balance: MoneySchema,
  happy_list_results: v.array(HappyListResultSchema),
  customer_card_list: v.array(SavedCardSchema),
  payment_processor_config: v.nullable(v.object({ payment_processing_account_id: v.string() })),
  payments_v2: v.boolean(),
  driver_delivery_survey_questions: v.array(SurveyQuestionSchema),
  updated_at: v.string(),
});
export type CustomerDeliveryDetails = v.InferOutput<typeof CustomerDeliveryDetailsSchema>;

/** Move orders (SPEC §3): customer fields null, amount "0", the dealership as name on order. */
export const MoveDeliveryDetailsSchema = v.object({
  id: v.string(), // mo-{id}
  company_id: v.number(),
  inventory_move_order_id: v.number(),
  ...InventoryDeliveryEntries,
});
export type MoveDeliveryDetails = v.InferOutput<typeof MoveDeliveryDetailsSchema>;

/**
 * GET /api/driver/order-map: the driver's live orders with a position, dealers and shops, and
 * the online basemap's style URL (the server's MAP_STYLE_URL; null: only the shipped basemap;
 * absent in a snapshot stored before the server said).
 */
export const OrderMapSchema = v.object({
  orders: v.array(v.object({ ...OrderListItemSchema.entries, delivery_address: nullableString, coordinates })),
  dealers: v.array(v.object({ id: v.number(), dealership_name: v.string(), address: v.string(), coordinates })),
  shops: v.array(v.object({ id: v.number(), shop_name: v.string(), address: v.string(), coordinates })),
  basemap_style_url: v.optional(v.nullable(v.string())),
});
export type OrderMap = v.InferOutput<typeof OrderMapSchema>;

/** GET /api/driver/schedule-list: the driver's scheduled live orders, soonest first. */
export const ScheduleListItemSchema = v.object({
  id: v.string(),
  order_type: OrderListItemSchema.entries.order_type,
  customer_order_id: v.nullable(v.number()),
  onlot_inventory_order_id: v.nullable(v.number()),
  inventory_move_order_id: v.nullable(v.number()),
  order_number: v.string(),
  order_status: OrderStatusTextSchema,
  building_model: v.string(),
  serial_number: v.string(),
  customer_name: nullableString,
  dealer_name: v.string(),
  destination_address: v.string(),
  coordinates,
  is_built: v.boolean(),
  is_rush_order: v.boolean(),
  is_scheduled_for_delivery: v.boolean(),
  scheduled_date: nullableString,
  updated_at: v.string(),
});
export type ScheduleListItem = v.InferOutput<typeof ScheduleListItemSchema>;

/** GET /api/driver/{kind}-schedule-details?id=: one of the driver's orders, scheduled or not. */
export const ScheduleDetailsSchema = v.object({
  ...ScheduleListItemSchema.entries,
  building_stage: BuildingStageTextSchema,
  building_location: v.string(),
  customer_phone: nullableString,
  driver: v.nullable(v.object({ id: v.number(), name: v.string() })),
  notes: v.array(OrderNoteSchema),
});
export type ScheduleDetails = v.InferOutput<typeof ScheduleDetailsSchema>;

/** GET /api/driver/saved-checks?customer-order-id=: never a full account number. */
export const SavedCheckSchema = v.object({
  id: v.number(),
  customer_order_id: v.number(),
  name: v.string(),
  bank_name: v.string(),
  account_last_four: v.string(),
  created_at: v.string(),
});
export type SavedCheck = v.InferOutput<typeof SavedCheckSchema>;

/** GET /api/driver/company-drivers: who an order can be reassigned to. */
export const CompanyDriverSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  name: v.string(),
  phone: nullableString,
  is_self: v.boolean(),
});
export type CompanyDriver = v.InferOutput<typeof CompanyDriverSchema>;

/** GET /api/feature-flags?environment= (default production). */
export const FeatureFlagsSchema = v.object({
  environment: v.picklist(FEATURE_FLAG_ENVIRONMENTS),
  flags: v.array(v.object({ name: v.string(), turned_on: v.boolean() })),
});
export type FeatureFlags = v.InferOutput<typeof FeatureFlagsSchema>;

/** GET /api/check-feature-flag/{flag}?environment=: an unknown flag is off. */
export const FeatureFlagCheckSchema = v.object({ turned_on: v.boolean() });
export type FeatureFlagCheck = v.InferOutput<typeof FeatureFlagCheckSchema>;
export const FEATURE_FLAG_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * GET /api/driver/sync-version: one value that moves whenever anything a sync run pulls would
 * answer differently (the order list and delivery details, the map, the schedule, the
 * notifications, the company's contact and drivers, the feature flags). Also sent as the ETag:
 * with If-None-Match of the current one the answer is 304 with no body.
 */
export const SyncVersionSchema = v.object({ version: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });
export type SyncVersion = v.InferOutput<typeof SyncVersionSchema>;

/** The `feature-flags` snapshot on the phone: each flag the app reads, for the environment it asked about. */
export interface FeatureFlagsSnapshot {
  environment: FeatureFlagEnvironment;
  flags: Record<string, boolean>;
}
