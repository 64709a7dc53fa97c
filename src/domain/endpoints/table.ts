// The endpoint table (DESIGN §6): "METHOD /path" → the valibot schemas of the request and of
// the 200 answer. The server's /openapi.json is built from it (server/http/openapi.ts; a
// route's own `config` may name its body/query schema instead, config wins), and
// test/integration/openapiAnswers.test.ts checks every real answer against it. Query strings
// are parsed by hand on the server: the schemas here describe the parsed values with the
// parsers' bounds (ids 1..MAX_ID, limit 1..PULL_LIMIT_MAX).
import * as v from 'valibot';
import { API, OnlotDeliveryDetailsSchema, OnlotOrderDetailsSchema, PULL_LIMIT_MAX, UploadResultSchema } from '../api';
import { LoginBodySchema } from '../auth';
import { DeliverOnlotBodySchema } from '../delivery';
import { MAX_BUILDING_IMAGES, UPLOAD_FOLDERS } from '../enums';
import {
  CompanyDriverSchema, CustomerDeliveryDetailsSchema, FEATURE_FLAG_ENVIRONMENTS, CustomerOrderDetailsSchema, FeatureFlagCheckSchema, FeatureFlagsSchema,
  MoveDeliveryDetailsSchema, MoveOrderDetailsSchema, OnlotOrderDetailsWithNotesSchema, OrderMapSchema, SavedCheckSchema,
  ScheduleDetailsSchema, ScheduleListItemSchema,
} from '../orderReads';
import {
  CreateOrderNoteBodySchema, ORDER_API, ReassignDriverBodySchema, ScheduleCustomerOrderBodySchema, ScheduleMoveOrderBodySchema,
  ScheduleOnlotOrderBodySchema, UnscheduleOrderBodySchema,
} from '../schedule';
import {
  CustomerDeliveryPageSchema, MoveDeliveryPageSchema, OnlotDeliveryPageSchema, OpenApiDocumentSchema, OrderListPageSchema,
  ImageFileSchema, OrderNoteAnswerSchema, ReassignAnswerSchema, ScheduleActionAnswerSchema, DeliverAnswerSchema,
  CertificateUrlSchema, PdfFileSchema,
} from './answers';
import { PAYMENT_ENDPOINTS } from './payments';
import { PROFILE_ENDPOINTS } from './profile';
import type { EndpointSchemas } from './types';

export type { EndpointSchemas } from './types';

/** Database ids are positive int4. */
export const MAX_ID = 2_147_483_647;
const positiveId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID), v.description('A positive integer'));
const checkpoint = v.pipe(v.string(), v.maxLength(512), v.description('Opaque: base64url JSON {updated_at, id} from the previous page'));
const limit = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PULL_LIMIT_MAX), v.description('Page size'));

/** The pull query of DESIGN §6 (orderPull.parsePullQuery). */
export const PullQuerySchema = v.object({ checkpoint: v.optional(checkpoint), limit: v.optional(limit) });

const details = (one: v.GenericSchema, page: v.GenericSchema) => v.union([one, page]);
const schedule = (body: v.GenericSchema): EndpointSchemas => ({ bodySchema: body, responseSchema: ScheduleActionAnswerSchema });
const deliver: EndpointSchemas = { responseSchema: DeliverAnswerSchema };
const environment = v.object({ environment: v.optional(v.picklist(FEATURE_FLAG_ENVIRONMENTS), 'production') });

