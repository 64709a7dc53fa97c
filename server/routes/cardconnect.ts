// The driver app's card calls on the main API host (SPEC §7 "Other action calls"):
// POST /secure/cardconnect/auth_new_card authorizes a new card for one of the driver's live
// customer orders (default amount: the order's remaining balance), saves its profile to the
// order's card list, and answers {profile_id, first_four_digits, retref, token, …}; the
// new-card delivery then captures that retref. POST /secure/cardconnect/profile_inquiry
// answers a saved card's details. Errors are the server's usual {error, message}. Both go
// through services/access.ts: the caller's order, a card the caller may read or charge.
import { clockDate } from '../clock';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PAYMENTS_API, requestSchemaOf, toCents,
  type CardconnectAuthNewCardBody, type TokenClaims,
} from '../../src/domain';
import type { AppContext } from '../context';
import { customerOrderBilling, customerSavedCards, orders } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';
import { requireCardProfile, requireOrder, usableCardAccount } from '../services/access';
import { runIdempotent } from '../http/keyedAnswers';
import type { Complete } from '../services/idempotency';
import { lockCompanyOrders } from '../services/orderPull';
import type { CardAuthResult, CardBrand } from '../services/payments/gateway';
import {
  bodyWithSecrets, cardAuthBody, gatewayError, liftCardSecrets, parseBody, savedCardBody,
} from '../services/payments/http';

/** customer_saved_cards spells brands for display, as the orders area seeds them. */
const BRAND_DISPLAY: Readonly<Record<CardBrand, string>> = {
  VISA: 'Visa', MC: 'Mastercard', DISC: 'Discover', AMEX: 'American Express', UNKNOWN: 'Card',
};

async function authNewCard(ctx: AppContext, auth: TokenClaims, body: CardconnectAuthNewCardBody, complete: Complete): Promise<unknown> {
  const settled = await ctx.db.transaction(async (tx) => {
    // Saving the card writes the order's card list, so take the orders lock like every writer.
    await lockCompanyOrders(tx, auth.company_id);
    const order = await requireOrder(tx, auth, { kind: 'customer', id: body.customer_order_id }, 'charge');
    const [billing] = await tx.select().from(customerOrderBilling)
      .where(and(eq(customerOrderBilling.orderId, order.id), eq(customerOrderBilling.companyId, auth.company_id)));
    const amount = body.amount ?? (toCents(billing?.remainingBalance ?? '0', { allowZero: true }) ?? 0) / 100;
    const expiration = `${body.card_exp_month}${body.card_exp_year}`;
    const scope = { companyId: auth.company_id, accountId: auth.account_id, orderId: order.id, tx };
    const result: CardAuthResult = await ctx.payments.authorizeNewCard(scope, {
      accountToken: await usableCardAccount(tx, auth, body.card_token),
      expiration,
      amount,
      cvv: body.card_cvv,
      orderNumber: order.orderNumber,
      customerOrderId: order.id,
      billing: {
        firstName: order.customerFirstName ?? '', lastName: order.customerLastName ?? '',
        address: billing?.streetAddressOne ?? '', city: billing?.city ?? '', state: billing?.state ?? '',
        zip: body.billing_zip ?? billing?.zip ?? '', phone: order.customerPhone ?? '', email: order.customerEmail,
      },
    });
    if (!result.approved || !result.profileId || !result.lastFour) return { result, body: null };
    await tx.insert(customerSavedCards).values({
      orderId: order.id, companyId: auth.company_id, cardProfileId: result.profileId, lastFour: result.lastFour,
      brand: BRAND_DISPLAY[result.brand ?? 'UNKNOWN'], expMonth: Number(body.card_exp_month), expYear: 2000 + Number(body.card_exp_year),
    });
    // Any update bumps updated_at (trigger): the next delivery-details pull shows the new card.
    await tx.update(orders).set({ updatedAt: clockDate() }).where(eq(orders.id, order.id));
    const out = { ...cardAuthBody(result), customer_order_id: order.id, expiration };
    await complete(tx, 200, out);
    return { result, body: out };
  });
  if (!settled.body) throw gatewayError(settled.result);
  return settled.body;
}

export function cardconnectRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(PAYMENTS_API.cardconnectAuthNewCard, {
    preValidation: liftCardSecrets,
    preHandler: ctx.cardEntryGuard,
  }, async (request, reply) => {
    const auth = authOf(request);
    const body = parseBody(requestSchemaOf(`POST ${PAYMENTS_API.cardconnectAuthNewCard}`, 'bodySchema'), bodyWithSecrets(request));
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async (complete) => ({ status: 200, body: await authNewCard(ctx, auth, body, complete) }),
    });
  });

  app.post(PAYMENTS_API.cardconnectProfileInquiry, async (request) => {
    const auth = authOf(request);
    const body = parseBody(requestSchemaOf(`POST ${PAYMENTS_API.cardconnectProfileInquiry}`, 'bodySchema'), request.body);
    await requireCardProfile(ctx.db, auth, body.profile_id);
    const card = await ctx.payments.savedCardDetails({ companyId: auth.company_id, accountId: auth.account_id }, body.profile_id);
    if (!card) throw new HttpError(404, 'NotFound');
    return savedCardBody(card);
  });
}
