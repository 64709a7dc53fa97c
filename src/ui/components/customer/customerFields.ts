import type { ErrorCode } from '../../../domain';
import { COMMON_FIELD_OF, type CommonField } from '../DeliveryCommonFields';
import type { PaymentField } from './PaymentFields';

// Where the customer delivery form shows each SPEC §5 rule's refusal: beside its field.
export type CustomerField = CommonField | PaymentField | 'signature' | 'survey';

export const CUSTOMER_FIELD_OF: Partial<Record<ErrorCode, CustomerField>> = {
  ...COMMON_FIELD_OF,
  DeliverySignatureRequired: 'signature',
  DeliveryLocationNotSet: 'gps',
  DeliverySurveyAnswersNotSet: 'survey',
  PaymentMethodRequired: 'payment',
  CheckSelectionTypeIsRequired: 'payment',
  CardSelectionTypeIsRequired: 'payment',
  PaymentAmountIsNan: 'amount',
  PaymentAmountRequired: 'amount',
  InvalidAmount: 'amount',
  PaymentExceedsBalance: 'amount',
  AmountNotAuthorized: 'amount',
  SavedCardRequired: 'card',
  CheckImageRequired: 'check',
  SavedCheckDoesNotHaveAnId: 'saved-check',
  CreditCardNumberRequired: 'card',
  CreditCardExpirationDateRequired: 'card',
  CreditCardCVVRequired: 'card',
};
