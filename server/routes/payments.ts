// The payments API (SPEC §7 "Payments API", DESIGN §6 /api/payments/* as POST; saved-card
// details is a GET). Bearer token; every error answers {traceId, error, message} (statuses
// in server/services/payments/README.md). A charge runs in one transaction with its
// Idempotency-Key record, so the same key and body charge once; a decline is recorded but
// releases the key (only successes are remembered, as everywhere on this server). Every call
// is the caller's own (services/access.ts): a card of one of their orders or saved by them,
// a transaction or bank token of their own authorization; another driver's id answers as an
// unknown one. A named order number of theirs is recorded on the transaction.
import type { FastifyInstance } from 'fastify';
import { PAYMENTS_API, requestSchemaOf, type TokenClaims } from '../../src/domain';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { authOf } from '../http/auth';
import { cardconnectRoutes } from './cardconnect';
import { HttpError } from '../http/errors';
import {
  callersOrderNumbered, requireAchToken, requireCardProfile, requirePayment, usableCardAccount,
} from '../services/access';
import { runIdempotent } from '../http/keyedAnswers';
import type { Complete } from '../services/idempotency';
import type { GatewayScope, TransactionResult } from '../services/payments/gateway';
import {
  addTraceId, bodyWithSecrets, cardAuthBody, gatewayError, liftCardSecrets, parseBody, savedCardBody, transactionBody,
} from '../services/payments/http';

interface Outcome {
  status: number;
  body: unknown;
}

/**
 * Runs one gateway call in a transaction that also completes the Idempotency-Key on
 * approval. A refusal commits its ledger row (a declined transaction is history) and is
 * thrown after the commit, which releases the key.
 */
