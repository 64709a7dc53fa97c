import * as v from 'valibot';
import { IdSchema } from './ids';
import { storableText } from './text';
import { TimestampSchema } from './timestamps';
import type { ErrorCode } from './errors';
import { amountErrors, paymentStateErrors, type PaymentState } from './paymentRules';
import { ORDER_KIND_SPECS, type InventoryKind, type OrderKind } from './orderKinds';
import { MAX_BUILDING_IMAGES, type CardSelection, type CheckSelection, type PaymentMethod } from './enums';

/** SPEC §3 uploaded image record, as sent in building_images. */
export const ImageRecordSchema = v.object({
  guid: v.pipe(v.string(), v.uuid()),
  extension: v.picklist(['jpg', 'jpeg', 'png']),
  mime_type: v.picklist(['image/jpeg', 'image/png']),
  download_urls: v.array(v.pipe(v.string(), v.maxLength(500))),
});
export type ImageRecord = v.InferOutput<typeof ImageRecordSchema>;

const isoDate = TimestampSchema;

/** The most miles one delivery may record (the rule below and the body's schema). */
export const MAX_DELIVERY_MILES = 100_000;
const finiteNumber = v.pipe(v.number(), v.finite());

/**
 * The body common to every deliver call (SPEC §7). Fields the driver may leave empty are
 * nullish in the shape so the rules below can answer their own error codes.
 */
export const DeliverCommonSchema = {
  date_delivered: isoDate,
  delivery_miles_driven: v.nullish(v.pipe(finiteNumber, v.minValue(0), v.maxValue(MAX_DELIVERY_MILES))),
  delivery_gps_lat: v.nullish(v.pipe(finiteNumber, v.minValue(-90), v.maxValue(90))),
  delivery_gps_lon: v.nullish(v.pipe(finiteNumber, v.minValue(-180), v.maxValue(180))),
  delivery_began: v.nullish(isoDate),
  delivery_ended: v.nullish(isoDate),
  delivery_note: v.optional(storableText(4000), ''),
  building_images: v.optional(v.array(ImageRecordSchema), []),
};

export const DeliverOnlotBodySchema = v.strictObject({
  onlot_inventory_order_id: IdSchema,
  ...DeliverCommonSchema,
});
export type DeliverOnlotBody = v.InferOutput<typeof DeliverOnlotBodySchema>;

export const DeliverMoveBodySchema = v.strictObject({
  inventory_move_order_id: IdSchema,
  ...DeliverCommonSchema,
});
export type DeliverMoveBody = v.InferOutput<typeof DeliverMoveBodySchema>;

/** What the rules look at, read either from a driver's draft or from a request body. */
export interface DeliveryFacts {
  kind: OrderKind;
  photoCount: number;
  milesDriven: number | null | undefined;
  began: string | null | undefined;
  ended: string | null | undefined;
  hasSignature?: boolean;
  isRto?: boolean;
  paymentMethod?: PaymentMethod | null;
  checkSelection?: CheckSelection | null;
  cardSelection?: CardSelection | null;
  hasCheckImage?: boolean;
  gpsLat?: number | null;
  gpsLon?: number | null;
  surveyAnswered?: boolean;
  savedCheckId?: number | null;
  paymentAmount?: string | null;
  /** ExistingCard: the saved card chosen. */
  savedCardId?: string | null;
  /** What this judge knows of the order (the phone its pulled copy); absent on the server's first pass over a body. */
  state?: PaymentState;
  /**
   * A new card is authorized online first (PAN and CVV in memory only); a delivery that
   * carries the authorization's retref captures it and needs no CVV, which is never stored.
   */
  card?: { profileId?: string | null; token?: string | null; expMonth?: string | null; expYear?: string | null; cvv?: string | null; retref?: string | null };
}

const present = (value: unknown): boolean => value !== null && value !== undefined && value !== '';

/** A judge that knows nothing of the order's state checks only what the choice itself holds. */
const UNKNOWN_STATE: PaymentState = { balanceCents: null, savedCardIds: null, authorizedCents: null };

