// The customer-order and move-order deliver calls and the delivery certificate (SPEC §7,
// DESIGN §6): paths, the SPEC §8 identifier each call fails with, the facts the SPEC §5
// rules read from a body, and money parsing. Pure: shared by the server and the worker.
import * as v from 'valibot';
import { IdSchema } from './ids';
import {
  DeliverCustomerCashBodySchema,
  DeliverCustomerExistingCardBodySchema,
  DeliverCustomerNewCardBodySchema,
  DeliverCustomerNewCheckBodySchema,
  DeliverCustomerNoPaymentBodySchema,
  DeliverCustomerRtoBodySchema,
  DeliverCustomerSavedCheckBodySchema,
  type DeliverCustomerExistingCardBody,
  type DeliverCustomerNewCardBody,
  type DeliverCustomerNewCheckBody,
  type DeliverCustomerRtoBody,
  type DeliverCustomerSavedCheckBody,
  type DeliveryFacts,
} from './delivery';
import type { CardSelection, CheckSelection, PaymentMethod } from './enums';
import type { ErrorCode } from './errors';

export const DELIVER_MOVE_PATH = '/secure/driver/deliver_inventory_move_order';
export const CERTIFICATE_PATH = '/secure/driver/generate_delivery_certificate';
/** A certificate is downloaded (bearer token, same company) from `${prefix}<guid>.pdf`. */
export const CERTIFICATE_FILE_PREFIX = '/files/certificates/';
/** SPEC §7: a certificate answer containing this marks a failure. */
export const CERTIFICATE_ERROR_MARK = 'ERROR:';

export const CUSTOMER_DELIVER_CALLS = ['rto', 'new_check', 'saved_check', 'no_payment', 'cash', 'existing_card', 'new_card'] as const;
export type CustomerDeliverCall = (typeof CUSTOMER_DELIVER_CALLS)[number];

export interface CustomerDeliverSpec {
  path: string;
  /** SPEC §8 identifier of a failed delivery through this call. */
  failure: ErrorCode;
  /** null for RTO: the RTO company collects, the driver takes no payment. */
  paymentMethod: PaymentMethod | null;
  checkSelection?: CheckSelection;
  cardSelection?: CardSelection;
}

export const CUSTOMER_DELIVER: Record<CustomerDeliverCall, CustomerDeliverSpec> = {
  rto: { path: '/secure/driver/deliver_customer_order_rto', failure: 'FailedToDeliverRtoOrder', paymentMethod: null },
  new_check: {
    path: '/secure/driver/deliver_customer_order_with_new_check',
    failure: 'FailedToDeliverOrderWithACheck',
    paymentMethod: 'Check',
    checkSelection: 'NewCheck',
  },
  saved_check: {
    path: '/secure/driver/deliver_customer_order_with_saved_check',
    failure: 'FailedToDeliverOrderWithACheck',
    paymentMethod: 'Check',
    checkSelection: 'SavedCheck',
  },
  no_payment: { path: '/secure/driver/deliver_customer_order_with_no_payment', failure: 'FailedToDeliverOrderWithNoPayment', paymentMethod: 'NoPayment' },
  cash: { path: '/secure/driver/deliver_customer_order_with_cash', failure: 'FailedToDeliverOrderWithCash', paymentMethod: 'Cash' },
  existing_card: {
    path: '/secure/driver/deliver_customer_order_with_existing_card',
    failure: 'FailedToDeliverOrderWithAnExistingCard',
    paymentMethod: 'CreditCard',
    cardSelection: 'ExistingCard',
  },
  new_card: {
    path: '/secure/driver/deliver_customer_order_with_new_card',
    failure: 'FailedToDeliverOrderWithANewCard',
    paymentMethod: 'CreditCard',
    cardSelection: 'NewCard',
  },
};

export const CUSTOMER_DELIVER_SCHEMAS = {
  rto: DeliverCustomerRtoBodySchema,
  new_check: DeliverCustomerNewCheckBodySchema,
  saved_check: DeliverCustomerSavedCheckBodySchema,
  no_payment: DeliverCustomerNoPaymentBodySchema,
  cash: DeliverCustomerCashBodySchema,
  existing_card: DeliverCustomerExistingCardBodySchema,
  new_card: DeliverCustomerNewCardBodySchema,
} as const;

type Extras = Omit<
  DeliverCustomerNewCheckBody & DeliverCustomerSavedCheckBody & DeliverCustomerExistingCardBody & DeliverCustomerNewCardBody,
  keyof DeliverCustomerRtoBody
>;
/** Any customer deliver body: the common fields plus whichever payment extras its call has. */
export type CustomerDeliverBody = DeliverCustomerRtoBody & Partial<Extras>;

const text = (value: string | number | null | undefined): string | null => (value === null || value === undefined ? null : String(value));

/** The SPEC §5 facts of a customer deliver body; the call fixes the method and selection. */
export function factsOfCustomerBody(call: CustomerDeliverCall, body: CustomerDeliverBody): DeliveryFacts {
  const spec = CUSTOMER_DELIVER[call];
  return {
    kind: 'customer',
    photoCount: body.building_images.length,
    milesDriven: body.delivery_miles_driven,
    began: body.delivery_began,
    ended: body.delivery_ended,
    hasSignature: Boolean(body.signature_guid),
    isRto: call === 'rto',
    paymentMethod: spec.paymentMethod,
    checkSelection: spec.checkSelection ?? null,
    cardSelection: spec.cardSelection ?? null,
    hasCheckImage: Boolean(body.check_guid),
    gpsLat: body.delivery_gps_lat,
    gpsLon: body.delivery_gps_lon,
    surveyAnswered: body.delivery_survey_answers.length > 0,
    savedCheckId: body.customer_order_check_id ?? null,
    paymentAmount: text(body.payment_amount),
    savedCardId: spec.cardSelection === 'ExistingCard' ? body.card_profile_id : null,
    card: {
      profileId: body.card_profile_id,
      token: body.card_token,
      expMonth: text(body.card_exp_month),
      expYear: text(body.card_exp_year),
      cvv: body.card_cvv,
      retref: body.retref,
    },
  };
}

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * A payment amount in cents: "125", "125.5", "125.50" or 125.5; absent or "" is 0. Null when
 * it is not a non-negative amount with at most two decimals (the rules already caught NaN).
 */
export function amountCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return 0;
  const raw = String(value).trim();
  if (!MONEY.test(raw)) return null;
  const [whole = '0', fraction = ''] = raw.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 12550 → "125.50" (numeric(12,2) text, and what the certificate prints). */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** POST generate_delivery_certificate (SPEC §7). use_report2 picks the one-page layout. */
export const GenerateCertificateBodySchema = v.strictObject({
  customer_order_id: IdSchema,
  use_report2: v.optional(v.boolean(), false),
});
export type GenerateCertificateBody = v.InferOutput<typeof GenerateCertificateBodySchema>;
