// Card data, by field name, in one place (PCI DSS 3.3/3.5): which body fields hold a card's
// secrets, and which hold anything else of a card or its holder's billing. The server's uses
// (log redaction, Idempotency-Key hashes, what a stored body keeps: server/services/cardSecrets.ts)
// and the phone's (an outbox exported for support: src/outbox/scenario/export.ts) read these.

/** Fields holding a card's security code: dropped everywhere. */
export const CVV_FIELDS: readonly string[] = ['cvv', 'card_cvv'];
/** Fields holding a card number, unless the value is a processor token. */
export const CARD_NUMBER_FIELDS: readonly string[] = ['account_token', 'card_token', 'account'];
/** Fields holding a bank account number. */
export const BANK_NUMBER_FIELDS: readonly string[] = ['account_number'];
/** The rest of a card as the phone keeps it: expiry, the processor's profile and authorization, the holder's billing. */
export const CARD_DETAIL_FIELDS: readonly string[] = [
  'card_number',
  'card_exp_month',
  'card_exp_year',
  'card_profile_id',
  'retref',
  'payment_processing_account_id',
  'first_name',
  'last_name',
  'billing_address',
  'billing_city',
  'billing_state',
  'billing_zip',
  'billing_phone',
  'billing_email',
];

/** A CardConnect-style token (`9` + 15 digits): what stands in for a card number, not a secret. */
export const looksLikeToken = (value: string): boolean => /^9\d{15}$/.test(value);

const CARD_DATA = new Set([...CVV_FIELDS, ...CARD_NUMBER_FIELDS, ...BANK_NUMBER_FIELDS, ...CARD_DETAIL_FIELDS]);

/** A body with no card data at all (no number, token, security code, expiry, profile or billing), at any depth. */
export function withoutCardData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCardData);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !CARD_DATA.has(key))
      .map(([key, item]) => [key, withoutCardData(item)]),
  );
}
