// Payments API contract (SPEC §5 "Card authorization payload", "Check/ACH"; §7 Payments API;
// DESIGN §6 /api/payments/* as POST). Pure: the client validates its forms with the same
// schemas the server enforces. Every message is a fixed text: valibot's default messages
// echo the received value, and a received value may be a card number or a CVV.
import * as v from 'valibot';
import { idSchema } from './ids';

export const PAYMENTS_API = {
  authNewCard: '/api/payments/auth-new-card',
  authProfile: '/api/payments/auth-profile',
  captureCheckPayment: '/api/payments/capture-check-payment',
  capturePayment: '/api/payments/capture-payment',
  refundRequest: '/api/payments/refund-request',
  savedCardDetails: '/api/payments/saved-card-details',
  /** CardSecure-like tokenizer: {account: PAN} → {token}; the app's card form uses it. */
  tokenize: '/api/payments/tokenize',
  cardconnectAuthNewCard: '/secure/cardconnect/auth_new_card',
  cardconnectProfileInquiry: '/secure/cardconnect/profile_inquiry',
} as const;

export const PAYMENT_TEXT = {
  required: 'Required',
  expiration: 'Format MMYY',
  state: 'Uppercase 2-letter state abbreviation',
  phone: 'Length 5 to 15',
  cvv: 'CVV must be 3 or 4 digits',
  amount: 'Amount must be a positive number with at most 2 decimals',
  amountNumber: 'Amount must be a number',
  tooLong: 'Too long',
  type: 'type must be ach-new or ach-token',
  boolean: 'Must be true or false',
  refundAmount: 'amount is required unless full_refund is true',
  body: 'The body must be a JSON object',
} as const;

/** Largest single charge the API takes ($1,000,000): keeps cents well inside int4. */
export const MAX_PAYMENT_CENTS = 100_000_000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Dollars (number or text) → integer cents; null unless positive, finite and ≤ 2 decimals. */
export function toCents(value: unknown, opts: { allowZero?: boolean } = {}): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match?.[1]) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents > MAX_PAYMENT_CENTS || (cents === 0 && !opts.allowZero)) return null;
  return cents;
}

const text = (max = 200) => v.pipe(v.string(PAYMENT_TEXT.required), v.trim(), v.nonEmpty(PAYMENT_TEXT.required), v.maxLength(max, PAYMENT_TEXT.tooLong));

/** MMYY with a real month; whether it is in the past is the processor's call. */
export const ExpirationSchema = v.pipe(v.string(PAYMENT_TEXT.expiration), v.regex(/^(0[1-9]|1[0-2])\d{2}$/, PAYMENT_TEXT.expiration));
export const StateSchema = v.pipe(v.string(PAYMENT_TEXT.required), v.regex(/^[A-Z]{2}$/, PAYMENT_TEXT.state));
export const PhoneSchema = v.pipe(v.string(PAYMENT_TEXT.required), v.trim(), v.minLength(5, PAYMENT_TEXT.phone), v.maxLength(15, PAYMENT_TEXT.phone));
/** Optional; anything that is not a valid email is dropped (SPEC §5), never an error. */
export const OptionalEmailSchema = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value): string | undefined => {
      const email = typeof value === 'string' ? value.trim() : '';
      return email.length <= 254 && EMAIL.test(email) ? email : undefined;
    }),
  ),
);
export const CvvSchema = v.pipe(v.string(PAYMENT_TEXT.required), v.regex(/^\d{3,4}$/, PAYMENT_TEXT.cvv));

/** Card amounts are text per SPEC §5 ("required strings"); a number is accepted too. */
const cardAmount = v.pipe(
  v.union([v.string(), v.number()], PAYMENT_TEXT.required),
  v.check((value) => toCents(value) !== null, PAYMENT_TEXT.amount),
  v.transform((value) => (toCents(value) ?? 0) / 100),
);
/** Check amounts are numbers (SPEC §5). */
const checkAmount = v.pipe(
  v.number(PAYMENT_TEXT.amountNumber),
  v.check((value) => toCents(value) !== null, PAYMENT_TEXT.amount),
);
/** Ignored by the server (the token's company wins); accepted so SPEC's payloads parse. */
const companyId = v.nullish(v.union([v.number(), v.string()], PAYMENT_TEXT.required));

const billing = {
  billing_address: text(),
  billing_city: text(100),
  billing_state: StateSchema,
  billing_zip: text(10),
  billing_phone: PhoneSchema,
  billing_email: OptionalEmailSchema,
};

export const AuthNewCardBodySchema = v.object(
  {
    account_token: text(32),
    expiration: ExpirationSchema,
    amount: cardAmount,
    first_name: text(100),
    last_name: text(100),
    ...billing,
    cvv: CvvSchema,
    order_number: text(64),
  },
  PAYMENT_TEXT.body,
);
export type AuthNewCardBody = v.InferOutput<typeof AuthNewCardBodySchema>;

export const AuthProfileBodySchema = v.object(
  {
    amount: cardAmount,
    profile_id: text(32),
    /** Optional: a queued saved-card charge never carries a CVV (DESIGN §5). */
    cvv: v.nullish(CvvSchema),
    order_number: text(64),
    billing_zip: text(10),
  },
  PAYMENT_TEXT.body,
);
export type AuthProfileBody = v.InferOutput<typeof AuthProfileBodySchema>;

