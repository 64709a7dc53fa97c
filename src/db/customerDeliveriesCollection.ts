import type { RxCollection } from 'rxdb';
import type { CardSelection, CheckSelection, CustomerDeliveryDetails, PaymentMethod, SavedCheck, SignatureFrom } from '../domain';
import { deliveryDocSchema, draftCommonProperties, emptyDraftCommon, type DeliveryDoc, type DraftCommon, type DraftPhoto } from './deliveryDoc';

/**
 * A new card authorized online (SPEC §4 "new card authentication"): what the processor
 * answered. Never the card number or the CVV, which live only in memory for that call.
 */
export interface AuthorizedCard {
  profileId: string;
  firstFour: string;
  lastFour: string | null;
  retref: string;
  token: string; // the processor's token (9 + 15 digits), not a PAN
  expMonth: string;
  expYear: string;
  amount: string;
}

/** The driver's local delivery state (SPEC §3) for a customer order. */
export interface CustomerDraft extends DraftCommon {
  signature: DraftPhoto | null;
  signatureFrom: SignatureFrom;
  /** Happy-list items the driver ticked (by item name). */
  happyList: string[];
  /** Survey answers by question id: YESNO questions hold true/false, others text. */
  surveyAnswers: Record<string, string | boolean>;
  paymentMethod: PaymentMethod | null;
  checkSelection: CheckSelection | null;
  cardSelection: CardSelection | null;
  paymentAmount: string;
  check: DraftPhoto | null;
  customerOrderSavedCheckId: number | null;
  /** ExistingCard: the saved card chosen from customer_card_list. */
  cardProfileId: string | null;
  /** NewCard: the authorization result, reset by the driver to enter another card. */
  newCard: AuthorizedCard | null;
}

export function emptyCustomerDraft(): CustomerDraft {
  return {
    ...emptyDraftCommon(),
    signature: null,
    signatureFrom: 'customer',
    happyList: [],
    surveyAnswers: {},
    paymentMethod: null,
    checkSelection: null,
    cardSelection: null,
    paymentAmount: '',
    check: null,
    customerOrderSavedCheckId: null,
    cardProfileId: null,
    newCard: null,
  };
}

/** `customer_deliveries`: customer delivery details and saved checks beside the driver's draft. */
export type CustomerDeliveryDoc = DeliveryDoc<CustomerDeliveryDetails, CustomerDraft> & {
  /** The order's saved checks (SPEC §7), cached for offline choice; null until fetched. */
  saved_checks: SavedCheck[] | null;
  /** `server.updated_at` when the saved checks were fetched: a newer one refetches them. */
  saved_checks_at: string | null;
};

export const customerDeliveriesSchema = deliveryDocSchema<CustomerDeliveryDetails, CustomerDraft>(
  'customer_deliveries',
  0,
  {
    ...draftCommonProperties,
    signature: { type: ['object', 'null'] },
    signatureFrom: { type: 'string' },
    happyList: { type: 'array', items: { type: 'string' } },
    surveyAnswers: { type: 'object' },
    paymentMethod: { type: ['string', 'null'] },
    checkSelection: { type: ['string', 'null'] },
    cardSelection: { type: ['string', 'null'] },
    paymentAmount: { type: 'string' },
    check: { type: ['object', 'null'] },
    customerOrderSavedCheckId: { type: ['number', 'null'] },
    cardProfileId: { type: ['string', 'null'] },
    newCard: { type: ['object', 'null'] },
  },
  { saved_checks: { type: ['array', 'null'], items: { type: 'object' } }, saved_checks_at: { type: ['string', 'null'] } },
) as unknown as import('rxdb').RxJsonSchema<CustomerDeliveryDoc>;

// Version 0: no migrations yet. A schema change bumps `version` and adds a strategy here.
export const customerDeliveriesMigrations = {};

export type CustomerDeliveriesCollection = RxCollection<CustomerDeliveryDoc>;
