// The deliver calls, the delivery certificate and the stored files (SPEC §5, §7): summaries,
// request schemas (from src/domain/delivery.ts and deliveryCalls.ts) and answers.
import { API } from '../api';
import { DeliverMoveBodySchema, DeliverOnlotBodySchema } from '../delivery';
import { CERTIFICATE_PATH, CUSTOMER_DELIVER_SCHEMAS, DELIVER_MOVE_PATH, GenerateCertificateBodySchema, type CustomerDeliverCall } from '../deliveryCalls';
import { CertificateUrlSchema, DeliverAnswerSchema, ImageFileSchema, PdfFileSchema } from './answers';
import type { EndpointSchemas } from './types';

const answer = '→ {delivery_id, order_key, date_delivered}';

/** Every deliver call's 409s: the order left the caller (issue 23, src/domain/orderHolder.ts), refused before any charge. */
const ORDER_LEFT = {
  409:
    'OrderReassigned: the order was taken from the caller; assigned_to names the driver who has it now (null: no driver). ' +
    'OrderAlreadyDelivered: delivered already; by someone else, with delivered_by (null: recorded by the office) and delivered_at. ' +
    'Either way nothing is charged. IdempotencyKeyInFlight: the same key is still running.',
} as const;

const customer = <C extends CustomerDeliverCall>(call: C) => ({
  summary: `Deliver a customer order (${call.replace('_', ' ')}) ${answer}`,
  bodySchema: CUSTOMER_DELIVER_SCHEMAS[call],
  responseSchema: DeliverAnswerSchema,
  errors: ORDER_LEFT,
});

/** Each customer deliver call's table key (its path is CUSTOMER_DELIVER[call].path). */
export const CUSTOMER_DELIVER_KEYS = {
  rto: 'POST /secure/driver/deliver_customer_order_rto',
  new_check: 'POST /secure/driver/deliver_customer_order_with_new_check',
  saved_check: 'POST /secure/driver/deliver_customer_order_with_saved_check',
  no_payment: 'POST /secure/driver/deliver_customer_order_with_no_payment',
  cash: 'POST /secure/driver/deliver_customer_order_with_cash',
  existing_card: 'POST /secure/driver/deliver_customer_order_with_existing_card',
  new_card: 'POST /secure/driver/deliver_customer_order_with_new_card',
} as const satisfies Record<CustomerDeliverCall, string>;

export const DELIVER_ENDPOINTS = {
  [`POST ${API.deliverOnlot}` as const]: {
    summary: `Deliver an on-lot inventory order ${answer}`,
    bodySchema: DeliverOnlotBodySchema,
    responseSchema: DeliverAnswerSchema,
    errors: ORDER_LEFT,
  },
  [`POST ${DELIVER_MOVE_PATH}` as const]: {
    summary: `Deliver an inventory move order ${answer}`,
    bodySchema: DeliverMoveBodySchema,
    responseSchema: DeliverAnswerSchema,
    errors: ORDER_LEFT,
  },
  [CUSTOMER_DELIVER_KEYS.rto]: customer('rto'),
  [CUSTOMER_DELIVER_KEYS.new_check]: customer('new_check'),
  [CUSTOMER_DELIVER_KEYS.saved_check]: customer('saved_check'),
  [CUSTOMER_DELIVER_KEYS.no_payment]: customer('no_payment'),
  [CUSTOMER_DELIVER_KEYS.cash]: customer('cash'),
  [CUSTOMER_DELIVER_KEYS.existing_card]: customer('existing_card'),
  [CUSTOMER_DELIVER_KEYS.new_card]: customer('new_card'),
  [`POST ${CERTIFICATE_PATH}` as const]: {
    summary: 'Render the delivery certificate of a delivered customer order → text: its download URL',
    bodySchema: GenerateCertificateBodySchema,
    responseSchema: CertificateUrlSchema,
    responseMedia: 'text/plain',
  },
  'GET /files/:name': { summary: 'A stored upload (bearer token, same company only)', responseSchema: ImageFileSchema, responseMedia: 'image/*' },
  'GET /files/certificates/:name': {
    summary: 'A delivery certificate PDF (bearer token, same company only)',
    responseSchema: PdfFileSchema,
    responseMedia: 'application/pdf',
  },
} as const satisfies Record<string, EndpointSchemas>;