export const AchNewBodySchema = v.object(
  {
    type: v.literal('ach-new'),
    account_number: text(34),
    routing_number: text(16),
    amount: checkAmount,
    first_name: text(100),
    last_name: text(100),
    ...billing,
    order_number: text(64),
    company_id: companyId,
  },
  PAYMENT_TEXT.body,
);
export const AchTokenBodySchema = v.object(
  {
    type: v.literal('ach-token'),
    token: text(32),
    amount: checkAmount,
    order_number: text(64),
    company_id: companyId,
  },
  PAYMENT_TEXT.body,
);
export const CaptureCheckBodySchema = v.variant('type', [AchNewBodySchema, AchTokenBodySchema], PAYMENT_TEXT.type);
export type CaptureCheckBody = v.InferOutput<typeof CaptureCheckBodySchema>;

const transactionId = v.pipe(
  v.union([v.string(), v.number()], PAYMENT_TEXT.required),
  v.transform((value) => String(value).trim()),
  v.nonEmpty(PAYMENT_TEXT.required),
  v.maxLength(32, PAYMENT_TEXT.tooLong),
);

export const CapturePaymentBodySchema = v.object(
  {
    amount: cardAmount,
    transaction_id: transactionId,
    token: v.nullish(v.pipe(v.string(PAYMENT_TEXT.required), v.maxLength(32, PAYMENT_TEXT.tooLong))),
  },
  PAYMENT_TEXT.body,
);
export type CapturePaymentBody = v.InferOutput<typeof CapturePaymentBodySchema>;

export const RefundRequestBodySchema = v.pipe(
  v.object(
    {
      transaction_id: transactionId,
      ach_transaction: v.boolean(PAYMENT_TEXT.boolean),
      full_refund: v.boolean(PAYMENT_TEXT.boolean),
      amount: v.nullish(cardAmount),
      first_name: text(100),
    },
    PAYMENT_TEXT.body,
  ),
  v.forward(
    v.check((body) => body.full_refund || body.amount != null, PAYMENT_TEXT.refundAmount),
    ['amount'],
  ),
);
export type RefundRequestBody = v.InferOutput<typeof RefundRequestBodySchema>;

export const SavedCardDetailsQuerySchema = v.object({ profile_id: text(32) }, PAYMENT_TEXT.body);

export const TokenizeBodySchema = v.object({ account: text(23) }, PAYMENT_TEXT.body);

/** POST /secure/cardconnect/auth_new_card: the driver app's new-card step of a delivery. */
export const CardconnectAuthNewCardBodySchema = v.object(
  {
    customer_order_id: idSchema(PAYMENT_TEXT.required),
    card_token: text(32),
    card_exp_month: v.pipe(
      v.union([v.string(), v.number()], PAYMENT_TEXT.expiration),
      v.transform((m) => String(m).trim().padStart(2, '0')),
      v.regex(/^(0[1-9]|1[0-2])$/, PAYMENT_TEXT.expiration),
    ),
    card_exp_year: v.pipe(
      v.union([v.string(), v.number()], PAYMENT_TEXT.expiration),
      v.transform((y) => String(y).trim().slice(-2)),
      v.regex(/^\d{2}$/, PAYMENT_TEXT.expiration),
    ),
    card_cvv: CvvSchema,
    /** Default: the order's remaining balance, which the new-card delivery then captures (retref). */
    amount: v.optional(
      v.pipe(
        v.union([v.string(), v.number()], PAYMENT_TEXT.amount),
        v.check((a) => toCents(a, { allowZero: true }) !== null, PAYMENT_TEXT.amount),
        v.transform((a) => (toCents(a, { allowZero: true }) ?? 0) / 100),
      ),
    ),
    payment_processing_account_id: v.nullish(v.union([v.string(), v.number()], PAYMENT_TEXT.required)),
    // The holder's billing as typed on the new-card form (SPEC §7 auth-new-card): what the
    // authorization uses and the saved profile keeps. Each one left out falls back to the
    // order's stored billing, so bodies of older clients (ZIP only, or nothing) still parse.
    first_name: v.optional(text(100)),
    last_name: v.optional(text(100)),
    billing_address: v.optional(billing.billing_address),
    billing_city: v.optional(billing.billing_city),
    billing_state: v.optional(billing.billing_state),
    billing_zip: v.optional(billing.billing_zip),
    billing_phone: v.optional(billing.billing_phone),
    billing_email: billing.billing_email,
  },
  PAYMENT_TEXT.body,
);
export type CardconnectAuthNewCardBody = v.InferOutput<typeof CardconnectAuthNewCardBodySchema>;

export const ProfileInquiryBodySchema = v.object(
  {
    profile_id: v.pipe(
      v.union([v.string(), v.number()], PAYMENT_TEXT.required),
      v.transform((p) => String(p).trim()),
      v.nonEmpty(PAYMENT_TEXT.required),
      v.maxLength(32, PAYMENT_TEXT.tooLong),
    ),
  },
  PAYMENT_TEXT.body,
);

/** Issues → {field: message}; a missing key reads 'Required' (valibot reports it on the object). */
export function paymentFieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (field in errors) continue;
    const missing = issue.kind === 'schema' && issue.type === 'object' && field !== '' && issue.input === undefined;
    errors[field] = missing ? PAYMENT_TEXT.required : issue.message;
  }
  return errors;
}

/** Any answer carrying traceId is an error (SPEC §7); successes never carry one. */
export interface PaymentErrorBody {
  traceId: string;
  error: string;
  message: string;
  fields?: Record<string, string>;
  retref?: string | null;
  respcode?: string;
}
