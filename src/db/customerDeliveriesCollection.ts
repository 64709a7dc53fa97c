import type { RxCollection } from 'rxdb';
import * as v from 'valibot';
import { CARD_SELECTIONS, CHECK_SELECTIONS, CustomerDeliveryDetailsSchema, PAYMENT_METHODS, SavedCheckSchema, SIGNATURE_FROM } from '../domain';
import { deliveryDocShape, DraftCommonEntries, DraftPhotoSchema, emptyDraftCommon } from './deliveryDoc';

/**
 * A new card authorized online (SPEC §4 "new card authentication"): what the processor
 * answered. Never the card number or the CVV, which live only in memory for that call.
 */
const AuthorizedCardSchema = v.object({
  profileId: v.string(),
  firstFour: v.string(),
  lastFour: v.nullable(v.string()),
  retref: v.string(),
  token: v.string(), // the processor's token (9 + 15 digits), not a PAN
  expMonth: v.string(),
  expYear: v.string(),
  amount: v.string(),
});
export type AuthorizedCard = v.InferOutput<typeof AuthorizedCardSchema>;

/** The driver's local delivery state (SPEC §3) for a customer order. */
const CustomerDraftEntries = {
  ...DraftCommonEntries,
  signature: v.nullable(DraftPhotoSchema),
  signatureFrom: v.picklist(SIGNATURE_FROM),
  /** Happy-list items the driver ticked (by item name). */
  happyList: v.array(v.string()),
  /** Survey answers by question id: YESNO questions hold true/false, others text. */
  surveyAnswers: v.record(v.string(), v.union([v.string(), v.boolean()])),
  paymentMethod: v.nullable(v.picklist(PAYMENT_METHODS)),
  checkSelection: v.nullable(v.picklist(CHECK_SELECTIONS)),
  cardSelection: v.nullable(v.picklist(CARD_SELECTIONS)),
  paymentAmount: v.string(),
  check: v.nullable(DraftPhotoSchema),
  customerOrderSavedCheckId: v.nullable(v.number()),
  /** ExistingCard: the saved card chosen from customer_card_list. */
  cardProfileId: v.nullable(v.string()),
  /** NewCard: the authorization result, reset by the driver to enter another card. */
  newCard: v.nullable(AuthorizedCardSchema),
};
export type CustomerDraft = v.InferOutput<v.ObjectSchema<typeof CustomerDraftEntries, undefined>>;

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
const customerDeliveries = deliveryDocShape('customer_deliveries', 0, {
  server: CustomerDeliveryDetailsSchema,
  draft: CustomerDraftEntries,
  extra: {
    /** The order's saved checks (SPEC §7), cached for offline choice; null until fetched. */
    saved_checks: v.nullable(v.array(SavedCheckSchema)),
    /** `server.updated_at` when the saved checks were fetched: a newer one refetches them. */
    saved_checks_at: v.nullable(v.string()),
  },
});
export type CustomerDeliveryDoc = v.InferOutput<typeof customerDeliveries.document>;
export const customerDeliveriesSchema = customerDeliveries.schema;

// Version 0: no migrations yet. A schema change bumps `version` and adds a strategy here.
export const customerDeliveriesMigrations = {};

export type CustomerDeliveriesCollection = RxCollection<CustomerDeliveryDoc>;
