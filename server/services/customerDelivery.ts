// What a customer-order delivery adds to the shared deliver steps (SPEC §5, §7): the
// signature and check images, RTO only through the RTO call, survey answers, the payment
// (recorded, card charged through the PaymentGateway) and the remaining balance reduced —
// all inside the delivery's transaction. card_cvv reaches the gateway in memory only.
import {
  CUSTOMER_DELIVER,
  ERROR_TEXT,
  centsText,
  collectsPayment,
  paymentStateErrors,
  typedAmountCents,
  type ErrorCode,
  factsOfCustomerBody,
  type CustomerDeliverBody,
  type CustomerDeliverCall,
  type TokenClaims,
} from '../../src/domain';
import type { Db } from '../db/client';
import { HttpError, invalid, notFound } from '../http/errors';
import { insertCustomerDelivery, insertPayment, insertSurveyAnswers, type NewPayment, type PaymentSource } from '../repositories/customerDeliveries';
import { billingOf, checkOfOrder, countSurveyQuestions, processingAccountOf, savedCardOfOrder, setRemainingBalance } from '../repositories/customerOrders';
import { requireCardProfile, requirePayment } from './access';
import { requireUploads, type DeliverSpec, type DeliveryStep } from './deliveries';
import type { GatewayFailure, GatewayScope, TransactionResult } from './payments/gateway';
import { ChargeDeclined, priorDecline, recordAttempt, type AttemptRecord } from './chargeAttempts';
import { recordHappyListResults } from './happyListResults';

export const SIGNATURE_FOLDER = '/deliver-customer-order/signature';
export const CHECK_FOLDER = '/deliver-customer-order/check';

/** Cents of body.payment_amount once the shared rules passed (absent for calls that collect nothing). */
export function paymentCents(body: CustomerDeliverBody): number {
  const cents = typedAmountCents(body.payment_amount ?? '0');
  if (cents === null) throw invalid('payment_amount must be an amount of at most 2 decimals, like 125.50');
  return cents;
}

/** Checks outside the transaction: uploads of this company in the right folder, card fields. */
async function preflightCustomer(db: Db, auth: TokenClaims, call: CustomerDeliverCall, body: CustomerDeliverBody): Promise<void> {
  if (call === 'new_card' && !validExpiry(body.card_exp_month, body.card_exp_year)) {
    throw new HttpError(400, 'CreditCardExpirationDateRequired', 'Credit card expiration date is not valid (month 1-12, year YY or YYYY)');
  }
  const questionIds = body.delivery_survey_answers.map((a) => a.driver_delivery_survey_question_id);
  if (new Set(questionIds).size !== questionIds.length) throw invalid('delivery_survey_answers answers a question twice');
  if (body.signature_guid) {
    await requireUploads(db, auth, [body.signature_guid.toLowerCase()], {
      folders: [SIGNATURE_FOLDER],
      code: 'DeliverySignatureRequired',
      message: 'A signature is required: the signature was not uploaded',
    });
  }
  if (body.check_guid) {
    await requireUploads(db, auth, [body.check_guid.toLowerCase()], {
      folders: [CHECK_FOLDER],
      code: 'CheckImageRequired',
      message: 'A check image is required: the check image was not uploaded',
    });
  }
}

function validExpiry(month: string | number | null | undefined, year: string | number | null | undefined): boolean {
  const m = /^\d{1,2}$/.test(String(month)) ? Number(month) : NaN;
  return m >= 1 && m <= 12 && /^(\d{2}|\d{4})$/.test(String(year));
}

interface Charge {
  result: TransactionResult;
  lastFour: string | null;
  profileId: string;
}

/** A gateway answer that is not an approval → the call's failure (402, recorded as an attempt), 404 or 503. */
function chargeFailure(call: CustomerDeliverCall, result: TransactionResult, attempt: AttemptRecord): HttpError {
  const failure = CUSTOMER_DELIVER[call].failure;
  const missing: (GatewayFailure | null)[] = ['ProfileNotFound', 'TransactionNotFound', 'TokenNotFound'];
  if (missing.includes(result.failure)) return notFound();
  // Transient: the outbox retries 5xx, so the driver need not resubmit.
  if (result.failure === 'ProcessorUnavailable') return new HttpError(503, failure, `${ERROR_TEXT[failure]}: ${result.message}`);
  return new ChargeDeclined(402, failure, `${ERROR_TEXT[failure]}: ${result.message}`, attempt);
}

async function chargeCard(step: DeliveryStep<CustomerDeliverBody>, call: CustomerDeliverCall, cents: number, billingZip: string): Promise<Charge> {
  const charge = await chargeCardOnce(step, call, cents, billingZip);
  await recordAttempt(step.tx, attemptOf(step, call, cents), { approved: true });
  return charge;
}

