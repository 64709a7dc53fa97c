// The endpoint table (DESIGN §6): "METHOD /path" → the summary and the valibot schemas of the
// request and of the 200 answer (areas in deliver.ts, payments.ts, profile.ts). The server's
// /openapi.json is built from it alone (server/http/openapi.ts; a route's `config` names no
// schema or summary), and test/integration/openapiAnswers.test.ts checks every real answer
// against it. The registrar (server/http/registrar.ts) parses query strings with these schemas;
// their messages are the refusals' words after the parameter's name (ids 1..MAX_ID, limit
// 1..PULL_LIMIT_MAX).
import * as v from 'valibot';
import { idSchema } from '../ids';
import { API, OnlotDeliveryDetailsSchema, OnlotOrderDetailsSchema, PULL_LIMIT_MAX, UploadResultSchema } from '../api';
import { LoginBodySchema } from '../auth';
import { MAX_BUILDING_IMAGES } from '../enums';
import {
  CompanyDriverSchema,
  CustomerDeliveryDetailsSchema,
  FEATURE_FLAG_ENVIRONMENTS,
  CustomerOrderDetailsSchema,
  FeatureFlagCheckSchema,
  FeatureFlagsSchema,
  MoveDeliveryDetailsSchema,
  MoveOrderDetailsSchema,
  OnlotOrderDetailsWithNotesSchema,
  OrderMapSchema,
  SavedCheckSchema,
  ScheduleDetailsSchema,
  ScheduleListItemSchema,
  SyncVersionSchema,
} from '../orderReads';
import {
  CreateOrderNoteBodySchema,
  ORDER_API,
  ReassignDriverBodySchema,
  ScheduleCustomerOrderBodySchema,
  ScheduleMoveOrderBodySchema,
  ScheduleOnlotOrderBodySchema,
  UnscheduleOrderBodySchema,
} from '../schedule';
import {
  CustomerDeliveryPageSchema,
  MoveDeliveryPageSchema,
  OnlotDeliveryPageSchema,
  OpenApiDocumentSchema,
  OrderListPageSchema,
  OrderNoteAnswerSchema,
  ReassignAnswerSchema,
  ScheduleActionAnswerSchema,
} from './answers';
import { DELIVER_ENDPOINTS } from './deliver';
import { SIGN_IN_REFUSALS, UPLOADS_LIMITED } from './limits';
import { PAYMENT_ENDPOINTS } from './payments';
import { PROFILE_ENDPOINTS } from './profile';
import { UPLOAD_ENDPOINTS, UploadHeadersSchema } from './uploads';
import { UNSENT_REPORT_API, UnsentReportAnswerSchema, UnsentReportBodySchema } from '../unsentReport';
import type { EndpointSchemas } from './types';

export type { EndpointSchemas } from './types';

/** A bad query id's refusal, after its name: "customerOrderId must be a positive integer". */
export const ID_QUERY_MESSAGE = 'must be a positive integer';
/** Database ids are positive int4. */
const positiveId = v.pipe(idSchema(ID_QUERY_MESSAGE), v.description('A positive integer'));
/** A query of one required id; a missing one is refused in the same words (valibot takes a missing key's message from the object). */
const idQuery = <N extends string>(name: N) => v.object({ [name]: positiveId } as Record<N, typeof positiveId>, ID_QUERY_MESSAGE);
const badCheckpoint = 'is not valid';
const checkpoint = v.pipe(
  v.string(badCheckpoint),
  v.maxLength(512, badCheckpoint),
  v.description('Opaque: base64url JSON {updated_at, id} from the previous page'),
);
const badLimit = `must be 1 to ${PULL_LIMIT_MAX}`;
const limit = v.pipe(v.number(badLimit), v.integer(badLimit), v.minValue(1, badLimit), v.maxValue(PULL_LIMIT_MAX, badLimit), v.description('Page size'));

/** The pull query of DESIGN §6 (services/orderPull.ts decodes the checkpoint). */
export const PullQuerySchema = v.object({ checkpoint: v.optional(checkpoint), limit: v.optional(limit) });

const details = (one: v.GenericSchema, page: v.GenericSchema) => v.union([one, page]);
const scheduleAnswer = { responseSchema: ScheduleActionAnswerSchema } as const;
const schedule = (kind: string) => `Schedule a ${kind} order's delivery for the caller: {<kind>_id, scheduled_date}`;
const reschedule = (kind: string) => `Reschedule one of the caller's scheduled ${kind} orders: {<kind>_id, scheduled_date}`;
const scheduleDetails = (kind: string) => `Schedule details of one of the driver's ${kind} orders: ?id=N`;
const environment = v.object({
  environment: v.optional(v.picklist(FEATURE_FLAG_ENVIRONMENTS, `must be one of ${FEATURE_FLAG_ENVIRONMENTS.join(', ')}`), 'production'),
});