export const ENDPOINTS = {
  [`GET ${API.health}` as const]: { responseSchema: v.object({ ok: v.literal(true) }) },
  [`GET ${API.openapi}` as const]: { responseSchema: OpenApiDocumentSchema },
  [`POST ${API.login}` as const]: { bodySchema: LoginBodySchema, responseSchema: v.pipe(v.string(), v.description('The JWT')) },
  [`GET ${API.companyUserIsRemoved}` as const]: { responseSchema: v.boolean() },
  [`POST ${API.upload}` as const]: {
    multipartFiles: MAX_BUILDING_IMAGES,
    headersSchema: v.object({ 'x-upload-folder': v.picklist(UPLOAD_FOLDERS) }),
    responseSchema: UploadResultSchema,
  },
  'GET /files/:name': { responseSchema: ImageFileSchema, responseMedia: 'image/*' },
  'GET /files/certificates/:name': { responseSchema: PdfFileSchema, responseMedia: 'application/pdf' },
  // Deliver calls (bodies in the routes' config, from src/domain/delivery.ts)
  [`POST ${API.deliverOnlot}` as const]: { bodySchema: DeliverOnlotBodySchema, ...deliver },
  'POST /secure/driver/deliver_inventory_move_order': deliver,
  'POST /secure/driver/deliver_customer_order_rto': deliver,
  'POST /secure/driver/deliver_customer_order_with_new_check': deliver,
  'POST /secure/driver/deliver_customer_order_with_saved_check': deliver,
  'POST /secure/driver/deliver_customer_order_with_no_payment': deliver,
  'POST /secure/driver/deliver_customer_order_with_cash': deliver,
  'POST /secure/driver/deliver_customer_order_with_existing_card': deliver,
  'POST /secure/driver/deliver_customer_order_with_new_card': deliver,
  'POST /secure/driver/generate_delivery_certificate': { responseSchema: CertificateUrlSchema, responseMedia: 'text/plain' },
  // Reads of the orders area
  [`GET ${API.orderList}` as const]: { querySchema: PullQuerySchema, responseSchema: OrderListPageSchema },
  [`GET ${API.onlotOrderDetails}` as const]: { querySchema: v.object({ onlotInventoryOrderId: positiveId }), responseSchema: v.union([OnlotOrderDetailsWithNotesSchema, OnlotOrderDetailsSchema]) },
  [`GET ${API.onlotDeliveryDetails}` as const]: {
    querySchema: v.object({ onlotInventoryOrderId: v.optional(positiveId), ...PullQuerySchema.entries }),
    responseSchema: details(OnlotDeliveryDetailsSchema, OnlotDeliveryPageSchema),
  },
  [`GET ${ORDER_API.customerOrderDetails}` as const]: { querySchema: v.object({ customerOrderId: positiveId }), responseSchema: CustomerOrderDetailsSchema },
  [`GET ${ORDER_API.customerDeliveryDetails}` as const]: {
    querySchema: v.object({ customer_order_id: v.optional(positiveId), ...PullQuerySchema.entries }),
    responseSchema: details(CustomerDeliveryDetailsSchema, CustomerDeliveryPageSchema),
  },
  [`GET ${ORDER_API.moveOrderDetails}` as const]: { querySchema: v.object({ inventoryMoveOrderId: positiveId }), responseSchema: MoveOrderDetailsSchema },
  [`GET ${ORDER_API.moveDeliveryDetails}` as const]: {
    querySchema: v.object({ inventoryMoveOrderId: v.optional(positiveId), ...PullQuerySchema.entries }),
    responseSchema: details(MoveDeliveryDetailsSchema, MoveDeliveryPageSchema),
  },
  [`GET ${ORDER_API.orderMap}` as const]: { responseSchema: OrderMapSchema },
  [`GET ${ORDER_API.scheduleList}` as const]: { responseSchema: v.array(ScheduleListItemSchema) },
  [`GET ${ORDER_API.customerScheduleDetails}` as const]: { querySchema: v.object({ id: positiveId }), responseSchema: ScheduleDetailsSchema },
  [`GET ${ORDER_API.onlotScheduleDetails}` as const]: { querySchema: v.object({ id: positiveId }), responseSchema: ScheduleDetailsSchema },
  [`GET ${ORDER_API.moveScheduleDetails}` as const]: { querySchema: v.object({ id: positiveId }), responseSchema: ScheduleDetailsSchema },
  [`GET ${ORDER_API.savedChecks}` as const]: { querySchema: v.object({ 'customer-order-id': positiveId }), responseSchema: v.array(SavedCheckSchema) },
  [`GET ${ORDER_API.companyDrivers}` as const]: { responseSchema: v.array(CompanyDriverSchema) },
  [`GET ${ORDER_API.featureFlags}` as const]: { querySchema: environment, responseSchema: FeatureFlagsSchema },
  [`GET ${ORDER_API.checkFeatureFlag}` as const]: { querySchema: environment, responseSchema: FeatureFlagCheckSchema },
  // Actions of the orders area
  [`POST ${ORDER_API.scheduleCustomer}` as const]: schedule(ScheduleCustomerOrderBodySchema),
  [`POST ${ORDER_API.scheduleOnlot}` as const]: schedule(ScheduleOnlotOrderBodySchema),
  [`POST ${ORDER_API.scheduleMove}` as const]: schedule(ScheduleMoveOrderBodySchema),
  [`POST ${ORDER_API.rescheduleCustomer}` as const]: schedule(ScheduleCustomerOrderBodySchema),
  [`POST ${ORDER_API.rescheduleOnlot}` as const]: schedule(ScheduleOnlotOrderBodySchema),
  [`POST ${ORDER_API.rescheduleMove}` as const]: schedule(ScheduleMoveOrderBodySchema),
  [`POST ${ORDER_API.unschedule}` as const]: schedule(UnscheduleOrderBodySchema),
  [`POST ${ORDER_API.reassignDriver}` as const]: { bodySchema: ReassignDriverBodySchema, responseSchema: ReassignAnswerSchema },
  [`POST ${ORDER_API.createOrderNote}` as const]: { bodySchema: CreateOrderNoteBodySchema, responseSchema: OrderNoteAnswerSchema },
  ...PAYMENT_ENDPOINTS,
  ...PROFILE_ENDPOINTS,
} as const satisfies Record<string, EndpointSchemas>;

/** The entry of "METHOD /path" (as Fastify registered it), if the table has one. */
export function endpointOf(key: string): EndpointSchemas | undefined {
  return (ENDPOINTS as Record<string, EndpointSchemas>)[key];
}

/** "METHOD /path" of every endpoint the table knows. */
export type EndpointKey = keyof typeof ENDPOINTS;

/** The 200 answer of an endpoint, as its table schema parses it. */
export type AnswerOf<K extends EndpointKey> = (typeof ENDPOINTS)[K] extends { responseSchema: infer S }
  ? S extends v.GenericSchema ? v.InferOutput<S> : unknown
  : unknown;

/** The schema a client validates an endpoint's answer with: the one /openapi.json documents. */
export function answerSchemaOf<K extends EndpointKey>(key: K): v.GenericSchema<unknown, AnswerOf<K>> {
  const entry: EndpointSchemas = ENDPOINTS[key];
  if (!entry.responseSchema) throw new Error(`${key} has no answer schema`);
  return entry.responseSchema as v.GenericSchema<unknown, AnswerOf<K>>;
}

/** `GET /api/driver/order-map` → `/api/driver/order-map`. */
export function pathOf(key: EndpointKey): string {
  return key.slice(key.indexOf(' ') + 1);
}
