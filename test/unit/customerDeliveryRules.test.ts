import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { emptyCustomerDraft, type CustomerDraft, type DraftPhoto } from '../../src/db';
import { CUSTOMER_PAYLOAD_SCHEMAS, validateDelivery, type CustomerDeliveryDetails } from '../../src/domain';
import { customerCallOf, customerFacts, customerPayload } from '../../src/outbox';
import { authorizedCard, customerDetails } from '../support/customerDetails';

const photo = (id: string): DraftPhoto => ({ id, mime_type: 'image/jpeg', extension: 'jpg', size: 10, width: 10, height: 10 });
// The shared fixture, with a happy list and a survey to answer (the rules read both).
const details: CustomerDeliveryDetails = {
  ...customerDetails,
  happy_list_results: [
    { item: 'level', text: 'Building is level', value: true },
    { item: 'doors', text: 'Doors open and close', value: true },
  ],
  driver_delivery_survey_questions: [
    { id: 1, question: 'Happy?', type: 'YESNO' },
    { id: 2, question: 'Comments', type: 'TEXT' },
  ],
};
const complete: CustomerDraft = {
  ...emptyCustomerDraft(),
  photos: [photo('a')],
  deliveryMilesDriven: 20,
  signature: photo('s'),
  deliveryGpsLat: 40,
  deliveryGpsLon: -76,
  surveyAnswers: { 1: false, 2: '  Nice crew ' },
  happyList: ['doors'],
  // The amount the driver confirmed and the saved card chosen (each rule below that is not about them).
  paymentAmount: '100.00',
  cardProfileId: 'P1',
};
const rules = (draft: Partial<CustomerDraft>, server: CustomerDeliveryDetails = details) => validateDelivery(customerFacts(server, { ...complete, ...draft }));

describe("SPEC §5 rules per payment path, from the driver's draft", () => {
  it('every delivery: a photo, at most five, miles (not negative)', () => {
    expect(rules({ paymentMethod: 'Cash', photos: [] })).toEqual(['DeliveryPhotoRequired']);
    expect(rules({ paymentMethod: 'Cash', photos: ['1', '2', '3', '4', '5', '6'].map(photo) })).toEqual(['TooManyPhotos']);
    expect(rules({ paymentMethod: 'Cash', deliveryMilesDriven: null })).toEqual(['DeliveryMilesRequired']);
    expect(rules({ paymentMethod: 'Cash', deliveryMilesDriven: -3 })).toEqual(['DeliveryMilesNegative']);
  });
  it('a payment method is required (except RTO, which needs only the signature)', () => {
    expect(rules({})).toEqual(['PaymentMethodRequired']);
    expect(rules({ signature: null }, { ...details, is_rto: true })).toEqual(['DeliverySignatureRequired']);
    expect(rules({}, { ...details, is_rto: true })).toEqual([]);
  });
  it('cash and no payment: signature; a cash amount must be a number', () => {
    expect(rules({ paymentMethod: 'Cash', signature: null })).toEqual(['DeliverySignatureRequired']);
    expect(rules({ paymentMethod: 'Cash', paymentAmount: 'ten' })).toEqual(['PaymentAmountIsNan']);
    expect(rules({ paymentMethod: 'NoPayment', signature: null, paymentAmount: 'ten' })).toEqual(['DeliverySignatureRequired']);
  });
  it('check: a selection; new check needs signature and check image; saved check needs GPS, survey and a check id', () => {
    expect(rules({ paymentMethod: 'Check' })).toEqual(['CheckSelectionTypeIsRequired']);
    expect(rules({ paymentMethod: 'Check', checkSelection: 'NewCheck', signature: null })).toEqual(['DeliverySignatureRequired', 'CheckImageRequired']);
    expect(rules({ paymentMethod: 'Check', checkSelection: 'NewCheck', check: photo('c') })).toEqual([]);
    expect(rules({ paymentMethod: 'Check', checkSelection: 'SavedCheck', deliveryGpsLat: null, surveyAnswers: {} })).toEqual([
      'DeliveryLocationNotSet',
      'DeliverySurveyAnswersNotSet',
      'SavedCheckDoesNotHaveAnId',
    ]);
    expect(rules({ paymentMethod: 'Check', checkSelection: 'SavedCheck', customerOrderSavedCheckId: 3 })).toEqual([]);
  });
  it('card: a selection; existing card needs the signature; a new card needs its authorization (no CVV is ever kept)', () => {
    expect(rules({ paymentMethod: 'CreditCard' })).toEqual(['CardSelectionTypeIsRequired']);
    expect(rules({ paymentMethod: 'CreditCard', cardSelection: 'ExistingCard', signature: null })).toEqual(['DeliverySignatureRequired']);
    expect(rules({ paymentMethod: 'CreditCard', cardSelection: 'NewCard' })).toEqual([
      'CreditCardNumberRequired',
      'CreditCardExpirationDateRequired',
      'CreditCardCVVRequired',
    ]);
    const newCard = authorizedCard('100.00');
    expect(rules({ paymentMethod: 'CreditCard', cardSelection: 'NewCard', newCard })).toEqual([]);
  });
});