/** SPEC §5 validation. Returns every failed rule's identifier, in a stable order; [] means valid. */
export function validateDelivery(facts: DeliveryFacts): ErrorCode[] {
  const errors: ErrorCode[] = [];
  if (facts.photoCount < 1) errors.push('DeliveryPhotoRequired');
  if (facts.photoCount > MAX_BUILDING_IMAGES) errors.push('TooManyPhotos');
  if (typeof facts.milesDriven !== 'number' || !Number.isFinite(facts.milesDriven)) errors.push('DeliveryMilesRequired');
  else if (facts.milesDriven < 0) errors.push('DeliveryMilesNegative');
  // Past the schema's bound, Deliver failed with a general error and no field marked.
  else if (facts.milesDriven > MAX_DELIVERY_MILES) errors.push('DeliveryMilesTooMany');
  // A delivery without payment (on-lot, move) is judged on its times; a customer one on its payment.
  if (!ORDER_KIND_SPECS[facts.kind].payment) {
    if (!present(facts.began) || !present(facts.ended)) errors.push('DeliveryTimeRequired');
    else if (Date.parse(facts.ended as string) < Date.parse(facts.began as string)) errors.push('DeliveryEndBeforeStart');
    return errors;
  }
  return errors.concat(customerPaymentErrors(facts));
}

function customerPaymentErrors(facts: DeliveryFacts): ErrorCode[] {
  const errors: ErrorCode[] = [];
  const needSignature = (): void => {
    if (!facts.hasSignature) errors.push('DeliverySignatureRequired');
  };
  if (facts.isRto) {
    needSignature();
    return errors;
  }
  switch (facts.paymentMethod) {
    case null:
    case undefined:
      errors.push('PaymentMethodRequired');
      break;
    case 'Cash':
    case 'NoPayment':
      needSignature();
      break;
    case 'Check':
      if (facts.checkSelection === 'NewCheck') {
        needSignature();
        if (!facts.hasCheckImage) errors.push('CheckImageRequired');
      } else if (facts.checkSelection === 'SavedCheck') {
        needSignature();
        if (!present(facts.gpsLat) || !present(facts.gpsLon)) errors.push('DeliveryLocationNotSet');
        if (!facts.surveyAnswered) errors.push('DeliverySurveyAnswersNotSet');
        if (!present(facts.savedCheckId)) errors.push('SavedCheckDoesNotHaveAnId');
      } else errors.push('CheckSelectionTypeIsRequired');
      break;
    case 'CreditCard':
      if (facts.cardSelection === 'ExistingCard') needSignature();
      else if (facts.cardSelection === 'NewCard') {
        const card = facts.card ?? {};
        if (!present(card.profileId) || !present(card.token)) errors.push('CreditCardNumberRequired');
        if (!present(card.expMonth) || !present(card.expYear)) errors.push('CreditCardExpirationDateRequired');
        if (!present(card.cvv) && !present(card.retref)) errors.push('CreditCardCVVRequired');
      } else errors.push('CardSelectionTypeIsRequired');
      break;
    default: {
      const unknownMethod: never = facts.paymentMethod;
      void unknownMethod;
      errors.push('PaymentMethodNotImplemented');
    }
  }
  const amount = amountErrors(facts.paymentMethod, facts.paymentAmount);
  errors.push(...amount);
  if (amount.length === 0) {
    const choice = { method: facts.paymentMethod, cardSelection: facts.cardSelection, amount: facts.paymentAmount, savedCardId: facts.savedCardId };
    errors.push(...paymentStateErrors(choice, facts.state ?? UNKNOWN_STATE));
  }
  return errors;
}

/** The facts of an on-lot or move deliver body, for the server's copy of the rules. */
export function factsOfInventoryBody(kind: InventoryKind, body: DeliverOnlotBody | DeliverMoveBody): DeliveryFacts {
  return {
    kind,
    photoCount: body.building_images.length,
    milesDriven: body.delivery_miles_driven,
    began: body.delivery_began,
    ended: body.delivery_ended,
  };
}

// ── Customer-order deliver calls (SPEC §7) ──────────────────────────────────────────────
// One strictObject per call: the common body, the signature and survey fields, and that
// call's payment extras. Fields a rule checks are nullish so the rule answers its own code.

const positiveId = IdSchema;
const uuidText = v.pipe(v.string(), v.uuid());
/** SPEC §3 keeps paymentAmount as text; a number is accepted too. PaymentAmountIsNan judges it. */
const paymentAmount = v.nullish(v.union([v.pipe(v.string(), v.maxLength(32)), finiteNumber], 'payment_amount must be text or a number'));

/** SPEC §3 survey answer: YESNO questions carry the value, the others the text. */
export const SurveyAnswerSchema = v.strictObject({
  driver_delivery_survey_question_id: positiveId,
  answer: v.union([storableText(2000), v.boolean()], 'answer must be text or true/false'),
});
export type SurveyAnswer = v.InferOutput<typeof SurveyAnswerSchema>;

export const SIGNATURE_FROM = ['customer', 'driver'] as const;
export type SignatureFrom = (typeof SIGNATURE_FROM)[number];

