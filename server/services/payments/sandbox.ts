// The sandbox processor: the default PaymentGateway. It behaves like a CardConnect merchant
// account (tokens, profiles, auth/capture/refund, ACH) and keeps its books in our database
// (0004_payments.sql), scoped by company. Test numbers and codes: README.md next to this.
import { clockDate } from '../../clock';
import { toCents } from '../../../src/domain';
import type { Db, Executor } from '../../db/client';
import {
  findAchAccount,
  findCardToken,
  findProfileWithToken,
  insertAchAccount,
  insertCardProfile,
  insertCardToken,
  lockTransaction,
  updateTransaction,
  type SandboxOutcome,
} from '../../repositories/paymentLedger';
import { listedCardByProfile } from '../../repositories/savedCards';
import {
  abaRoutingValid,
  bankAccountValid,
  brandOf,
  checkExpiry,
  looksLikeToken,
  luhnValid,
  newAchToken,
  newAuthCode,
  newCardToken,
  newProfileId,
  normalizePan,
  outcomeOfAccount,
  outcomeOfPan,
} from './cardRules';
import { approvedResult, cardResult, failed, failedCard, recordTransaction, resultOf, type TxnRow } from './sandboxLedger';
import type {
  AuthorizeNewCardRequest,
  AuthorizeProfileRequest,
  CardAuthResult,
  CardBrand,
  CaptureRequest,
  CheckRequest,
  GatewayScope,
  PaymentGateway,
  RefundRequest,
  SavedCard,
  TokenizeResult,
  TransactionResult,
} from './gateway';

const INVALID_CARD = 'Invalid Credit Card Number';
const BRANDS: readonly CardBrand[] = ['VISA', 'MC', 'AMEX', 'DISC'];

/** Brand text as other tables spell it ("Visa", "Mastercard") → ours. */
function normalizeBrand(text: string): CardBrand {
  const upper = text.toUpperCase();
  if (upper.startsWith('MASTER')) return 'MC';
  if (upper.startsWith('DISCOVER')) return 'DISC';
  if (upper.startsWith('AMERICAN')) return 'AMEX';
  return BRANDS.find((b) => b === upper) ?? 'UNKNOWN';
}

interface TokenRow {
  token: string;
  brand: CardBrand;
  firstFour: string | null;
  lastFour: string;
  outcome: SandboxOutcome;
}