describe('the amount and the order state, judged on the phone as the server judges them (issue 22)', () => {
  it('an amount is required, a number, money of at most 2 decimals and above zero', () => {
    expect(rules({ paymentMethod: 'Cash', paymentAmount: '' })).toEqual(['PaymentAmountRequired']);
    expect(rules({ paymentMethod: 'Cash', paymentAmount: '   ' })).toEqual(['PaymentAmountRequired']);
    for (const nan of ['ten', '١٢', '12,50', '$12']) expect(rules({ paymentMethod: 'Cash', paymentAmount: nan }), nan).toEqual(['PaymentAmountIsNan']);
    for (const bad of ['-5', '1e3', '125.555', '12.', '0', '0.00', '+5', '0x10', '.5'])
      expect(rules({ paymentMethod: 'Check', checkSelection: 'NewCheck', check: photo('c'), paymentAmount: bad }), bad).toEqual(['InvalidAmount']);
    for (const good of [' 12', '00.5', '500', '499.99', '500.00'])
      expect(rules({ paymentMethod: 'CreditCard', cardSelection: 'ExistingCard', paymentAmount: good }), good).toEqual([]);
    // No payment and RTO collect nothing: whatever the field holds is not judged.
    expect(rules({ paymentMethod: 'NoPayment', paymentAmount: '' })).toEqual([]);
  });
  it('no more than the remaining balance the phone holds', () => {
    expect(rules({ paymentMethod: 'Cash', paymentAmount: '500.01' })).toEqual(['PaymentExceedsBalance']);
    expect(rules({ paymentMethod: 'Cash', paymentAmount: '150' }, { ...details, remaining_balance: '0.00' })).toEqual(['PaymentExceedsBalance']);
  });
  it("an existing card is one of the customer's saved cards; a new card's amount is the authorized one", () => {
    expect(rules({ paymentMethod: 'CreditCard', cardSelection: 'ExistingCard', cardProfileId: null })).toEqual(['SavedCardRequired']);
    expect(rules({ paymentMethod: 'CreditCard', cardSelection: 'ExistingCard', cardProfileId: 'P-other' })).toEqual(['SavedCardRequired']);
    const newCard = authorizedCard('100.00');
    expect(rules({ paymentMethod: 'CreditCard', cardSelection: 'NewCard', newCard, paymentAmount: '100' })).toEqual([]);
    expect(rules({ paymentMethod: 'CreditCard', cardSelection: 'NewCard', newCard, paymentAmount: '120.00' })).toEqual(['AmountNotAuthorized']);
    expect(rules({ paymentMethod: 'CreditCard', cardSelection: 'NewCard', newCard, paymentAmount: '99.99' })).toEqual(['AmountNotAuthorized']);
  });
});

describe('the payload each path queues', () => {
  const newCard = authorizedCard('100.00');
  const cases: [string, Partial<CustomerDraft>, CustomerDeliveryDetails][] = [
    ['cash', { paymentMethod: 'Cash', paymentAmount: '125.50' }, details],
    ['no_payment', { paymentMethod: 'NoPayment', paymentAmount: '99' }, details],
    ['new_check', { paymentMethod: 'Check', checkSelection: 'NewCheck', check: photo('c'), paymentAmount: '10' }, details],
    ['saved_check', { paymentMethod: 'Check', checkSelection: 'SavedCheck', customerOrderSavedCheckId: 3, paymentAmount: '10' }, details],
    ['existing_card', { paymentMethod: 'CreditCard', cardSelection: 'ExistingCard', cardProfileId: 'P1', paymentAmount: '10' }, details],
    ['new_card', { paymentMethod: 'CreditCard', cardSelection: 'NewCard', newCard, paymentAmount: '100.00' }, details],
    ['rto', { paymentMethod: 'Cash', paymentAmount: '10' }, { ...details, is_rto: true }],
  ];
  for (const [call, draft, server] of cases) {
    it(`${call}: validates against its kind's payload schema, survey and happy list in SPEC §3 shape, no CVV`, () => {
      const full = { ...complete, ...draft };
      expect(customerCallOf(server.is_rto, full)).toBe(call);
      const payload = customerPayload(call as never, 5, server, full, '2026-11-20T15:00:00.000Z');
      const parsed = v.safeParse(CUSTOMER_PAYLOAD_SCHEMAS[call as keyof typeof CUSTOMER_PAYLOAD_SCHEMAS], payload);
      expect(parsed.success, JSON.stringify(parsed.issues?.[0]?.message)).toBe(true);
      expect(payload.delivery_survey_answers).toEqual([
        { driver_delivery_survey_question_id: 1, answer: false },
        { driver_delivery_survey_question_id: 2, answer: 'Nice crew' },
      ]);
      expect(payload.happy_list_results).toEqual([{ item: 'doors', text: 'Doors open and close', value: true }]);
      expect(JSON.stringify(payload)).not.toContain('cvv');
      if (call === 'no_payment' || call === 'rto') expect(payload).not.toHaveProperty('payment_amount');
    });
  }
});