async function settle<R extends TransactionResult>(
  ctx: AppContext, auth: TokenClaims, complete: Complete,
  call: (scope: GatewayScope & { tx: Executor }) => Promise<R>, toBody: (result: R) => Record<string, unknown>,
): Promise<Outcome> {
  const settled = await ctx.db.transaction(async (tx) => {
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
async function forOrder<S extends GatewayScope & { tx: Executor }>(scope: S, auth: TokenClaims, orderNumber: string): Promise<S> {
  return { ...scope, orderId: await callersOrderNumbered(scope.tx, auth, orderNumber) };
}

/** Where a card number is entered: the routes a card tester would hammer. */
const CARD_ENTRY_PATHS = new Set<string>([PAYMENTS_API.tokenize, PAYMENTS_API.authNewCard]);

export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const post = (path: string, handle: (auth: TokenClaims, body: unknown, complete: Complete) => Promise<Outcome>) => {
    const preHandler = CARD_ENTRY_PATHS.has(path) ? [ctx.cardEntryGuard] : [];
    app.post(path, { preValidation: liftCardSecrets, preHandler, onSend: addTraceId }, async (request, reply) => {
      const auth = authOf(request);
      return runIdempotent({
        db: ctx.db, request, reply, auth,
        work: (complete) => handle(auth, bodyWithSecrets(request), complete),
      });
    });
  };

  post(PAYMENTS_API.authNewCard, (auth, raw, complete) => {
    const body = parseBody(requestSchemaOf(`POST ${PAYMENTS_API.authNewCard}`, 'bodySchema'), raw);
    return settle(ctx, auth, complete, async (scope) => ctx.payments.authorizeNewCard(await forOrder(scope, auth, body.order_number), {
      accountToken: await usableCardAccount(scope.tx, auth, body.account_token),
      expiration: body.expiration,
      amount: body.amount,
      cvv: body.cvv,
      orderNumber: body.order_number,
      billing: {
        firstName: body.first_name, lastName: body.last_name, address: body.billing_address, city: body.billing_city,
        state: body.billing_state, zip: body.billing_zip, phone: body.billing_phone, email: body.billing_email ?? null,
      },
    }), cardAuthBody);
  });

  post(PAYMENTS_API.authProfile, (auth, raw, complete) => {
    const body = parseBody(requestSchemaOf(`POST ${PAYMENTS_API.authProfile}`, 'bodySchema'), raw);
    return settle(ctx, auth, complete, async (scope) => {
      await requireCardProfile(scope.tx, auth, body.profile_id);
      return ctx.payments.authorizeProfile(await forOrder(scope, auth, body.order_number), {
        profileId: body.profile_id, amount: body.amount, cvv: body.cvv ?? null, orderNumber: body.order_number, billingZip: body.billing_zip,
      });
    }, cardAuthBody);
  });

  post(PAYMENTS_API.captureCheckPayment, (auth, raw, complete) => {
    // company_id in the body is ignored: the token's company is the only one (mass assignment).
    const body = parseBody(requestSchemaOf(`POST ${PAYMENTS_API.captureCheckPayment}`, 'bodySchema'), raw);
    return settle(ctx, auth, complete, async (scope) => {
      if (body.type === 'ach-token') await requireAchToken(scope.tx, auth, body.token.trim());
      return ctx.payments.captureCheck(await forOrder(scope, auth, body.order_number), body.type === 'ach-new'
        ? {
          type: 'ach-new', accountNumber: body.account_number, routingNumber: body.routing_number, amount: body.amount,
          orderNumber: body.order_number,
          billing: {
            firstName: body.first_name, lastName: body.last_name, address: body.billing_address, city: body.billing_city,
            state: body.billing_state, zip: body.billing_zip, phone: body.billing_phone, email: body.billing_email ?? null,
          },
        }
        : { type: 'ach-token', token: body.token, amount: body.amount, orderNumber: body.order_number });
    }, (result) => transactionBody(result, { token: result.token }));
  });

  post(PAYMENTS_API.capturePayment, (auth, raw, complete) => {
    const body = parseBody(requestSchemaOf(`POST ${PAYMENTS_API.capturePayment}`, 'bodySchema'), raw);
    return settle(ctx, auth, complete, async (scope) => {
      await requirePayment(scope.tx, auth, body.transaction_id);
      return ctx.payments.capture(scope, { transactionId: body.transaction_id, amount: body.amount, token: body.token ?? null });
    }, (result) => transactionBody(result));
  });

  post(PAYMENTS_API.refundRequest, (auth, raw, complete) => {
    const body = parseBody(requestSchemaOf(`POST ${PAYMENTS_API.refundRequest}`, 'bodySchema'), raw);
    return settle(ctx, auth, complete, async (scope) => {
      await requirePayment(scope.tx, auth, body.transaction_id);
      return ctx.payments.refund(scope, {
        transactionId: body.transaction_id, fullRefund: body.full_refund, amount: body.amount ?? null,
        method: body.ach_transaction ? 'ach' : 'card', name: body.first_name,
      });
    }, (result) => transactionBody(result, { original_retref: body.transaction_id }));
  });

  post(PAYMENTS_API.tokenize, async (auth, raw, complete) => {
    const body = parseBody(requestSchemaOf(`POST ${PAYMENTS_API.tokenize}`, 'bodySchema'), raw);
    const answer = await ctx.db.transaction(async (tx) => {
      const result = await ctx.payments.tokenize({ companyId: auth.company_id, accountId: auth.account_id, tx }, body.account);
      if (!result.ok) return null;
      const out = { token: result.token, brand: result.brand, first_four_digits: result.firstFour, last_four_digits: result.lastFour };
      await complete(tx, 200, out);
      return out;
    });
    if (!answer) throw new HttpError(400, 'InvalidCreditCardNumber');
    return { status: 200, body: answer };
  });

  app.get(PAYMENTS_API.savedCardDetails, { onSend: addTraceId }, async (request) => {
    const auth = authOf(request);
    const query = parseBody(requestSchemaOf(`GET ${PAYMENTS_API.savedCardDetails}`, 'querySchema'), request.query);
    await requireCardProfile(ctx.db, auth, query.profile_id);
    const card = await ctx.payments.savedCardDetails({ companyId: auth.company_id, accountId: auth.account_id }, query.profile_id);
    if (!card) throw new HttpError(404, 'NotFound');
    return savedCardBody(card);
  });

  cardconnectRoutes(app, ctx); // the main-host card calls: one entry in the route table for the area
}