const attemptOf = ({ auth, order, idempotencyKey }: DeliveryStep<CustomerDeliverBody>, call: CustomerDeliverCall, cents: number): AttemptRecord => ({
  companyId: auth.company_id,
  accountId: auth.account_id,
  orderId: order.id,
  idempotencyKey,
  call,
  amountCents: cents,
});

async function chargeCardOnce(step: DeliveryStep<CustomerDeliverBody>, call: CustomerDeliverCall, cents: number, billingZip: string): Promise<Charge> {
  const { tx, auth, body, order, payments } = step;
  // The same submission already declined: answer that again, never charge the card twice.
  const prior = await priorDecline(tx, auth.account_id, step.idempotencyKey);
  if (prior) throw new ChargeDeclined(402, CUSTOMER_DELIVER[call].failure, prior.message ?? ERROR_TEXT[CUSTOMER_DELIVER[call].failure], null);
  const scope: GatewayScope = { companyId: auth.company_id, accountId: auth.account_id, orderId: order.id, tx };
  const profileId = body.card_profile_id ?? '';
  const amount = cents / 100;
  const attempt = attemptOf(step, call, cents);
  if (call === 'existing_card') {
    // Only a card saved for this order's customer may be charged.
    const saved = await savedCardOfOrder(tx, auth.company_id, order.id, profileId);
    if (!saved) throw notFound();
    const result = await payments.authorizeProfile(scope, { profileId, amount, orderNumber: order.orderNumber, billingZip, capture: true });
    if (!result.approved) throw chargeFailure(call, result, attempt);
    return { result, lastFour: result.lastFour ?? saved.lastFour, profileId };
  }
  // New card: authorized online before (auth_new_card → profile, retref); the profile and the
  // authorization must be the caller's (services/access.ts), the token that profile's.
  await requireCardProfile(tx, auth, profileId);
  if (body.retref) await requirePayment(tx, auth, body.retref);
  const card = await payments.savedCardDetails(scope, profileId);
  if (!card) throw notFound();
  const failure = CUSTOMER_DELIVER[call].failure;
  if (card.token !== body.card_token) throw new HttpError(400, failure, `${ERROR_TEXT[failure]}: card_token does not match the card profile`);
  const result = body.retref
    ? await payments.capture(scope, { transactionId: body.retref, amount, token: card.token })
    : await payments.authorizeProfile(scope, { profileId, amount, cvv: body.card_cvv, orderNumber: order.orderNumber, billingZip, capture: true });
  if (!result.approved) throw chargeFailure(call, result, attempt);
  // The capture runs in our transaction: throwing here undoes it.
  if (result.orderNumber !== order.orderNumber)
    throw new HttpError(400, failure, `${ERROR_TEXT[failure]}: the card authorization (retref) is for another order`);
  return { result, lastFour: card.lastFour, profileId };
}

/** The customer call's work inside the delivery transaction (after the delivery row exists). */
async function customerDeliveryStep(call: CustomerDeliverCall, step: DeliveryStep<CustomerDeliverBody>): Promise<void> {
  const { tx, auth, body, order, deliveryId } = step;
  const spec = CUSTOMER_DELIVER[call];
  const billing = await billingOf(tx, auth.company_id, order.id, true);
  const isRto = billing?.isRto ?? false;
  if (call === 'rto' && !isRto)
    throw new HttpError(400, spec.failure, `${ERROR_TEXT[spec.failure]}: this order is not rent-to-own; deliver it with its payment method`);
  if (call !== 'rto' && isRto) throw new HttpError(400, spec.failure, `${ERROR_TEXT[spec.failure]}: this is a rent-to-own order; deliver it with the RTO call`);

  const balanceBefore = billing ? (typedAmountCents(billing.remainingBalance) ?? 0) : 0;
  const cents = collectsPayment(spec.paymentMethod) ? paymentCents(body) : 0;
  await checkPaymentState(step, call, cents, balanceBefore);
  await checkSurveyQuestions(step);
  await recordHappyListResults(step); // before any charge: an unknown item refuses the delivery first

  let payment: NewPayment | null = null;
  const base = { companyId: auth.company_id, orderId: order.id, deliveryId, amount: centsText(cents) };
  switch (call) {
    case 'rto':
    case 'no_payment':
      break;
    case 'cash':
      payment = { ...base, method: 'Cash', source: 'cash' };
      break;
    case 'new_check':
      payment = { ...base, method: 'Check', source: 'new_check', checkImageGuid: body.check_guid?.toLowerCase() ?? null };
      break;
    case 'saved_check': {
      const check = await checkOfOrder(tx, auth.company_id, order.id, body.customer_order_check_id ?? 0);
      if (!check) throw notFound();
      payment = { ...base, method: 'Check', source: 'saved_check', savedCheckId: check.id };
      break;
    }
    case 'existing_card':
    case 'new_card': {
      if (call === 'new_card') await checkProcessingAccount(step);
      const charge = await chargeCard(step, call, cents, billing?.zip ?? '');
      payment = {
        ...base,
        method: 'CreditCard',
        source: call satisfies PaymentSource,
        cardProfileId: charge.profileId,
        cardLastFour: charge.lastFour,
        authorizationCode: charge.result.authCode,
        retref: charge.result.retref,
      };
      break;
    }
    default: {
      const unknownCall: never = call;
      throw new Error(`unknown deliver call ${String(unknownCall)}`);
    }
  }
  if (payment) await insertPayment(tx, payment);
  await insertCustomerDelivery(tx, {
    deliveryId,
    orderId: order.id,
    companyId: auth.company_id,
    call,
    paymentMethod: spec.paymentMethod,
    signatureGuid: body.signature_guid?.toLowerCase() ?? null,
    signatureFrom: body.signature_guid ? (body.signature_from ?? 'customer') : null,
    balanceBefore: centsText(balanceBefore),
    balanceAfter: centsText(balanceBefore - cents),
  });
  await insertSurveyAnswers(
    tx,
    deliveryId,
    body.delivery_survey_answers.map((a) => ({
      questionId: a.driver_delivery_survey_question_id,
      answer: String(a.answer),
    })),
  );
  if (billing && cents > 0) await setRemainingBalance(tx, order.id, centsText(balanceBefore - cents));
}

