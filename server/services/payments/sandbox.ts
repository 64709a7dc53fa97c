// The sandbox processor (default PaymentGateway). Placeholder while the implementation lands:
// every call answers ProcessorUnavailable so callers can already be written against it.
import type { Db } from '../../db/client';
import type { CardAuthResult, PaymentGateway, TransactionResult } from './gateway';

const unavailable: TransactionResult = {
  approved: false, failure: 'ProcessorUnavailable', respCode: 'PU', message: 'Payment processor unavailable',
  retref: null, authCode: null, kind: 'auth', status: null, amount: 0, orderNumber: null,
};
const cardUnavailable: CardAuthResult = { ...unavailable, profileId: null, token: null, brand: null, firstFour: null, lastFour: null };

export function createSandboxGateway(_db: Db): PaymentGateway {
  return {
    tokenize: () => Promise.resolve({ ok: false, failure: 'InvalidCreditCardNumber', message: 'Invalid Credit Card Number' }),
    authorizeNewCard: () => Promise.resolve(cardUnavailable),
    authorizeProfile: () => Promise.resolve(cardUnavailable),
    capture: () => Promise.resolve(unavailable),
    refund: () => Promise.resolve(unavailable),
    captureCheck: () => Promise.resolve({ ...unavailable, kind: 'ach', token: null }),
    savedCardDetails: () => Promise.resolve(null),
  };
}
