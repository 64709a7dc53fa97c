// The payments API's work (SPEC §7 "Payments API"; routes/payments.ts is its HTTP side). A
// charge runs in one transaction with its Idempotency-Key record, so the same key and body
// charge once; a decline is recorded but releases the key (only successes are remembered, as
// everywhere on this server). Every call is the caller's own (services/access.ts): a card of
// one of their orders or saved by them, a transaction or bank token of their own
// authorization; another driver's id answers as an unknown one. A named order number of
// theirs is recorded on the transaction.
import type { AuthNewCardBody, AuthProfileBody, CaptureCheckBody, CapturePaymentBody, RefundRequestBody, TokenClaims } from '../../../src/domain';
import type { Db, Executor } from '../../db/client';
import { HttpError } from '../../http/errors';
import { callersOrderNumbered, requireAchToken, requireCardProfile, requirePayment, usableCardAccount } from '../access';
import type { Complete, Outcome } from '../idempotency';
import type { GatewayScope, PaymentGateway, TransactionResult } from './gateway';
import { cardAuthBody, gatewayError, savedCardBody, transactionBody, type SavedCardAnswer } from './outcomes';

/** What a payment call needs: the database and the processor (ctx fits). */
export interface PaymentDeps {
  db: Db;
  payments: PaymentGateway;
}

type TxScope = GatewayScope & { tx: Executor };

/**
 * Runs one gateway call in a transaction that also completes the Idempotency-Key on
 * approval. A refusal commits its ledger row (a declined transaction is history) and is
 * thrown after the commit, which releases the key.
 */
export async function settle<R extends TransactionResult>(
  deps: PaymentDeps,
  auth: TokenClaims,
  complete: Complete,
  call: (scope: TxScope) => Promise<R>,
  toBody: (result: R) => Record<string, unknown>,
): Promise<Outcome> {
  const settled = await deps.db.transaction(async (tx) => {
    // An access check throws (404) from in here: the transaction rolls back, the key is released.
    const result = await call({ companyId: auth.company_id, accountId: auth.account_id, tx });
    if (!result.approved) return { result, body: null };
    const body = toBody(result);
    await complete(tx, 200, body);
    return { result, body };
  });
  if (!settled.body) throw gatewayError(settled.result);
  return { status: 200, body: settled.body };
}

/** The scope with the caller's order of this number, if any (recorded on the transaction). */
async function forOrder(scope: TxScope, auth: TokenClaims, orderNumber: string): Promise<TxScope> {
  return { ...scope, orderId: await callersOrderNumbered(scope.tx, auth, orderNumber) };
}

const billingOf = (body: {
  first_name: string;
  last_name: string;
  billing_address: string;
  billing_city: string;
  billing_state: string;
  billing_zip: string;
  billing_phone: string;
  billing_email?: string | null;
}) => ({
  firstName: body.first_name,
  lastName: body.last_name,
  address: body.billing_address,
  city: body.billing_city,
  state: body.billing_state,
  zip: body.billing_zip,
  phone: body.billing_phone,
  email: body.billing_email ?? null,
});

export function authorizeNewCard(deps: PaymentDeps, auth: TokenClaims, body: AuthNewCardBody, complete: Complete): Promise<Outcome> {
  return settle(
    deps,
    auth,
    complete,
    async (scope) =>
      deps.payments.authorizeNewCard(await forOrder(scope, auth, body.order_number), {
        accountToken: await usableCardAccount(scope.tx, auth, body.account_token),
        expiration: body.expiration,
        amount: body.amount,
        cvv: body.cvv,
        orderNumber: body.order_number,
        billing: billingOf(body),
      }),
    cardAuthBody,
  );
}

export function authorizeProfile(deps: PaymentDeps, auth: TokenClaims, body: AuthProfileBody, complete: Complete): Promise<Outcome> {
  return settle(
    deps,
    auth,
    complete,
    async (scope) => {
      await requireCardProfile(scope.tx, auth, body.profile_id);
      return deps.payments.authorizeProfile(await forOrder(scope, auth, body.order_number), {
        profileId: body.profile_id,
        amount: body.amount,
        cvv: body.cvv ?? null,
        orderNumber: body.order_number,
        billingZip: body.billing_zip,
      });
    },
    cardAuthBody,
  );
}

/** company_id in the body is ignored: the token's company is the only one (mass assignment). */
export function captureCheck(deps: PaymentDeps, auth: TokenClaims, body: CaptureCheckBody, complete: Complete): Promise<Outcome> {
  return settle(
    deps,
    auth,
    complete,
    async (scope) => {
      if (body.type === 'ach-token') await requireAchToken(scope.tx, auth, body.token.trim());
      return deps.payments.captureCheck(
        await forOrder(scope, auth, body.order_number),
        body.type === 'ach-new'
          ? {
              type: 'ach-new',
              accountNumber: body.account_number,
              routingNumber: body.routing_number,
              amount: body.amount,
              orderNumber: body.order_number,
              billing: billingOf(body),
            }
          : { type: 'ach-token', token: body.token, amount: body.amount, orderNumber: body.order_number },
      );
    },
    (result) => transactionBody(result, { token: result.token }),
  );
}

export function capture(deps: PaymentDeps, auth: TokenClaims, body: CapturePaymentBody, complete: Complete): Promise<Outcome> {
  return settle(
    deps,
    auth,
    complete,
    async (scope) => {
      await requirePayment(scope.tx, auth, body.transaction_id);
      return deps.payments.capture(scope, { transactionId: body.transaction_id, amount: body.amount, token: body.token ?? null });
    },
    (result) => transactionBody(result),
  );
}

export function refund(deps: PaymentDeps, auth: TokenClaims, body: RefundRequestBody, complete: Complete): Promise<Outcome> {
  return settle(
    deps,
    auth,
    complete,
    async (scope) => {
      await requirePayment(scope.tx, auth, body.transaction_id);
      return deps.payments.refund(scope, {
        transactionId: body.transaction_id,
        fullRefund: body.full_refund,
        amount: body.amount ?? null,
        method: body.ach_transaction ? 'ach' : 'card',
        name: body.first_name,
      });
    },
    (result) => transactionBody(result, { original_retref: body.transaction_id }),
  );
}

/** A card number → the processor's token; 400 InvalidCreditCardNumber for a number it refuses. */
export async function tokenize(deps: PaymentDeps, auth: TokenClaims, account: string, complete: Complete): Promise<Outcome> {
  const answer = await deps.db.transaction(async (tx) => {
    const result = await deps.payments.tokenize({ companyId: auth.company_id, accountId: auth.account_id, tx }, account);
    if (!result.ok) return null;
    const out = { token: result.token, brand: result.brand, first_four_digits: result.firstFour, last_four_digits: result.lastFour };
    await complete(tx, 200, out);
    return out;
  });
  if (!answer) throw new HttpError(400, 'InvalidCreditCardNumber');
  return { status: 200, body: answer };
}

/** A saved card the caller may read (saved-card-details, cardconnect's profile_inquiry); 404 otherwise. */
export async function savedCard(deps: PaymentDeps, auth: TokenClaims, profileId: string): Promise<SavedCardAnswer> {
  await requireCardProfile(deps.db, auth, profileId);
  const card = await deps.payments.savedCardDetails({ companyId: auth.company_id, accountId: auth.account_id }, profileId);
  if (!card) throw new HttpError(404, 'NotFound');
  return savedCardBody(card);
}
