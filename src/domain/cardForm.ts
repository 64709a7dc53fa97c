// The driver's new-card form (SPEC §5 "Card authorization payload"; §8 card texts). Pure:
// the card panel validates with it before the online authorization, and the messages are the
// same fixed texts the payments API answers with. Nothing here echoes a card number or a CVV.
import * as v from 'valibot';
import { ERROR_TEXT } from './errors';
import { CvvSchema, ExpirationSchema, OptionalEmailSchema, PAYMENT_TEXT, PhoneSchema, StateSchema } from './payments';

/** What the driver typed, as typed (card number may hold spaces, expiry a slash). */
export interface CardFormValues {
  cardNumber: string;
  /** MMYY or MM/YY. */
  expiration: string;
  cvv: string;
  firstName: string;
  lastName: string;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
}

export type CardFormField = keyof CardFormValues;
export type CardFormErrors = Partial<Record<CardFormField, string>>;

/** A form that passed: normalized values, ready for the authorization call. */
export interface ValidCardForm {
  /** Digits only. */
  cardNumber: string;
  /** "01".."12". */
  expMonth: string;
  /** Two digits. */
  expYear: string;
  cvv: string;
  firstName: string;
  lastName: string;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  /** Dropped (undefined) when it is not a valid email (SPEC §5). */
  email: string | undefined;
}

export type CardFormResult = { ok: true; card: ValidCardForm } | { ok: false; errors: CardFormErrors };

/** The Luhn (mod 10) check digit rule every card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A card number as typed (spaces or dashes allowed) → its 13 to 19 digits, or null. */
export function normalizeCardNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{13,19}$/.test(digits) ? digits : null;
}

/** Digits grouped by four for display while typing ("4111 1111 1111 1111"); at most 19 digits. */
export function formatCardNumberInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed → "MM/YY" display: digits only, at most four, a slash after the month. */
export function formatExpirationInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

const required = (max: number) => v.pipe(v.string(PAYMENT_TEXT.required), v.trim(), v.nonEmpty(PAYMENT_TEXT.required), v.maxLength(max, PAYMENT_TEXT.tooLong));

const CARD_NUMBER_TEXT = ERROR_TEXT.InvalidCreditCardNumber;
const CVV_TEXT = ERROR_TEXT.CreditCardCVVRequired;

const CardNumberSchema = v.pipe(
  v.string(CARD_NUMBER_TEXT),
  v.transform((input) => normalizeCardNumber(input) ?? ''),
  v.check((digits) => digits !== '' && luhnValid(digits), CARD_NUMBER_TEXT),
);

/** The typed expiry without its slash or spaces, then SPEC §5's exactly-4-digits MMYY. */
const ExpirySchema = v.pipe(
  v.string(PAYMENT_TEXT.expiration),
  v.transform((input) => input.replace(/[\s/]/g, '')),
  ExpirationSchema,
);

const CardFormSchema = v.object({
  cardNumber: CardNumberSchema,
  expiration: ExpirySchema,
  // The payments API's CVV rule with the card form's own text (SPEC §8).
  cvv: v.pipe(
    v.string(CVV_TEXT),
    v.trim(),
    v.check((cvv) => v.is(CvvSchema, cvv), CVV_TEXT),
  ),
  firstName: required(100),
  lastName: required(100),
  streetAddress: required(200),
  city: required(100),
  state: v.pipe(v.string(PAYMENT_TEXT.required), v.trim(), StateSchema),
  zip: required(10),
  phone: PhoneSchema,
  email: OptionalEmailSchema,
});

/**
 * SPEC §5 card authorization rules over the driver's form: every field's first error by
 * field, or the normalized card. The email never fails: an invalid one is dropped.
 */
export function validateCardForm(values: CardFormValues): CardFormResult {
  const parsed = v.safeParse(CardFormSchema, values);
  if (!parsed.success) {
    const errors: CardFormErrors = {};
    for (const issue of parsed.issues) {
      const field = issue.path?.[0]?.key;
      if (typeof field !== 'string' || !(field in values)) continue;
      const key = field as CardFormField;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const out = parsed.output;
  return {
    ok: true,
    card: {
      cardNumber: out.cardNumber,
      expMonth: out.expiration.slice(0, 2),
      expYear: out.expiration.slice(2),
      cvv: out.cvv,
      firstName: out.firstName,
      lastName: out.lastName,
      streetAddress: out.streetAddress,
      city: out.city,
      state: out.state,
      zip: out.zip,
      phone: out.phone,
      email: out.email,
    },
  };
}
