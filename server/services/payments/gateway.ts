// The payment gateway contract (card + ACH processor, CardConnect-like). Routes under
// /api/payments, /secure/cardconnect and the deliver calls talk to a processor only through
// this interface, so the sandbox (./sandbox.ts, the default) and a real processor adapter
// are interchangeable. Every call is scoped to one company; ids of another company's
// transactions or profiles are "not found", exactly like ids that never existed.
//
// PCI: a PAN enters only through tokenize() / authorizeNewCard({accountToken: PAN}) and a
// CVV only as a call argument; neither is ever returned, persisted or logged.
import type { Executor } from '../../db/client';

export type CardBrand = 'VISA' | 'MC' | 'AMEX' | 'DISC' | 'UNKNOWN';

export interface GatewayScope {
  companyId: number;
  /** The signed-in account doing the call (recorded on transactions and on the card tokens it enters). */
  accountId: number;
  /** The caller's order the call is for (recorded on the transaction; access.ts checks it later). */
  orderId?: number | null;
  /**
   * Optional open transaction: the sandbox persists in our database, so a caller may make
   * the charge commit (or roll back) together with its own work and its Idempotency-Key.
   */
  tx?: Executor;
}

export interface BillingDetails {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  /** Two uppercase letters. */
  state: string;
  zip: string;
  phone: string;
  /** Already dropped (null) when not a valid email (SPEC §5). */
  email?: string | null;
}

/** Amounts are dollars as numbers with at most 2 decimals; the gateway works in cents. */
export interface AuthorizeNewCardRequest {
  /** A token from tokenize() (9…last4) or a raw PAN, tokenized in memory first. */
  accountToken: string;
  /** MMYY. */
  expiration: string;
  amount: number;
  cvv: string;
  billing: BillingDetails;
  orderNumber: string;
  /** Save a card profile for later charges (default true). */
  saveProfile?: boolean;
  /** Capture immediately (default false: authorize only). */
  capture?: boolean;
  /** The customer order the saved profile belongs to (our orders.id), when there is one. */
  customerOrderId?: number | null;
}

export interface AuthorizeProfileRequest {
  profileId: string;
  amount: number;
  cvv?: string | null;
  orderNumber: string;
  billingZip: string;
  capture?: boolean;
}

export interface CaptureRequest {
  /** The authorization's retref. */
  transactionId: string;
  /** Defaults to the authorized amount; may be lower, never higher. */
  amount?: number;
  /** When given, it must be the transaction's card token (else: not found). */
  token?: string | null;
}

export interface RefundRequest {
  transactionId: string;
  /** Refund what remains captured; otherwise `amount` is required. */
  fullRefund: boolean;
  amount?: number | null;
  /** When given, the transaction must be of this method (SPEC's ach_transaction flag). */
  method?: 'card' | 'ach';
  /** Who the refund is for (SPEC's first_name), recorded on the refund. */
  name?: string | null;
}

export type CheckRequest =
  | { type: 'ach-new'; accountNumber: string; routingNumber: string; amount: number; billing: BillingDetails; orderNumber: string }
  | { type: 'ach-token'; token: string; amount: number; orderNumber: string };

/** Why a call did not succeed. Declines are normal outcomes, not exceptions. */
export type GatewayFailure =
  | 'InvalidCreditCardNumber'
  | 'InvalidExpiration'
  | 'CardExpired'
  | 'CardDeclined'
  | 'InsufficientFunds'
  | 'InvalidCvv'
  | 'InvalidAccountNumber'
  | 'InvalidAmount'
  | 'TransactionNotFound'
  | 'ProfileNotFound'
  | 'TokenNotFound'
  | 'InvalidTransactionState'
  | 'AmountExceedsAuthorized'
  | 'RefundExceedsCaptured'
  | 'ProcessorUnavailable';

export type TransactionKind = 'auth' | 'sale' | 'capture' | 'refund' | 'ach';
export type TransactionStatus = 'authorized' | 'captured' | 'declined' | 'refunded' | 'partially_refunded' | 'voided' | 'pending';

export interface TransactionResult {
  approved: boolean;
  /** Set when not approved. */
  failure: GatewayFailure | null;
  /** Processor response code: '00' approval; see the sandbox README for the others. */
  respCode: string;
  /** Human text: 'Approval', 'Declined', 'Insufficient funds', 'Invalid Credit Card Number'… */
  message: string;
  /** The processor's reference (CardConnect "retref"); null when nothing was recorded. */
  retref: string | null;
  authCode: string | null;
  kind: TransactionKind;
  status: TransactionStatus | null;
  /** Dollars. */
  amount: number;
  orderNumber: string | null;
}

export interface CardAuthResult extends TransactionResult {
  profileId: string | null;
  token: string | null;
  brand: CardBrand | null;
  firstFour: string | null;
  lastFour: string | null;
}

export interface SavedCard {
  profileId: string;
  token: string;
  brand: CardBrand;
  /** Null for a card adopted from another table that only kept the last four. */
  firstFour: string | null;
  lastFour: string;
  customerOrderId: number | null;
  /** MMYY. */
  expiration: string;
  name: string;
  billingZip: string;
  /** The rest of the billing the profile was saved with; null when it was not given (an adopted card). */
  billingAddress: string | null;
  billingCity: string | null;
  billingState: string | null;
  billingPhone: string | null;
  billingEmail: string | null;
  createdAt: Date;
}

export type TokenizeResult =
  | { ok: true; token: string; brand: CardBrand; firstFour: string; lastFour: string }
  | { ok: false; failure: 'InvalidCreditCardNumber'; message: string };

export interface PaymentGateway {
  /** PAN → token (9 + digits + last four). The PAN is validated (Luhn) and never stored. */
  tokenize(scope: GatewayScope, pan: string): Promise<TokenizeResult>;
  authorizeNewCard(scope: GatewayScope, req: AuthorizeNewCardRequest): Promise<CardAuthResult>;
  authorizeProfile(scope: GatewayScope, req: AuthorizeProfileRequest): Promise<CardAuthResult>;
  capture(scope: GatewayScope, req: CaptureRequest): Promise<TransactionResult>;
  refund(scope: GatewayScope, req: RefundRequest): Promise<TransactionResult>;
  captureCheck(scope: GatewayScope, req: CheckRequest): Promise<TransactionResult & { token: string | null }>;
  /** null when the profile does not exist in this company. */
  savedCardDetails(scope: GatewayScope, profileId: string): Promise<SavedCard | null>;
}

export { createSandboxGateway } from './sandbox';
/** The default processor: the sandbox (a real adapter would be chosen here by config). */
export { createSandboxGateway as createPaymentGateway } from './sandbox';