export function createSandboxGateway(db: Db): PaymentGateway {
  /** In the caller's transaction when given one, else in our own. */
  const within = <T>(scope: GatewayScope, fn: (ex: Executor) => Promise<T>): Promise<T> => (scope.tx ? fn(scope.tx) : db.transaction((tx) => fn(tx)));

  async function tokenizePan(ex: Executor, scope: GatewayScope, pan: string): Promise<TokenRow> {
    const row: TokenRow = {
      token: newCardToken(pan.slice(-4)),
      brand: brandOf(pan),
      firstFour: pan.slice(0, 4),
      lastFour: pan.slice(-4),
      outcome: outcomeOfPan(pan),
    };
    await insertCardToken(ex, {
      token: row.token,
      companyId: scope.companyId,
      brand: row.brand,
      firstFour: row.firstFour,
      lastFour: row.lastFour,
      sandboxOutcome: row.outcome,
      createdBy: scope.accountId,
    });
    return row;
  }

  /** A known token of this company, or a PAN tokenized now; null → Invalid Credit Card Number. */
  async function resolveAccount(ex: Executor, scope: GatewayScope, account: string): Promise<TokenRow | null> {
    const value = account.trim();
    if (looksLikeToken(value)) {
      const row = await findCardToken(ex, scope.companyId, value);
      return row ? { token: row.token, brand: normalizeBrand(row.brand), firstFour: row.firstFour, lastFour: row.lastFour, outcome: row.sandboxOutcome } : null;
    }
    const pan = normalizePan(value);
    if (!pan || !luhnValid(pan)) return null;
    return tokenizePan(ex, scope, pan);
  }

  /** A saved profile of this company; cards the orders area lists are adopted on first use. */
  async function findProfile(ex: Executor, companyId: number, profileId: string): Promise<(SavedCard & { outcome: SandboxOutcome }) | null> {
    const load = () => findProfileWithToken(ex, companyId, profileId);
    let row = await load();
    if (!row) {
      const listed = await listedCardByProfile(ex, companyId, profileId);
      if (!listed) return null;
      const token = newCardToken(listed.lastFour);
      await insertCardToken(ex, { token, companyId, brand: normalizeBrand(listed.brand), firstFour: null, lastFour: listed.lastFour });
      await insertCardProfile(
        ex,
        {
          profileId,
          companyId,
          customerOrderId: listed.orderId,
          token,
          expiration: `${String(listed.expMonth).padStart(2, '0')}${String(listed.expYear % 100).padStart(2, '0')}`,
          name: 'Card on file',
          billingZip: '',
        },
        true,
      );
      row = await load();
      if (!row) return null;
    }
    const { p, t } = row;
    return {
      profileId: p.profileId,
      token: p.token,
      brand: normalizeBrand(t.brand),
      firstFour: t.firstFour,
      lastFour: t.lastFour,
      expiration: p.expiration,
      name: p.name,
      billingZip: p.billingZip,
      billingAddress: p.billingAddress,
      billingCity: p.billingCity,
      billingState: p.billingState,
      billingPhone: p.billingPhone,
      billingEmail: p.billingEmail,
      customerOrderId: p.customerOrderId,
      createdAt: p.createdAt,
      outcome: t.sandboxOutcome,
    };
  }

  /** The processor's decision for an authorization of a known card. */
  async function decide(
    ex: Executor,
    scope: GatewayScope,
    card: { token: string; outcome: SandboxOutcome; profileId: string | null },
    req: {
      cents: number;
      orderNumber: string;
      capture: boolean;
      name: string;
    },
  ): Promise<TxnRow> {
    const approved = card.outcome === 'approve';
    return recordTransaction(ex, scope, {
      kind: req.capture ? 'sale' : 'auth',
      method: 'card',
      outcome: card.outcome,
      amountCents: req.cents,
      capturedCents: approved && req.capture ? req.cents : 0,
      status: approved ? (req.capture ? 'captured' : 'authorized') : 'declined',
      authCode: approved ? newAuthCode() : null,
      orderNumber: req.orderNumber,
      profileId: card.profileId,
      token: card.token,
      name: req.name,
    });
  }

  return {
    async tokenize(scope, pan): Promise<TokenizeResult> {
      const digits = normalizePan(pan);
      if (!digits || !luhnValid(digits)) return { ok: false, failure: 'InvalidCreditCardNumber', message: INVALID_CARD };
      const row = await within(scope, (ex) => tokenizePan(ex, scope, digits));
      return { ok: true, token: row.token, brand: row.brand, firstFour: row.firstFour ?? '', lastFour: row.lastFour };
    },

    async authorizeNewCard(scope, req: AuthorizeNewCardRequest): Promise<CardAuthResult> {
      const cents = toCents(req.amount, { allowZero: true });
      if (cents === null) return failedCard('InvalidAmount', 'auth', req.orderNumber);
      const expiry = checkExpiry(req.expiration);
      if (expiry !== 'ok') return failedCard(expiry === 'format' ? 'InvalidExpiration' : 'CardExpired', 'auth', req.orderNumber);
      if (!/^\d{3,4}$/.test(req.cvv)) return failedCard('InvalidCvv', 'auth', req.orderNumber);
      return within(scope, async (ex) => {
        const card = await resolveAccount(ex, scope, req.accountToken);
        if (!card) return failedCard('InvalidCreditCardNumber', 'auth', req.orderNumber);
        const name = `${req.billing.firstName} ${req.billing.lastName}`.trim();
        let profileId: string | null = null;
        if (card.outcome === 'approve' && (req.saveProfile ?? true)) {
          profileId = newProfileId();
          await insertCardProfile(ex, {
            profileId,
            companyId: scope.companyId,
            customerOrderId: req.customerOrderId ?? null,
            token: card.token,
            expiration: req.expiration,
            name,
            billingAddress: req.billing.address,
            billingCity: req.billing.city,
            billingState: req.billing.state,
            billingZip: req.billing.zip,
            billingPhone: req.billing.phone,
            billingEmail: req.billing.email ?? null,
            createdBy: scope.accountId,
          });
        }
        const row = await decide(ex, scope, { ...card, profileId }, { cents, orderNumber: req.orderNumber, capture: req.capture ?? false, name });
        return cardResult(row, card);
      });
    },

    async authorizeProfile(scope, req: AuthorizeProfileRequest): Promise<CardAuthResult> {
      const cents = toCents(req.amount);
      if (cents === null) return failedCard('InvalidAmount', 'auth', req.orderNumber);
      if (req.cvv != null && !/^\d{3,4}$/.test(req.cvv)) return failedCard('InvalidCvv', 'auth', req.orderNumber);
      return within(scope, async (ex) => {
        const profile = await findProfile(ex, scope.companyId, req.profileId);
        if (!profile) return failedCard('ProfileNotFound', 'auth', req.orderNumber);
        if (checkExpiry(profile.expiration) !== 'ok') return failedCard('CardExpired', 'auth', req.orderNumber);
        const row = await decide(
          ex,
          scope,
          { token: profile.token, outcome: profile.outcome, profileId: profile.profileId },
          {
            cents,
            orderNumber: req.orderNumber,
            capture: req.capture ?? false,
            name: profile.name,
          },
        );
        return cardResult(row, profile);
      });
    },

    capture: (scope, req: CaptureRequest): Promise<TransactionResult> =>
      within(scope, async (ex) => {
        const txn = await lockTransaction(ex, scope.companyId, req.transactionId, ['auth', 'sale'], 'card');
        if (!txn || (req.token != null && txn.token !== req.token)) return failed('TransactionNotFound', 'capture', null);
        if (txn.status !== 'authorized') return failed('InvalidTransactionState', 'capture', txn.orderNumber);
        const cents = req.amount === undefined ? txn.amountCents : toCents(req.amount);
        if (cents === null) return failed('InvalidAmount', 'capture', txn.orderNumber);
        if (cents > txn.amountCents) return failed('AmountExceedsAuthorized', 'capture', txn.orderNumber);
        const updated = await updateTransaction(ex, txn.id, { status: 'captured', capturedCents: cents, updatedAt: clockDate() });
        return approvedResult(updated ?? txn, 'capture');
      }),

    refund: (scope, req: RefundRequest): Promise<TransactionResult> =>
      within(scope, async (ex) => {
        const txn = await lockTransaction(ex, scope.companyId, req.transactionId, ['auth', 'sale', 'ach']);
        if (!txn || (req.method && txn.method !== req.method)) return failed('TransactionNotFound', 'refund', null);
        if (txn.status === 'authorized') {
          // Nothing captured yet: a refund is a void of the whole authorization.
          if (!req.fullRefund && toCents(req.amount) !== txn.amountCents) return failed('InvalidTransactionState', 'refund', txn.orderNumber);
          const voided = await updateTransaction(ex, txn.id, { status: 'voided', updatedAt: clockDate() });
          return { ...approvedResult(voided ?? txn, 'refund'), amount: txn.amountCents / 100 };
        }
        if (txn.status !== 'captured' && txn.status !== 'partially_refunded') return failed('InvalidTransactionState', 'refund', txn.orderNumber);
        const remaining = txn.capturedCents - txn.refundedCents;
        const cents = req.fullRefund ? remaining : toCents(req.amount);
        if (cents === null) return failed('InvalidAmount', 'refund', txn.orderNumber);
        // Never more back than was captured: this refund and the earlier ones (row locked above).
        if (cents > remaining) return failed('RefundExceedsCaptured', 'refund', txn.orderNumber);
        const refunded = txn.refundedCents + cents;
        await updateTransaction(ex, txn.id, {
          refundedCents: refunded,
          status: refunded === txn.capturedCents ? 'refunded' : 'partially_refunded',
          updatedAt: clockDate(),
        });
        const row = await recordTransaction(
          ex,
          { ...scope, orderId: txn.orderId },
          {
            kind: 'refund',
            method: txn.method,
            outcome: 'approve',
            amountCents: cents,
            capturedCents: cents,
            status: 'refunded',
            authCode: null,
            orderNumber: txn.orderNumber,
            profileId: txn.profileId,
            token: txn.token,
            name: req.name ?? txn.name,
            parentRetref: txn.retref,
          },
        );
        return resultOf(row, 'refund');
      }),

    async captureCheck(scope, req: CheckRequest): Promise<TransactionResult & { token: string | null }> {
      const cents = toCents(req.amount);
      if (cents === null) return { ...failed('InvalidAmount', 'ach', req.orderNumber), token: null };
      if (req.type === 'ach-new' && (!abaRoutingValid(req.routingNumber.trim()) || !bankAccountValid(req.accountNumber.trim()))) {
        return { ...failed('InvalidAccountNumber', 'ach', req.orderNumber), token: null };
      }
      return within(scope, async (ex) => {
        let account: { token: string; outcome: SandboxOutcome; name: string };
        if (req.type === 'ach-new') {
          const number = req.accountNumber.trim();
          const name = `${req.billing.firstName} ${req.billing.lastName}`.trim();
          account = { token: newAchToken(number.slice(-4)), outcome: outcomeOfAccount(number), name };
          await insertAchAccount(ex, {
            token: account.token,
            companyId: scope.companyId,
            routingNumber: req.routingNumber.trim(),
            accountLastFour: number.slice(-4),
            name,
            sandboxOutcome: account.outcome,
          });
        } else {
          const row = await findAchAccount(ex, scope.companyId, req.token.trim());
          if (!row) return { ...failed('TokenNotFound', 'ach', req.orderNumber), token: null };
          account = { token: row.token, outcome: row.sandboxOutcome, name: row.name };
        }
        const approved = account.outcome === 'approve';
        const row = await recordTransaction(ex, scope, {
          kind: 'ach',
          method: 'ach',
          outcome: account.outcome,
          amountCents: cents,
          capturedCents: approved ? cents : 0,
          status: approved ? 'captured' : 'declined',
          authCode: null,
          orderNumber: req.orderNumber,
          profileId: null,
          token: account.token,
          name: account.name,
        });
        return { ...resultOf(row, 'ach'), token: account.token };
      });
    },

    async savedCardDetails(scope, profileId): Promise<SavedCard | null> {
      const found = await within(scope, (ex) => findProfile(ex, scope.companyId, profileId));
      if (!found) return null;
      const { outcome: _outcome, ...card } = found;
      return card;
    },
  };
}
