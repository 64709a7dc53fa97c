// What the payment calls answer: a gateway outcome as a status + SPEC §8 identifier, a body
// the schema refused with SPEC §5's field texts, and the success bodies. (The card routes'
// Fastify hooks, the traceId and the lifted card secrets, are server/http/paymentHooks.ts.)
import type * as v from 'valibot';
import { paymentFieldErrors, type ErrorCode } from '../../../src/domain';
import { HttpError } from '../../http/errors';
import type { CardAuthResult, GatewayFailure, SavedCard, TransactionResult } from './gateway';

/** Status codes (documented in README.md): 400 input, 402 declined, 404 unknown id, 409 state, 503 processor. */
export function failureStatus(failure: GatewayFailure): { status: number; code: ErrorCode } {
  switch (failure) {
    case 'InvalidCreditCardNumber':
    case 'InvalidExpiration':
    case 'InvalidAccountNumber':
    case 'InvalidAmount':
    case 'AmountExceedsAuthorized':
    case 'RefundExceedsCaptured':
      return { status: 400, code: failure };
    case 'CardExpired':
    case 'CardDeclined':
    case 'InsufficientFunds':
    case 'InvalidCvv':
      return { status: 402, code: failure };
    case 'TransactionNotFound':
    case 'ProfileNotFound':
    case 'TokenNotFound':
      return { status: 404, code: 'NotFound' };
    case 'InvalidTransactionState':
      return { status: 409, code: 'InvalidTransactionState' };
    case 'ProcessorUnavailable':
      return { status: 503, code: 'PaymentProcessorUnavailable' };
  }
}

/** A declined / refused gateway answer as an error; "not found" says nothing more. */
export function gatewayError(result: TransactionResult): HttpError {
  const { status, code } = failureStatus(result.failure ?? 'CardDeclined');
  if (code === 'NotFound') return new HttpError(404, 'NotFound');
  return new HttpError(status, code, result.message, { retref: result.retref, respcode: result.respCode });
}

/** A body (or query) a payments schema refused: 400 naming the first field, plus every field's text. */
export function paymentInvalid(issues: readonly v.BaseIssue<unknown>[]): HttpError {
  const fields = paymentFieldErrors(issues);
  const [field, text] = Object.entries(fields)[0] ?? ['', 'The request is not valid'];
  return new HttpError(400, 'InvalidRequest', field ? `${field}: ${text}` : text, { fields });
}

const dollars = (amount: number): string => amount.toFixed(2);

/** Success body of a card authorization (auth-new-card, auth-profile). */
export function cardAuthBody(result: CardAuthResult): Record<string, unknown> {
  return {
    approved: true,
    retref: result.retref,
    auth_code: result.authCode,
    resp_code: result.respCode,
    message: result.message,
    status: result.status,
    amount: dollars(result.amount),
    order_number: result.orderNumber,
    profile_id: result.profileId,
    token: result.token,
    brand: result.brand,
    first_four_digits: result.firstFour,
    last_four_digits: result.lastFour,
  };
}

export function transactionBody(result: TransactionResult, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    approved: true,
    retref: result.retref,
    resp_code: result.respCode,
    message: result.message,
    status: result.status,
    amount: dollars(result.amount),
    order_number: result.orderNumber,
    ...extra,
  };
}

/** A saved card as the calls answer it (saved-card-details, profile_inquiry). */
export interface SavedCardAnswer {
  profile_id: string;
  token: string;
  brand: SavedCard['brand'];
  first_four_digits: string | null;
  last_four_digits: string;
  expiration: string;
  name: string;
  billing_zip: string;
  billing_address: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_phone: string | null;
  billing_email: string | null;
  customer_order_id: number | null;
}

export function savedCardBody(card: SavedCard): SavedCardAnswer {
  return {
    profile_id: card.profileId,
    token: card.token,
    brand: card.brand,
    first_four_digits: card.firstFour,
    last_four_digits: card.lastFour,
    expiration: card.expiration,
    name: card.name,
    billing_zip: card.billingZip,
    billing_address: card.billingAddress,
    billing_city: card.billingCity,
    billing_state: card.billingState,
    billing_phone: card.billingPhone,
    billing_email: card.billingEmail,
    customer_order_id: card.customerOrderId,
  };
}
