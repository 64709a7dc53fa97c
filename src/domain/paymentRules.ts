// The payment rules of a customer delivery, once, for both judges (issue 22): the phone runs
// them when Deliver is pressed (nothing is queued when they refuse), the server runs the same
// functions on the call's body and then on its own state. What the phone accepted is what the
// server commits unless the server's state differs from the phone's copy (the balance changed
// at the office, the card was removed, the order was delivered or reassigned): those are the
// only refusals the phone cannot foresee.
import type { ErrorCode } from './errors';
import type { PaymentMethod } from './enums';

/** Dollars as the driver types them: digits, then at most two decimals ("125", "125.5", "125.50"). */
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/** Methods that collect money, so carry an amount the driver sees and confirms. */
export const collectsPayment = (method: PaymentMethod | null | undefined): boolean => method === 'Cash' || method === 'Check' || method === 'CreditCard';

/**
 * Cents of an amount the driver typed (surrounding spaces allowed), or null when it is not
 * an amount of at most two decimals: "-5", "1e3", "125.555", "12.", Unicode digits.
 */
export function typedAmountCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!MONEY.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The amount's own rule (needs nothing but the text): present, a number, money, above zero. */
export function amountErrors(method: PaymentMethod | null | undefined, amount: string | number | null | undefined): ErrorCode[] {
  if (!collectsPayment(method)) return [];
  const text = amount === null || amount === undefined ? '' : String(amount).trim();
  if (text === '') return ['PaymentAmountRequired'];
  // Number() reads "1e3", " 12", "0x10" and "" as numbers; an amount is checked as text below.
  if (Number.isNaN(Number(text))) return ['PaymentAmountIsNan'];
  const cents = typedAmountCents(text);
  return cents === null || cents === 0 ? ['InvalidAmount'] : [];
}

/** What one judge knows of the order when it looks at a payment (the phone its copy, the server its rows). */
export interface PaymentState {
  /** The order's remaining balance in cents. */
  balanceCents: number | null;
  /** Existing card: the cards saved for this order's customer (profile ids); null when not known. */
  savedCardIds: readonly string[] | null;
  /** New card: the amount its authorization (retref) holds, in cents; null when none or not known. */
  authorizedCents: number | null;
}

export interface PaymentChoice {
  method: PaymentMethod | null | undefined;
  /** ExistingCard / NewCard, when the method is a card. */
  cardSelection: 'ExistingCard' | 'NewCard' | null | undefined;
  amount: string | number | null | undefined;
  /** ExistingCard: the saved card chosen. */
  savedCardId: string | null | undefined;
}

/**
 * The rules that compare the choice with the order's state: no more than the balance, a saved
 * card of this customer, exactly the authorized amount on a new card. Run after amountErrors
 * passed (an amount that is not money has no cents to compare).
 */
export function paymentStateErrors(choice: PaymentChoice, state: PaymentState): ErrorCode[] {
  const errors: ErrorCode[] = [];
  const cents = collectsPayment(choice.method) ? typedAmountCents(choice.amount) : 0;
  if (cents !== null && state.balanceCents !== null && cents > state.balanceCents) errors.push('PaymentExceedsBalance');
  if (choice.method === 'CreditCard' && choice.cardSelection === 'ExistingCard') {
    const chosen = choice.savedCardId ?? '';
    if (chosen === '' || (state.savedCardIds !== null && !state.savedCardIds.includes(chosen))) errors.push('SavedCardRequired');
  }
  if (
    choice.method === 'CreditCard' &&
    choice.cardSelection === 'NewCard' &&
    cents !== null &&
    state.authorizedCents !== null &&
    cents !== state.authorizedCents
  )
    errors.push('AmountNotAuthorized');
  return errors;
}
