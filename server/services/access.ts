// The one access rule for what a driver touches by id (issue 20: payments were checked
// against the company only, so driver 2 could charge, capture, refund and read driver 1's
// customers' cards). An order is the caller's when it is of the caller's company and assigned
// to the caller — the order routes' rule. A payment, a saved card or a bank token is the
// caller's through such an order, or when the caller's own authorization made it. Anything
// else answers exactly like an id that does not exist (404 NotFound), so nothing leaks.
// Every predicate below is built from `callersOrders`, so the rules cannot drift apart.
import { and, eq, exists, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import {
  cardProfiles, cardTokens, companies, customerSavedCards, dealers, orders, paymentTransactions, type OrderKindColumn,
} from '../db/schema';
import { notFound } from '../http/errors';
import { orderViewColumns, type OrderViewRow } from './orderViews';
import { looksLikeToken } from './payments/cardRules';

export interface OrderRef {
  kind: OrderKindColumn;
  id: number;
}

/**
 * 'view': the order in any state (reads; a later capture or refund of its payment).
 * 'charge': new money on it: live (neither delivered nor cancelled) and row-locked FOR UPDATE
 * in the caller's transaction, so it cannot be delivered or reassigned under the charge.
 */
export type OrderPurpose = 'view' | 'charge';

/** Rows of `orders` the caller may touch: of their company, assigned to them. */
export function callersOrders(auth: TokenClaims): SQL {
  return and(eq(orders.companyId, auth.company_id), eq(orders.driverId, auth.account_id)) as SQL;
}

/** The caller's order (with its dealer); 404 for anything else, whatever the reason. */
export async function requireOrder(db: Executor, auth: TokenClaims, ref: OrderRef, purpose: OrderPurpose = 'view'): Promise<OrderViewRow> {
  const conditions = [eq(orders.id, ref.id), eq(orders.kind, ref.kind), callersOrders(auth)];
  if (purpose === 'charge') conditions.push(isNull(orders.deliveredAt), isNull(orders.cancelledAt));
  const query = db.select(orderViewColumns).from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(and(...conditions));
  const [row] = purpose === 'charge' ? await query.for('update', { of: orders }) : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * The caller's customer order carrying this order number, or null. The /api/payments bodies
 * name orders by number only, and SPEC §7 lets that number be any reference text: a number
 * of no order of the caller (unknown, or another driver's: the same answer) records the
 * payment without an order, as the caller's alone.
 */
export async function callersOrderNumbered(db: Executor, auth: TokenClaims, orderNumber: string): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.kind, 'customer'), callersOrders(auth)))
    .orderBy(orders.id).limit(1);
  return row?.id ?? null;
}

/** Transactions (rows of payment_transactions) the caller's own authorization made, for no order or an order still theirs. */
function callersTransactions(db: Executor, auth: TokenClaims): SQL {
  return and(
    eq(paymentTransactions.companyId, auth.company_id),
    eq(paymentTransactions.accountId, auth.account_id),
    or(
      isNull(paymentTransactions.orderId),
      exists(db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, paymentTransactions.orderId), callersOrders(auth)))),
    ),
  ) as SQL;
}

export type PaymentRow = typeof paymentTransactions.$inferSelect;

/** The caller's authorization, sale or check debit with this retref (capture, refund); 404 otherwise. */
export async function requirePayment(db: Executor, auth: TokenClaims, retref: string): Promise<PaymentRow> {
  const [row] = await db.select().from(paymentTransactions)
    .where(and(eq(paymentTransactions.retref, retref), inArray(paymentTransactions.kind, ['auth', 'sale', 'ach']), callersTransactions(db, auth)));
  if (!row) throw notFound();
  return row;
}

/** Card profiles (rows of card_profiles) the caller may charge or read. */
function callersProfiles(db: Executor, auth: TokenClaims): SQL {
  return and(
    eq(cardProfiles.companyId, auth.company_id),
    or(
      // saved for one of the caller's orders…
      exists(db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, cardProfiles.customerOrderId), callersOrders(auth)))),
      listedOnCallersOrder(db, auth, cardProfiles.profileId),
      // …or saved by the caller for no order (/api/payments/auth-new-card)
      and(isNull(cardProfiles.customerOrderId), eq(cardProfiles.createdBy, auth.account_id)),
    ),
  ) as SQL;
}

/** The orders area lists this profile id on one of the caller's orders (customer_saved_cards). */
function listedOnCallersOrder(db: Executor, auth: TokenClaims, profileId: typeof cardProfiles.profileId | string): SQL {
  return exists(db.select({ id: customerSavedCards.id }).from(customerSavedCards)
    .innerJoin(orders, eq(orders.id, customerSavedCards.orderId))
    .where(and(eq(customerSavedCards.cardProfileId, profileId), eq(customerSavedCards.companyId, auth.company_id), callersOrders(auth))));
}

/**
 * A saved card the caller may charge or read: one of the caller's orders lists it or owns
 * its profile, or the caller saved it for no order. 404 otherwise (the processor's own
 * lookup follows, and adopts a listed card that has no profile yet).
 */
export async function requireCardProfile(db: Executor, auth: TokenClaims, profileId: string): Promise<void> {
  // Anchored on the caller's company row: one round trip for "listed, or a usable profile".
  const [row] = await db.select({ id: companies.id }).from(companies).where(and(
    eq(companies.id, auth.company_id),
    or(
      listedOnCallersOrder(db, auth, profileId),
      exists(db.select({ id: cardProfiles.id }).from(cardProfiles).where(and(eq(cardProfiles.profileId, profileId), callersProfiles(db, auth)))),
    ),
  ));
  if (!row) throw notFound();
}

/**
 * The card number or token of a new-card authorization, as the caller may use it. A token is
 * the caller's when the caller entered the card (tokenize, a new card) or it is the token of
 * a card the caller may charge; any other token becomes '' (no card), which the processor
 * answers exactly as an unknown token, after the same checks in the same order (an expired
 * date first, …). A PAN passes: whoever types a card number holds the card.
 */
export async function usableCardAccount(db: Executor, auth: TokenClaims, account: string): Promise<string> {
  const value = account.trim();
  if (!looksLikeToken(value)) return account;
  const [row] = await db.select({ token: cardTokens.token }).from(cardTokens).where(and(
    eq(cardTokens.token, value),
    eq(cardTokens.companyId, auth.company_id),
    or(
      eq(cardTokens.createdBy, auth.account_id),
      exists(db.select({ id: cardProfiles.id }).from(cardProfiles).where(and(eq(cardProfiles.token, cardTokens.token), callersProfiles(db, auth)))),
    ),
  ));
  return row ? account : '';
}

/** A bank token (ach-token) of one of the caller's own check debits; 404 otherwise. */
export async function requireAchToken(db: Executor, auth: TokenClaims, token: string): Promise<void> {
  const [row] = await db.select({ id: paymentTransactions.id }).from(paymentTransactions)
    .where(and(eq(paymentTransactions.token, token), eq(paymentTransactions.method, 'ach'), callersTransactions(db, auth)))
    .limit(1);
  if (!row) throw notFound();
}
