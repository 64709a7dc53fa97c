// A new card authorized online (SPEC §7 /secure/cardconnect/auth_new_card; SPEC §4 new card
// authentication). Runs in the sync worker at the driver's request: it is online by nature
// and never queued, because the PAN and CVV must not be written anywhere (ARCHITECTURE
// invariants). Nothing here logs, stores or echoes the input.
import { ERROR_TEXT, PAYMENTS_API, type AnswerOf, type ValidCardForm } from '../domain';
import type { AuthorizedCard } from '../db';
import type { HttpClient } from './http';
import { TransportError } from './transportError';

export interface CardAuthInput {
  customerOrderId: number;
  /** The PAN as typed; lives only in memory for this call. */
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvv: string;
  /** Dollars as text, e.g. "300" or "300.00". */
  amount: string;
  billingZip: string;
  /** The holder's billing as typed and validated on the form (validateCardForm); the ZIP is billingZip. */
  holder?: CardHolder;
  paymentProcessingAccountId: string | null;
}

/** The holder's part of a valid new-card form (the email already dropped when not valid). */
export type CardHolder = Pick<ValidCardForm, 'firstName' | 'lastName' | 'streetAddress' | 'city' | 'state' | 'phone' | 'email'>;

const AUTH_NEW_CARD = `POST ${PAYMENTS_API.cardconnectAuthNewCard}` as const;

export type CardAuthOutcome = { ok: true; card: AuthorizedCard } | { ok: false; message: string };

const text = (value: unknown): string | null => {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
};

/** "9" → "09", "2031" → "31": the call's month and year as the server normalizes them. */
const month = (m: string): string => m.trim().padStart(2, '0');
const year = (y: string): string => y.trim().slice(-2);

const holderFields = (holder: CardHolder) => ({
  first_name: holder.firstName,
  last_name: holder.lastName,
  billing_address: holder.streetAddress,
  billing_city: holder.city,
  billing_state: holder.state,
  billing_phone: holder.phone,
  billing_email: holder.email,
});

export async function authorizeNewCard(http: HttpClient, input: CardAuthInput): Promise<CardAuthOutcome> {
  let answer: AnswerOf<typeof AUTH_NEW_CARD>;
  try {
    // The server's success body (server/services/payments/http.ts cardAuthBody), validated by the table.
    answer = await http.call(
      AUTH_NEW_CARD,
      {
        customer_order_id: input.customerOrderId,
        card_token: input.cardNumber.replace(/[\s-]/g, ''),
        card_exp_month: month(input.expMonth),
        card_exp_year: year(input.expYear),
        card_cvv: input.cvv.trim(),
        // Left out when empty: the server then authorizes the order's remaining balance.
        amount: input.amount.trim() || undefined,
        billing_zip: input.billingZip.trim() || undefined,
        // SPEC §7 auth-new-card: the billing the driver typed is what the card is authorized with.
        ...(input.holder ? holderFields(input.holder) : {}),
        payment_processing_account_id: input.paymentProcessingAccountId,
      },
      { idempotencyKey: crypto.randomUUID() },
    );
  } catch (error) {
    // TransportError messages are the server's fixed texts or transport descriptions; any
    // other error is not shown (it could, in principle, carry request details).
    if (error instanceof TransportError && error.code !== 'GeneralError' && error.message) {
      return { ok: false, message: error.message };
    }
    return { ok: false, message: ERROR_TEXT.ErrorAuthenticatingCard };
  }
  const profileId = text(answer.profile_id);
  const retref = text(answer.retref);
  const token = text(answer.token);
  const firstFour = text(answer.first_four_digits);
  if (!profileId || !retref || !token || !firstFour) {
    return { ok: false, message: ERROR_TEXT.ErrorAuthenticatingCard };
  }
  return {
    ok: true,
    card: {
      profileId,
      firstFour,
      lastFour: text(answer.last_four_digits),
      retref,
      token,
      expMonth: month(input.expMonth),
      expYear: year(input.expYear),
      amount: text(answer.amount) ?? input.amount.trim(),
    },
  };
}