/** SPEC §3: each happy-list item the driver ticked becomes {item, text, value: true}. */
export const HappyListItemSchema = v.strictObject({
  item: v.pipe(storableText(200), v.minLength(1)),
  text: storableText(2000),
  value: v.boolean(),
});
export type HappyListItem = v.InferOutput<typeof HappyListItemSchema>;

const CustomerDeliverCommon = {
  customer_order_id: positiveId,
  happy_list_results: v.optional(v.pipe(v.array(HappyListItemSchema), v.maxLength(100)), []),
  ...DeliverCommonSchema,
  delivery_survey_answers: v.optional(v.pipe(v.array(SurveyAnswerSchema), v.maxLength(100)), []),
  signature_guid: v.nullish(uuidText),
  signature_mimetype: v.nullish(v.picklist(['image/jpeg', 'image/png'])),
  signature_extension: v.nullish(v.picklist(['jpg', 'jpeg', 'png'])),
  signature_url: v.nullish(v.pipe(v.string(), v.maxLength(500))),
  signature_from: v.nullish(v.picklist(SIGNATURE_FROM)),
};

export const DeliverCustomerRtoBodySchema = v.strictObject({ ...CustomerDeliverCommon });
export const DeliverCustomerNoPaymentBodySchema = v.strictObject({ ...CustomerDeliverCommon });
export const DeliverCustomerCashBodySchema = v.strictObject({ ...CustomerDeliverCommon, payment_amount: paymentAmount });

export const DeliverCustomerNewCheckBodySchema = v.strictObject({
  ...CustomerDeliverCommon,
  check_guid: v.nullish(uuidText),
  check_mimetype: v.nullish(v.picklist(['image/jpeg', 'image/png'])),
  check_extension: v.nullish(v.picklist(['jpg', 'jpeg', 'png'])),
  check_url: v.nullish(v.pipe(v.string(), v.maxLength(500))),
  payment_amount: paymentAmount,
});

export const DeliverCustomerSavedCheckBodySchema = v.strictObject({
  ...CustomerDeliverCommon,
  customer_order_check_id: v.nullish(positiveId),
  payment_amount: paymentAmount,
});

const cardText = (field: string, max: number) => v.pipe(v.string(`${field} must be text`), v.maxLength(max, `${field} is too long`));
const expiryPart = (field: string) => v.nullish(v.union([cardText(field, 4), v.pipe(v.number(), v.integer())], `${field} must be text or a number`));

export const DeliverCustomerExistingCardBodySchema = v.strictObject({
  ...CustomerDeliverCommon,
  card_profile_id: v.nullish(cardText('card_profile_id', 64)),
  payment_amount: paymentAmount,
  payments_v2: v.optional(v.boolean(), false),
});

export const DeliverCustomerNewCardBodySchema = v.strictObject({
  ...CustomerDeliverCommon,
  payment_processing_account_id: v.nullish(
    v.union([cardText('payment_processing_account_id', 64), positiveId], 'payment_processing_account_id must be text or a number'),
  ),
  // Custom messages everywhere on card fields: valibot's default ones echo the received value.
  card_cvv: v.nullish(v.pipe(v.string('card_cvv must be text'), v.regex(/^(\d{3,4})?$/, 'card_cvv must be 3 or 4 digits'))),
  card_exp_month: expiryPart('card_exp_month'),
  card_exp_year: expiryPart('card_exp_year'),
  // The processor's token from the card authorization (9 + 15 digits), never a card number:
  // a PAN here would be stored with the delivery, so the shape refuses it.
  card_token: v.nullish(
    v.pipe(v.string('card_token must be text'), v.regex(/^(9\d{15})?$/, 'card_token must be the token of the card authorization, never a card number')),
  ),
  card_profile_id: v.nullish(cardText('card_profile_id', 64)),
  retref: v.nullish(cardText('retref', 64)),
  payment_amount: paymentAmount,
});

export type DeliverCustomerRtoBody = v.InferOutput<typeof DeliverCustomerRtoBodySchema>;
export type DeliverCustomerNoPaymentBody = v.InferOutput<typeof DeliverCustomerNoPaymentBodySchema>;
export type DeliverCustomerCashBody = v.InferOutput<typeof DeliverCustomerCashBodySchema>;
export type DeliverCustomerNewCheckBody = v.InferOutput<typeof DeliverCustomerNewCheckBodySchema>;
export type DeliverCustomerSavedCheckBody = v.InferOutput<typeof DeliverCustomerSavedCheckBodySchema>;
export type DeliverCustomerExistingCardBody = v.InferOutput<typeof DeliverCustomerExistingCardBodySchema>;
export type DeliverCustomerNewCardBody = v.InferOutput<typeof DeliverCustomerNewCardBodySchema>;
