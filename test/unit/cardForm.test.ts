import { describe, expect, it } from 'vitest';
import {
  ERROR_TEXT,
  PAYMENT_TEXT,
  formatCardNumberInput,
  formatExpirationInput,
  luhnValid,
  normalizeCardNumber,
  validateCardForm,
  type CardFormValues,
} from '../../src/domain';

const valid: CardFormValues = {
  cardNumber: '4111 1111 1111 1111',
  expiration: '09/31',
  cvv: '123',
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetAddress: '12 Orchard Lane',
  city: 'Lancaster',
  state: 'PA',
  zip: '17602',
  phone: '717-555-0100',
  email: 'ada@example.com',
};

const errorsOf = (overrides: Partial<CardFormValues>) => {
  const result = validateCardForm({ ...valid, ...overrides });
  return result.ok ? {} : result.errors;
};

describe('luhnValid and card number input', () => {
  it('accepts Luhn-valid numbers and rejects the rest', () => {
    for (const pan of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '4000000000000002']) {
      expect(luhnValid(pan), pan).toBe(true);
    }
    for (const pan of ['4111111111111112', '1234567812345678', '', '4111-1111', 'abcd']) expect(luhnValid(pan), pan).toBe(false);
  });

  it('normalizes typed numbers to 13-19 digits', () => {
    expect(normalizeCardNumber('4111 1111-1111 1111')).toBe('4111111111111111');
    expect(normalizeCardNumber('411111111111')).toBeNull();
    expect(normalizeCardNumber('41111111111111111111')).toBeNull();
    expect(normalizeCardNumber('4111 1111 1111 111x')).toBeNull();
  });

  it('formats what the driver types', () => {
    expect(formatCardNumberInput('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumberInput('4111-11')).toBe('4111 11');
    expect(formatCardNumberInput('4111 ')).toBe('4111');
    expect(formatExpirationInput('0931')).toBe('09/31');
    expect(formatExpirationInput('09/')).toBe('09');
    expect(formatExpirationInput('093')).toBe('09/3');
    expect(formatExpirationInput('09/3155')).toBe('09/31');
  });
});

describe('validateCardForm (SPEC §5 card authorization rules)', () => {
  it('passes a complete form and normalizes it', () => {
    const result = validateCardForm({ ...valid, firstName: '  Ada ', cvv: '1234' });
    expect(result).toEqual({
      ok: true,
      card: {
        cardNumber: '4111111111111111',
        expMonth: '09',
        expYear: '31',
        cvv: '1234',
        firstName: 'Ada',
        lastName: 'Lovelace',
        streetAddress: '12 Orchard Lane',
        city: 'Lancaster',
        state: 'PA',
        zip: '17602',
        phone: '717-555-0100',
        email: 'ada@example.com',
      },
    });
  });

  it('takes the expiry with or without its slash, exactly four digits MMYY', () => {
    expect(validateCardForm({ ...valid, expiration: '0931' }).ok).toBe(true);
    for (const expiration of ['', '9/31', '09/2031', '13/31', '00/31', '0a/31', '093']) {
      expect(errorsOf({ expiration }), expiration).toEqual({ expiration: PAYMENT_TEXT.expiration });
    }
  });

  it('rejects a card number that is not Luhn-valid', () => {
    for (const cardNumber of ['', '4111 1111 1111 1112', '4111', 'not a card']) {
      expect(errorsOf({ cardNumber }), cardNumber).toEqual({ cardNumber: ERROR_TEXT.InvalidCreditCardNumber });
    }
    expect(ERROR_TEXT.InvalidCreditCardNumber).toBe('Invalid Credit Card Number');
  });

  it('needs a 3 or 4 digit CVV', () => {
    for (const cvv of ['', '12', '12345', '12a']) {
      expect(errorsOf({ cvv }), cvv).toEqual({ cvv: 'Credit card CVV is required' });
    }
  });

  it('needs a two-letter uppercase state', () => {
    for (const state of ['pa', 'Penn', 'P', '']) {
      expect(errorsOf({ state }), state).toEqual({ state: 'Uppercase 2-letter state abbreviation' });
    }
    expect(validateCardForm({ ...valid, state: ' PA ' }).ok).toBe(true);
  });

  it('needs a phone of 5 to 15 characters', () => {
    expect(errorsOf({ phone: '1234' })).toEqual({ phone: PAYMENT_TEXT.phone });
    expect(errorsOf({ phone: '1234567890123456' })).toEqual({ phone: PAYMENT_TEXT.phone });
    expect(validateCardForm({ ...valid, phone: '12345' }).ok).toBe(true);
    expect(validateCardForm({ ...valid, phone: '123456789012345' }).ok).toBe(true);
  });

  it('drops an invalid email instead of failing', () => {
    for (const email of ['', 'not-an-email', 'a@b', '  ']) {
      const result = validateCardForm({ ...valid, email });
      expect(result.ok && result.card.email, email).toBeUndefined();
    }
    const trimmed = validateCardForm({ ...valid, email: ' ada@example.com ' });
    expect(trimmed.ok && trimmed.card.email).toBe('ada@example.com');
  });

  it('requires every other field', () => {
    const errors = errorsOf({ firstName: ' ', lastName: '', streetAddress: '', city: '', zip: '' });
    expect(errors).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      streetAddress: 'Required',
      city: 'Required',
      zip: 'Required',
    });
    expect(errorsOf({ zip: '12345678901' })).toEqual({ zip: PAYMENT_TEXT.tooLong });
  });

  it('reports every failing field at once, one message each', () => {
    const result = validateCardForm({
      cardNumber: '1',
      expiration: '1',
      cvv: '',
      firstName: '',
      lastName: '',
      streetAddress: '',
      city: '',
      state: 'x',
      zip: '',
      phone: '',
      email: 'x',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        cardNumber: 'Invalid Credit Card Number',
        expiration: 'Format MMYY',
        cvv: 'Credit card CVV is required',
        firstName: 'Required',
        lastName: 'Required',
        streetAddress: 'Required',
        city: 'Required',
        state: 'Uppercase 2-letter state abbreviation',
        zip: 'Required',
        phone: PAYMENT_TEXT.phone,
      },
    });
  });

  it('never echoes the card number or the CVV in a message', () => {
    const result = validateCardForm({ ...valid, cardNumber: '4111111111111112', cvv: '98765' });
    expect(JSON.stringify(result)).not.toMatch(/4111111111111112|98765/);
  });
});
