import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DeliverOnlotBodySchema, factsOfInventoryBody, validateDelivery, type DeliveryFacts } from '../../src/domain';

const complete: DeliveryFacts = {
  kind: 'onlot',
  photoCount: 2,
  milesDriven: 12,
  began: '2026-11-20T14:00:00.000Z',
  ended: '2026-11-20T15:00:00.000Z',
};

describe('SPEC §5 rules for on-lot deliveries', () => {
  it('accepts a complete delivery', () => {
    expect(validateDelivery(complete)).toEqual([]);
  });

  it('needs at least one photo and at most five', () => {
    expect(validateDelivery({ ...complete, photoCount: 0 })).toEqual(['DeliveryPhotoRequired']);
    expect(validateDelivery({ ...complete, photoCount: 5 })).toEqual([]);
    expect(validateDelivery({ ...complete, photoCount: 6 })).toEqual(['TooManyPhotos']);
  });

  it('needs miles driven as a non-negative number', () => {
    expect(validateDelivery({ ...complete, milesDriven: -1 })).toEqual(['DeliveryMilesNegative']);
    // Past the body's bound: a field error at the door, not a general failure of Deliver.
    expect(validateDelivery({ ...complete, milesDriven: 100_000.5 })).toEqual(['DeliveryMilesTooMany']);
    expect(validateDelivery({ ...complete, milesDriven: 100_000 })).toEqual([]);
    for (const miles of [null, undefined, Number.NaN, Infinity]) {
      expect(validateDelivery({ ...complete, milesDriven: miles })).toEqual(['DeliveryMilesRequired']);
    }
    expect(validateDelivery({ ...complete, milesDriven: 0 })).toEqual([]);
  });

  it('needs both start and end time, in order', () => {
    expect(validateDelivery({ ...complete, began: null })).toEqual(['DeliveryTimeRequired']);
    expect(validateDelivery({ ...complete, ended: '' })).toEqual(['DeliveryTimeRequired']);
    expect(validateDelivery({ ...complete, ended: '2026-11-20T13:00:00.000Z' })).toEqual(['DeliveryEndBeforeStart']);
  });

  it('reports every failed rule at once', () => {
    expect(validateDelivery({ kind: 'move', photoCount: 0, milesDriven: null, began: null, ended: null })).toEqual([
      'DeliveryPhotoRequired',
      'DeliveryMilesRequired',
      'DeliveryTimeRequired',
    ]);
  });

  it('reads the same facts from a request body as from a draft', () => {
    const body = v.parse(DeliverOnlotBodySchema, {
      onlot_inventory_order_id: 3,
      date_delivered: '2026-11-20T15:05:00.000Z',
      delivery_miles_driven: null,
      delivery_began: '2026-11-20T14:00:00.000Z',
      delivery_ended: null,
    });
    expect(validateDelivery(factsOfInventoryBody('onlot', body))).toEqual(['DeliveryPhotoRequired', 'DeliveryMilesRequired', 'DeliveryTimeRequired']);
  });

  it('refuses unknown fields and bad types in the body shape', () => {
    expect(v.safeParse(DeliverOnlotBodySchema, { onlot_inventory_order_id: 3, date_delivered: '2026-11-20T15:05:00.000Z', company_id: 2 }).success).toBe(false);
    expect(v.safeParse(DeliverOnlotBodySchema, { onlot_inventory_order_id: '3', date_delivered: '2026-11-20T15:05:00.000Z' }).success).toBe(false);
    expect(v.safeParse(DeliverOnlotBodySchema, { onlot_inventory_order_id: 3, date_delivered: 'yesterday' }).success).toBe(false);
  });
});

describe('SPEC §5 rules for customer payments', () => {
  const customer: DeliveryFacts = { ...complete, kind: 'customer', hasSignature: true, paymentMethod: 'Cash', paymentAmount: '10' };
  it('asks for a payment method, a signature and the check or card details', () => {
    expect(validateDelivery({ ...customer, paymentMethod: null })).toEqual(['PaymentMethodRequired']);
    expect(validateDelivery({ ...customer, hasSignature: false })).toEqual(['DeliverySignatureRequired']);
    expect(validateDelivery({ ...customer, paymentMethod: 'Check' })).toEqual(['CheckSelectionTypeIsRequired']);
    expect(validateDelivery({ ...customer, paymentMethod: 'CreditCard' })).toEqual(['CardSelectionTypeIsRequired']);
    expect(validateDelivery({ ...customer, paymentMethod: 'Check', checkSelection: 'NewCheck' })).toEqual(['CheckImageRequired']);
    expect(validateDelivery({ ...customer, paymentMethod: 'Check', checkSelection: 'SavedCheck' })).toEqual([
      'DeliveryLocationNotSet',
      'DeliverySurveyAnswersNotSet',
      'SavedCheckDoesNotHaveAnId',
    ]);
    expect(validateDelivery({ ...customer, paymentMethod: 'CreditCard', cardSelection: 'NewCard' })).toEqual([
      'CreditCardNumberRequired',
      'CreditCardExpirationDateRequired',
      'CreditCardCVVRequired',
    ]);
    expect(validateDelivery({ ...customer, paymentAmount: 'ten' })).toEqual(['PaymentAmountIsNan']);
    expect(validateDelivery({ ...customer, isRto: true, paymentMethod: null })).toEqual([]);
  });
});
