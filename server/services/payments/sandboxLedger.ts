// The sandbox's ledger rows and the results built from them: response codes per outcome
// (CardConnect-like), one insert for every transaction, and result shapes for the gateway.
import type { Executor } from '../../db/client';
import {
  insertTransaction,
  type PaymentKindColumn,
  type PaymentMethodColumn,
  type PaymentStatusColumn,
  type SandboxOutcome,
  type TxnRow,
} from '../../repositories/paymentLedger';
import { newRetref } from './cardRules';
import type { CardAuthResult, CardBrand, GatewayFailure, GatewayScope, TransactionKind, TransactionResult } from './gateway';

export type { TxnRow } from '../../repositories/paymentLedger';

/** Processor response code and text of each failure (README.md lists them). */
export const FAILURE_RESPONSE: Readonly<Record<GatewayFailure, { respCode: string; message: string }>> = {
  InvalidCreditCardNumber: { respCode: '11', message: 'Invalid Credit Card Number' },
  InvalidExpiration: { respCode: '14', message: 'Format MMYY' },
  CardExpired: { respCode: '54', message: 'Expired card' },
  CardDeclined: { respCode: '05', message: 'Declined' },
  InsufficientFunds: { respCode: '51', message: 'Insufficient funds' },
  InvalidCvv: { respCode: 'N7', message: 'CVV mismatch' },
  InvalidAccountNumber: { respCode: '12', message: 'Invalid Account Number' },
  InvalidAmount: { respCode: '13', message: 'Invalid amount' },
  TransactionNotFound: { respCode: '29', message: 'Txn not found' },
  ProfileNotFound: { respCode: '96', message: 'Profile not found' },
  TokenNotFound: { respCode: '29', message: 'Token not found' },
  InvalidTransactionState: { respCode: '32', message: 'Invalid transaction state' },
  AmountExceedsAuthorized: { respCode: '13', message: 'Amount exceeds the authorized amount' },
  RefundExceedsCaptured: { respCode: '13', message: 'Refund exceeds the captured amount not yet refunded' },
  ProcessorUnavailable: { respCode: '62', message: 'Processor unavailable' },
};

const OUTCOME_FAILURE: Readonly<Record<Exclude<SandboxOutcome, 'approve'>, GatewayFailure>> = {
  decline: 'CardDeclined',
  insufficient: 'InsufficientFunds',
  expired: 'CardExpired',
  cvv: 'InvalidCvv',
};

export function failureOf(outcome: SandboxOutcome): GatewayFailure | null {
  return outcome === 'approve' ? null : OUTCOME_FAILURE[outcome];
}

export const APPROVAL = { respCode: '00', message: 'Approval' } as const;

export interface NewTxn {
  kind: PaymentKindColumn;
  method: PaymentMethodColumn;
  outcome: SandboxOutcome;
  status: PaymentStatusColumn;
  amountCents: number;
  capturedCents: number;
  authCode: string | null;
  orderNumber: string | null;
  profileId: string | null;
  token: string | null;
  name: string | null;
  parentRetref?: string | null;
}

export async function recordTransaction(ex: Executor, scope: GatewayScope, txn: NewTxn): Promise<TxnRow> {
  const failure = failureOf(txn.outcome);
  const response = failure ? FAILURE_RESPONSE[failure] : APPROVAL;
  return insertTransaction(ex, {
    retref: newRetref(),
    companyId: scope.companyId,
    accountId: scope.accountId,
    orderId: scope.orderId ?? null,
    kind: txn.kind,
    method: txn.method,
    status: txn.status,
    respCode: response.respCode,
    message: response.message,
    authCode: txn.authCode,
    amountCents: txn.amountCents,
    capturedCents: txn.capturedCents,
    orderNumber: txn.orderNumber,
    profileId: txn.profileId,
    token: txn.token,
    name: txn.name,
    parentRetref: txn.parentRetref ?? null,
  });
}

/** A result read off a ledger row (approved or declined by the processor). */
export function resultOf(row: TxnRow, kind: TransactionKind): TransactionResult {
  const approved = row.status !== 'declined';
  const failure = approved ? null : failureFromCode(row.respCode);
  return {
    approved,
    failure,
    respCode: row.respCode,
    message: row.message,
    retref: row.retref,
    authCode: row.authCode,
    kind,
    status: row.status,
    amount: (kind === 'refund' || kind === 'capture' ? row.capturedCents : row.amountCents) / 100,
    orderNumber: row.orderNumber,
  };
}

function failureFromCode(respCode: string): GatewayFailure {
  const found = (Object.keys(FAILURE_RESPONSE) as GatewayFailure[]).find(
    (f) => FAILURE_RESPONSE[f].respCode === respCode && Object.values(OUTCOME_FAILURE).includes(f),
  );
  return found ?? 'CardDeclined';
}

/** An update that succeeded (capture, void): approval codes on the updated row. */
export function approvedResult(row: TxnRow, kind: TransactionKind): TransactionResult {
  return { ...resultOf(row, kind), approved: true, failure: null, respCode: APPROVAL.respCode, message: APPROVAL.message };
}

/** Refused before anything was recorded: no retref. */
export function failed(failure: GatewayFailure, kind: TransactionKind, orderNumber: string | null): TransactionResult {
  return {
    approved: false,
    failure,
    ...FAILURE_RESPONSE[failure],
    retref: null,
    authCode: null,
    kind,
    status: null,
    amount: 0,
    orderNumber,
  };
}

export function failedCard(failure: GatewayFailure, kind: TransactionKind, orderNumber: string | null): CardAuthResult {
  return { ...failed(failure, kind, orderNumber), profileId: null, token: null, brand: null, firstFour: null, lastFour: null };
}

export function cardResult(row: TxnRow, card: { token: string; brand: CardBrand; firstFour: string | null; lastFour: string }): CardAuthResult {
  const approved = row.status !== 'declined';
  return {
    ...resultOf(row, row.kind === 'sale' ? 'sale' : 'auth'),
    profileId: approved ? row.profileId : null,
    token: card.token,
    brand: card.brand,
    firstFour: card.firstFour,
    lastFour: card.lastFour,
  };
}