export const ENDPOINTS = {
  [`GET ${API.health}` as const]: { summary: 'Liveness probe', responseSchema: v.object({ ok: v.literal(true) }) },
  [`GET ${API.openapi}` as const]: { summary: 'This document', responseSchema: OpenApiDocumentSchema },
  [`POST ${API.login}` as const]: {
    summary: 'Sign in: answers the JWT as a JSON string; 401 text "Invalid email or password"; 429 past the per-address or per-account limit',
    bodySchema: LoginBodySchema,
    responseSchema: v.pipe(v.string(), v.description('The JWT')),
    errors: SIGN_IN_REFUSALS,
  },
  [`GET ${API.companyUserIsRemoved}` as const]: { summary: 'True when the signed-in account was removed from its company', responseSchema: v.boolean() },
  [`POST ${API.upload}` as const]: {
    summary:
      'Upload images (multipart file-0…, header x-upload-folder; x-photo-type and, but for a profile image, x-order-id: NoPhotoTypeSet, NoOrderIdFound) → [{path, mimetype}]',
    multipartFiles: MAX_BUILDING_IMAGES,
    headersSchema: UploadHeadersSchema,
    responseSchema: UploadResultSchema,
    errors: UPLOADS_LIMITED,
  },
  ...UPLOAD_ENDPOINTS,
  // Reads of the orders area
  [`GET ${API.orderList}` as const]: {
    summary: 'Order list pull: ?checkpoint=<base64url JSON {updated_at,id}>&limit= → {documents, checkpoint}',
    querySchema: PullQuerySchema,
    responseSchema: OrderListPageSchema,
  },
  [`GET ${API.onlotOrderDetails}` as const]: {
    summary: 'On-lot order details: ?onlotInventoryOrderId=N',
    querySchema: idQuery('onlotInventoryOrderId'),
    responseSchema: v.union([OnlotOrderDetailsWithNotesSchema, OnlotOrderDetailsSchema]),
  },
  [`GET ${API.onlotDeliveryDetails}` as const]: {
    summary: 'On-lot delivery details: ?onlotInventoryOrderId=N, or a pull with ?checkpoint=&limit=',
    querySchema: v.object({ onlotInventoryOrderId: v.optional(positiveId), ...PullQuerySchema.entries }),
    responseSchema: details(OnlotDeliveryDetailsSchema, OnlotDeliveryPageSchema),
  },
  [`GET ${ORDER_API.customerOrderDetails}` as const]: {
    summary: 'Customer order details: ?customerOrderId=N',
    querySchema: idQuery('customerOrderId'),
    responseSchema: CustomerOrderDetailsSchema,
  },
  [`GET ${ORDER_API.customerDeliveryDetails}` as const]: {
    summary: 'Customer order delivery details (SPEC §3): ?customer_order_id=N, or a pull with ?checkpoint=&limit=',
    querySchema: v.object({ customer_order_id: v.optional(positiveId), ...PullQuerySchema.entries }),
    responseSchema: details(CustomerDeliveryDetailsSchema, CustomerDeliveryPageSchema),
  },
  [`GET ${ORDER_API.moveOrderDetails}` as const]: {
    summary: 'Inventory move order details: ?inventoryMoveOrderId=N',
    querySchema: idQuery('inventoryMoveOrderId'),
    responseSchema: MoveOrderDetailsSchema,
  },
  [`GET ${ORDER_API.moveDeliveryDetails}` as const]: {
    summary: 'Move order delivery details: ?inventoryMoveOrderId=N, or a pull with ?checkpoint=&limit=',
    querySchema: v.object({ inventoryMoveOrderId: v.optional(positiveId), ...PullQuerySchema.entries }),
    responseSchema: details(MoveDeliveryDetailsSchema, MoveDeliveryPageSchema),
  },
  [`GET ${ORDER_API.orderMap}` as const]: {
    summary: "Order map: the driver's live orders with coordinates, the company's dealers and shops",
    responseSchema: OrderMapSchema,
  },
  [`GET ${ORDER_API.scheduleList}` as const]: { summary: "The driver's scheduled live orders, soonest first", responseSchema: v.array(ScheduleListItemSchema) },
  [`GET ${ORDER_API.syncVersion}` as const]: {
    summary:
      "What a sync run pulls, as one version: {version}, also the ETag; with If-None-Match of the current one, 304 and no body (nothing new). ?environment= as the feature flags' (default production)",
    querySchema: environment,
    responseSchema: SyncVersionSchema,
  },
  [`GET ${ORDER_API.customerScheduleDetails}` as const]: {
    summary: scheduleDetails('customer'),
    querySchema: idQuery('id'),
    responseSchema: ScheduleDetailsSchema,
  },
  [`GET ${ORDER_API.onlotScheduleDetails}` as const]: { summary: scheduleDetails('onlot'), querySchema: idQuery('id'), responseSchema: ScheduleDetailsSchema },
  [`GET ${ORDER_API.moveScheduleDetails}` as const]: { summary: scheduleDetails('move'), querySchema: idQuery('id'), responseSchema: ScheduleDetailsSchema },
  [`GET ${ORDER_API.savedChecks}` as const]: {
    summary: "Saved checks of one of the driver's customer orders: ?customer-order-id=N",
    querySchema: idQuery('customer-order-id'),
    responseSchema: v.array(SavedCheckSchema),
  },
  [`GET ${ORDER_API.companyDrivers}` as const]: {
    summary: "The company's active drivers (reassign targets), the caller marked is_self",
    responseSchema: v.array(CompanyDriverSchema),
  },
  [`GET ${ORDER_API.featureFlags}` as const]: {
    summary: "The company's feature flags: ?environment=production|master|branch (default production)",
    querySchema: environment,
    responseSchema: FeatureFlagsSchema,
  },
  [`GET ${ORDER_API.checkFeatureFlag}` as const]: {
    summary: 'One feature flag: {turned_on}; an unknown flag is off',
    querySchema: environment,
    responseSchema: FeatureFlagCheckSchema,
  },
  [`POST ${UNSENT_REPORT_API.report}` as const]: {
    summary:
      "What this phone holds unsent {device_id, first, unsent, entries (≤ 100)}, remembered per account and phone → {lost}: on a new phone database's first report, what the account's other phones last reported and the server never received (then the office is notified, once); else null",
    bodySchema: UnsentReportBodySchema,
    responseSchema: UnsentReportAnswerSchema,
  },
  // Actions of the orders area
  [`POST ${ORDER_API.scheduleCustomer}` as const]: { summary: schedule('customer'), bodySchema: ScheduleCustomerOrderBodySchema, ...scheduleAnswer },
  [`POST ${ORDER_API.scheduleOnlot}` as const]: { summary: schedule('onlot'), bodySchema: ScheduleOnlotOrderBodySchema, ...scheduleAnswer },
  [`POST ${ORDER_API.scheduleMove}` as const]: { summary: schedule('move'), bodySchema: ScheduleMoveOrderBodySchema, ...scheduleAnswer },
  [`POST ${ORDER_API.rescheduleCustomer}` as const]: { summary: reschedule('customer'), bodySchema: ScheduleCustomerOrderBodySchema, ...scheduleAnswer },
  [`POST ${ORDER_API.rescheduleOnlot}` as const]: { summary: reschedule('onlot'), bodySchema: ScheduleOnlotOrderBodySchema, ...scheduleAnswer },
  [`POST ${ORDER_API.rescheduleMove}` as const]: { summary: reschedule('move'), bodySchema: ScheduleMoveOrderBodySchema, ...scheduleAnswer },
  [`POST ${ORDER_API.unschedule}` as const]: {
    summary: "Unschedule one of the caller's orders: exactly one of the three order id fields",
    bodySchema: UnscheduleOrderBodySchema,
    ...scheduleAnswer,
  },
  [`POST ${ORDER_API.reassignDriver}` as const]: {
    summary: "Hand one of the caller's orders to another driver of the company: {<kind>_id, driver_id}",
    bodySchema: ReassignDriverBodySchema,
    responseSchema: ReassignAnswerSchema,
  },
  [`POST ${ORDER_API.createOrderNote}` as const]: {
    summary: "Add a note to one of the caller's orders: {<kind>_id, note}",
    bodySchema: CreateOrderNoteBodySchema,
    responseSchema: OrderNoteAnswerSchema,
  },
  ...DELIVER_ENDPOINTS,
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
  ? S extends v.GenericSchema
    ? v.InferOutput<S>
    : unknown
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

type RequestField = 'bodySchema' | 'querySchema' | 'headersSchema';

/** The endpoints whose entry names `F` (a key without it does not compile). */
type KeyWith<F extends RequestField> = { [K in EndpointKey]: (typeof ENDPOINTS)[K] extends Record<F, unknown> ? K : never }[EndpointKey];

/** The request schema a route validates with, read from its entry: the one /openapi.json documents. */
export function requestSchemaOf<F extends RequestField, K extends KeyWith<F>>(key: K, field: F): (typeof ENDPOINTS)[K] extends Record<F, infer S> ? S : never {
  const schema = (ENDPOINTS[key] as EndpointSchemas)[field];
  if (!schema) throw new Error(`${key} has no ${field}`);
  return schema as never;
}
