// The payments API's endpoints (SPEC §7): summaries, request schemas (src/domain/payments.ts)
// and answers.
import {
  AuthNewCardBodySchema,
  AuthProfileBodySchema,
  CaptureCheckBodySchema,
  CapturePaymentBodySchema,
  CardconnectAuthNewCardBodySchema,
  PAYMENTS_API,
  ProfileInquiryBodySchema,
  RefundRequestBodySchema,
  SavedCardDetailsQuerySchema,
  TokenizeBodySchema,
} from '../payments';
import { CardAuthAnswerSchema, SavedCardAnswerSchema, TokenizeAnswerSchema, TransactionAnswerSchema } from './answers';
import { CARD_ENTRY_LIMITED } from './limits';
import type { EndpointSchemas } from './types';

export const PAYMENT_ENDPOINTS = {
  [`POST ${PAYMENTS_API.authNewCard}` as const]: {
    summary: 'Authorize a new card (token or PAN) and save its profile → {retref, profile_id, token, …}',
    bodySchema: AuthNewCardBodySchema,
    responseSchema: CardAuthAnswerSchema,
    errors: CARD_ENTRY_LIMITED,
  },
  [`POST ${PAYMENTS_API.authProfile}` as const]: {
    summary: 'Authorize a saved card profile → {retref, …}',
    bodySchema: AuthProfileBodySchema,
    responseSchema: CardAuthAnswerSchema,
  },
  [`POST ${PAYMENTS_API.captureCheckPayment}` as const]: {
    summary: 'Debit a bank account (ach-new or ach-token) → {retref, token, …}',
    bodySchema: CaptureCheckBodySchema,
    responseSchema: TransactionAnswerSchema,
  },
  [`POST ${PAYMENTS_API.capturePayment}` as const]: {
    summary: 'Capture an authorization (transaction_id = its retref) → {retref, amount, …}',
    bodySchema: CapturePaymentBodySchema,
    responseSchema: TransactionAnswerSchema,
  },
  [`POST ${PAYMENTS_API.refundRequest}` as const]: {
    summary:
      'Refund (or void) a card or ACH transaction of the caller, at most what remains captured (else 400 RefundExceedsCaptured) → {retref of the refund, original_retref, …}',
    bodySchema: RefundRequestBodySchema,
    responseSchema: TransactionAnswerSchema,
  },
  [`POST ${PAYMENTS_API.tokenize}` as const]: {
    summary: 'Tokenize a card number → {token, brand, first_four_digits, last_four_digits}',
    bodySchema: TokenizeBodySchema,
    responseSchema: TokenizeAnswerSchema,
    errors: CARD_ENTRY_LIMITED,
  },
  [`GET ${PAYMENTS_API.savedCardDetails}` as const]: {
    summary: "A saved card profile of one of the caller's orders (or saved by the caller) → {profile_id, brand, last_four_digits, expiration, …}",
    querySchema: SavedCardDetailsQuerySchema,
    responseSchema: SavedCardAnswerSchema,
  },
  [`POST ${PAYMENTS_API.cardconnectAuthNewCard}` as const]: {
    summary: 'Authorize a new card for a customer order → {profile_id, first_four_digits, retref, token, …}',
    bodySchema: CardconnectAuthNewCardBodySchema,
    responseSchema: CardAuthAnswerSchema,
    errors: CARD_ENTRY_LIMITED,
  },
  [`POST ${PAYMENTS_API.cardconnectProfileInquiry}` as const]: {
    summary: 'A saved card profile → {profile_id, brand, last_four_digits, expiration, …}',
    bodySchema: ProfileInquiryBodySchema,
    responseSchema: SavedCardAnswerSchema,
  },
} as const satisfies Record<string, EndpointSchemas>;