/**
 * The shared payment rules (src/domain/paymentRules.ts) on the server's own rows: the balance,
 * the customer's saved cards, the new card's authorization. The phone ran them on its copy.
 */
async function checkPaymentState(step: DeliveryStep<CustomerDeliverBody>, call: CustomerDeliverCall, cents: number, balanceCents: number): Promise<void> {
  const { tx, auth, body, order } = step;
  const spec = CUSTOMER_DELIVER[call];
  const profileId = body.card_profile_id ?? '';
  const saved = call === 'existing_card' && profileId !== '' ? await savedCardOfOrder(tx, auth.company_id, order.id, profileId) : undefined;
  const authorization = call === 'new_card' && body.retref ? await requirePayment(tx, auth, body.retref) : null;
  const errors = paymentStateErrors(
    { method: spec.paymentMethod, cardSelection: spec.cardSelection ?? null, amount: body.payment_amount, savedCardId: body.card_profile_id },
    { balanceCents, savedCardIds: call === 'existing_card' ? (saved ? [profileId] : []) : null, authorizedCents: authorization?.amountCents ?? null },
  );
  const [first] = errors;
  if (!first) return;
  const detail: Partial<Record<ErrorCode, string>> = {
    PaymentExceedsBalance: `${centsText(cents)} of a remaining balance of ${centsText(balanceCents)}`,
    AmountNotAuthorized: `${centsText(cents)}; the authorization holds ${centsText(authorization?.amountCents ?? 0)}`,
  };
  throw new HttpError(400, first, detail[first] ? `${ERROR_TEXT[first]}: ${detail[first]}` : ERROR_TEXT[first], { errors });
}

/** Every answered question must be one of this company's survey questions. */
async function checkSurveyQuestions({ tx, auth, body }: DeliveryStep<CustomerDeliverBody>): Promise<void> {
  const ids = body.delivery_survey_answers.map((a) => a.driver_delivery_survey_question_id);
  if (ids.length === 0) return;
  if ((await countSurveyQuestions(tx, auth.company_id, ids)) !== ids.length)
    throw invalid("delivery_survey_answers: a question is not one of this company's survey questions");
}

/** A new-card body's payment_processing_account_id, when given, must be the company's. */
async function checkProcessingAccount({ tx, auth, body }: DeliveryStep<CustomerDeliverBody>): Promise<void> {
  if (body.payment_processing_account_id === null || body.payment_processing_account_id === undefined) return;
  const account = await processingAccountOf(tx, auth.company_id);
  if (account === undefined || account !== String(body.payment_processing_account_id)) {
    throw new HttpError(
      400,
      'FailedToDeliverOrderWithANewCard',
      `${ERROR_TEXT.FailedToDeliverOrderWithANewCard}: payment_processing_account_id is not this company's`,
    );
  }
}

/** The customer call's hooks on the shared deliver steps (services/deliveries.ts). */
export function customerDeliverSpec(call: CustomerDeliverCall): DeliverSpec<CustomerDeliverBody> {
  return {
    kind: 'customer',
    failure: CUSTOMER_DELIVER[call].failure,
    orderIdOf: (body) => body.customer_order_id,
    facts: (body) => factsOfCustomerBody(call, body),
    preflight: (db, auth, body) => preflightCustomer(db, auth, call, body),
    inTransaction: (step) => customerDeliveryStep(call, step),
  };
}
