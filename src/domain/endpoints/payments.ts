// The payments API's endpoints (SPEC §7; request schemas are in the routes' config).
import { PAYMENTS_API } from '../payments';
import { CardAuthAnswerSchema, SavedCardAnswerSchema, TokenizeAnswerSchema, TransactionAnswerSchema } from './answers';
import type { EndpointSchemas } from './types';

export const PAYMENT_ENDPOINTS: Record<string, EndpointSchemas> = {
  [`POST ${PAYMENTS_API.authNewCard}`]: { responseSchema: CardAuthAnswerSchema },
  [`POST ${PAYMENTS_API.authProfile}`]: { responseSchema: CardAuthAnswerSchema },
  [`POST ${PAYMENTS_API.captureCheckPayment}`]: { responseSchema: TransactionAnswerSchema },
  [`POST ${PAYMENTS_API.capturePayment}`]: { responseSchema: TransactionAnswerSchema },
  [`POST ${PAYMENTS_API.refundRequest}`]: { responseSchema: TransactionAnswerSchema },
  [`POST ${PAYMENTS_API.tokenize}`]: { responseSchema: TokenizeAnswerSchema },
  [`GET ${PAYMENTS_API.savedCardDetails}`]: { responseSchema: SavedCardAnswerSchema },
  [`POST ${PAYMENTS_API.cardconnectAuthNewCard}`]: { responseSchema: CardAuthAnswerSchema },
  [`POST ${PAYMENTS_API.cardconnectProfileInquiry}`]: { responseSchema: SavedCardAnswerSchema },
};
