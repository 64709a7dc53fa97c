// The payments API's endpoints (SPEC §7; request schemas are in the routes' config).
import { PAYMENTS_API } from '../payments';
import { CardAuthAnswerSchema, SavedCardAnswerSchema, TokenizeAnswerSchema, TransactionAnswerSchema } from './answers';
import type { EndpointSchemas } from './types';

export const PAYMENT_ENDPOINTS = {
  [`POST ${PAYMENTS_API.authNewCard}` as const]: { responseSchema: CardAuthAnswerSchema },
  [`POST ${PAYMENTS_API.authProfile}` as const]: { responseSchema: CardAuthAnswerSchema },
  [`POST ${PAYMENTS_API.captureCheckPayment}` as const]: { responseSchema: TransactionAnswerSchema },
  [`POST ${PAYMENTS_API.capturePayment}` as const]: { responseSchema: TransactionAnswerSchema },
  [`POST ${PAYMENTS_API.refundRequest}` as const]: { responseSchema: TransactionAnswerSchema },
  [`POST ${PAYMENTS_API.tokenize}` as const]: { responseSchema: TokenizeAnswerSchema },
  [`GET ${PAYMENTS_API.savedCardDetails}` as const]: { responseSchema: SavedCardAnswerSchema },
  [`POST ${PAYMENTS_API.cardconnectAuthNewCard}` as const]: { responseSchema: CardAuthAnswerSchema },
  [`POST ${PAYMENTS_API.cardconnectProfileInquiry}` as const]: { responseSchema: SavedCardAnswerSchema },
} as const satisfies Record<string, EndpointSchemas>;
