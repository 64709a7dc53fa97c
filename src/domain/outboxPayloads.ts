// The payloads the outbox queues (DESIGN §5): each deliver call's body without what the
// upload steps fill in (image records). Versioned: an entry records the payload version it
// was validated at, and a kind upgrades older payloads or refuses them before sending.
import * as v from 'valibot';
import { DeliverMoveBodySchema, DeliverOnlotBodySchema } from './delivery';
import { CUSTOMER_DELIVER_SCHEMAS, type CustomerDeliverCall } from './deliveryCalls';
import type { OrderKind } from './orderId';
import {
  CreateOrderNoteBodySchema,
  ReassignDriverBodySchema,
  ScheduleCustomerOrderBodySchema,
  ScheduleMoveOrderBodySchema,
  ScheduleOnlotOrderBodySchema,
  UnscheduleOrderBodySchema,
  type ScheduleCustomerOrderBody,
  type ScheduleMoveOrderBody,
  type ScheduleOnlotOrderBody,
} from './schedule';

const IMAGE_FIELDS = [
  'building_images',
  'signature_guid',
  'signature_mimetype',
  'signature_extension',
  'signature_url',
  'check_guid',
  'check_mimetype',
  'check_extension',
  'check_url',
] as const;

export const DeliverOnlotPayloadSchema = v.omit(DeliverOnlotBodySchema, ['building_images']);
export type DeliverOnlotPayload = v.InferOutput<typeof DeliverOnlotPayloadSchema>;

export const DeliverMovePayloadSchema = v.omit(DeliverMoveBodySchema, ['building_images']);
export type DeliverMovePayload = v.InferOutput<typeof DeliverMovePayloadSchema>;

/** A customer deliver call's payload: the common fields plus its payment extras. */
export type CustomerDeliverPayload = Record<string, unknown> & {
  customer_order_id: number;
  date_delivered: string;
  signature_from?: 'customer' | 'driver' | null;
};

function customerPayload(call: CustomerDeliverCall): v.GenericSchema<unknown, CustomerDeliverPayload> {
  const schema = CUSTOMER_DELIVER_SCHEMAS[call] as unknown as v.StrictObjectSchema<v.ObjectEntries, undefined>;
  const omit = IMAGE_FIELDS.filter((field) => field in schema.entries);
  return v.omit(schema, omit as unknown as [string, ...string[]]) as unknown as v.GenericSchema<unknown, CustomerDeliverPayload>;
}

/** Per customer deliver call: its body without image records. */
export const CUSTOMER_PAYLOAD_SCHEMAS = {
  rto: customerPayload('rto'),
  new_check: customerPayload('new_check'),
  saved_check: customerPayload('saved_check'),
  no_payment: customerPayload('no_payment'),
  cash: customerPayload('cash'),
  existing_card: customerPayload('existing_card'),
  new_card: customerPayload('new_card'),
} as const;

/** SPEC §9: the wait before the certificate and each email after a delivery. */
export const FOLLOWUP_WAIT_MS = 7000;

// Order actions (SPEC §7): the queued payload is exactly the server's body, nothing to upload.

/** Schedule and reschedule take the same body per order kind. */
export const SCHEDULE_PAYLOAD_SCHEMAS = {
  customer: ScheduleCustomerOrderBodySchema,
  onlot: ScheduleOnlotOrderBodySchema,
  move: ScheduleMoveOrderBodySchema,
} as const satisfies Record<OrderKind, unknown>;
export type SchedulePayload = ScheduleCustomerOrderBody | ScheduleOnlotOrderBody | ScheduleMoveOrderBody;

/** The SPEC §8 failure each schedule action reports; its path per kind is the kind's `paths[action]` (orderKinds.ts). */
export const SCHEDULE_CALLS = {
  schedule: { failure: 'FailedToScheduleDelivery' },
  reschedule: { failure: 'FailedToRescheduleDelivery' },
} as const;
export type ScheduleAction = keyof typeof SCHEDULE_CALLS;

export const UnschedulePayloadSchema = UnscheduleOrderBodySchema;
export const ReassignPayloadSchema = ReassignDriverBodySchema;
export const OrderNotePayloadSchema = CreateOrderNoteBodySchema;
