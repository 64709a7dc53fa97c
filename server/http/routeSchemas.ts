// The schema registry of /openapi.json for routes whose config does not name their schemas:
// "METHOD /path" → the valibot schemas their handlers validate with (the same constants,
// imported from src/domain). Query strings parsed by hand are described by a schema here
// that matches the parser. test/integration/openapi.test.ts fails while a write route has
// no body schema in its config or here.
import * as v from 'valibot';
import {
  API, CreateOrderNoteBodySchema, DeliverOnlotBodySchema, FEATURE_FLAG_ENVIRONMENTS, LoginBodySchema, MAX_BUILDING_IMAGES,
  ORDER_API, OnlotDeliveryDetailsSchema, OnlotOrderDetailsSchema, ReassignDriverBodySchema, ScheduleCustomerOrderBodySchema,
  ScheduleMoveOrderBodySchema, ScheduleOnlotOrderBodySchema, UPLOAD_FOLDERS, UnscheduleOrderBodySchema, UploadResultSchema,
} from '../../src/domain';

export interface RouteSchemas {
  bodySchema?: v.GenericSchema;
  querySchema?: v.GenericSchema;
  headersSchema?: v.GenericSchema;
  multipartFiles?: number;
  responseSchema?: v.GenericSchema;
}

const positiveId = v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.description('A positive integer'));
const checkpoint = v.pipe(v.string(), v.maxLength(512), v.description('Opaque: base64url JSON {updated_at, id} from the previous page'));
const limit = v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.description('Page size, 1 to 1000'));

/** The pull query of DESIGN §6 (orderPull.parsePullQuery). */
export const PullQuerySchema = v.object({ checkpoint: v.optional(checkpoint), limit: v.optional(limit) });

export const ROUTE_SCHEMAS: Record<string, RouteSchemas> = {
  [`POST ${API.login}`]: { bodySchema: LoginBodySchema, responseSchema: v.pipe(v.string(), v.description('The JWT')) },
  [`POST ${API.deliverOnlot}`]: { bodySchema: DeliverOnlotBodySchema },
  [`POST ${API.upload}`]: {
    multipartFiles: MAX_BUILDING_IMAGES,
    headersSchema: v.object({ 'x-upload-folder': v.picklist(UPLOAD_FOLDERS) }),
    responseSchema: UploadResultSchema,
  },
  [`GET ${API.orderList}`]: { querySchema: PullQuerySchema },
  [`GET ${API.onlotOrderDetails}`]: {
    querySchema: v.object({ onlotInventoryOrderId: positiveId }),
    responseSchema: OnlotOrderDetailsSchema,
  },
  [`GET ${API.onlotDeliveryDetails}`]: {
    querySchema: v.object({ onlotInventoryOrderId: v.optional(positiveId), ...PullQuerySchema.entries }),
    responseSchema: v.union([OnlotDeliveryDetailsSchema, v.object({ documents: v.array(v.unknown()), checkpoint: v.unknown() })]),
  },
  [`GET ${API.companyUserIsRemoved}`]: { responseSchema: v.boolean() },
  // Orders area (server/routes/schedule.ts, customerOrders.ts, moveOrders.ts, orderMap.ts, companyReads.ts).
  [`POST ${ORDER_API.scheduleCustomer}`]: { bodySchema: ScheduleCustomerOrderBodySchema },
  [`POST ${ORDER_API.scheduleOnlot}`]: { bodySchema: ScheduleOnlotOrderBodySchema },
  [`POST ${ORDER_API.scheduleMove}`]: { bodySchema: ScheduleMoveOrderBodySchema },
  [`POST ${ORDER_API.rescheduleCustomer}`]: { bodySchema: ScheduleCustomerOrderBodySchema },
  [`POST ${ORDER_API.rescheduleOnlot}`]: { bodySchema: ScheduleOnlotOrderBodySchema },
  [`POST ${ORDER_API.rescheduleMove}`]: { bodySchema: ScheduleMoveOrderBodySchema },
  [`POST ${ORDER_API.unschedule}`]: { bodySchema: UnscheduleOrderBodySchema },
  [`POST ${ORDER_API.reassignDriver}`]: { bodySchema: ReassignDriverBodySchema },
  [`POST ${ORDER_API.createOrderNote}`]: { bodySchema: CreateOrderNoteBodySchema },
  [`GET ${ORDER_API.customerOrderDetails}`]: { querySchema: v.object({ customerOrderId: positiveId }) },
  [`GET ${ORDER_API.customerDeliveryDetails}`]: { querySchema: v.object({ customer_order_id: v.optional(positiveId), ...PullQuerySchema.entries }) },
  [`GET ${ORDER_API.moveOrderDetails}`]: { querySchema: v.object({ inventoryMoveOrderId: positiveId }) },
  [`GET ${ORDER_API.moveDeliveryDetails}`]: { querySchema: v.object({ inventoryMoveOrderId: v.optional(positiveId), ...PullQuerySchema.entries }) },
  [`GET ${ORDER_API.customerScheduleDetails}`]: { querySchema: v.object({ id: positiveId }) },
  [`GET ${ORDER_API.onlotScheduleDetails}`]: { querySchema: v.object({ id: positiveId }) },
  [`GET ${ORDER_API.moveScheduleDetails}`]: { querySchema: v.object({ id: positiveId }) },
  [`GET ${ORDER_API.savedChecks}`]: { querySchema: v.object({ 'customer-order-id': positiveId }) },
  [`GET ${ORDER_API.featureFlags}`]: { querySchema: v.object({ environment: v.optional(v.picklist(FEATURE_FLAG_ENVIRONMENTS), 'production') }) },
  [`GET ${ORDER_API.checkFeatureFlag}`]: { querySchema: v.object({ environment: v.optional(v.picklist(FEATURE_FLAG_ENVIRONMENTS), 'production') }) },
  [`GET ${API.health}`]: { responseSchema: v.object({ ok: v.literal(true) }) },
};
