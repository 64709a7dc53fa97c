// The payment rows a caller may touch (services/access.ts states the rule): transactions,
// card profiles and card tokens, each reached through one of the caller's orders (the one
// per-driver filter, callersOrders) or made by the caller's own authorization.
import { and, eq, exists, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import { cardProfiles, cardTokens, companies, customerSavedCards, orders, paymentTransactions } from '../db/schema';
import { callersOrders } from './orders';

export type PaymentRow = typeof paymentTransactions.$inferSelect;

/** Transactions the caller's own authorization made, for no order or an order still theirs. */
function callersTransactions(db: Executor, auth: TokenClaims): SQL {
  return and(
    eq(paymentTransactions.companyId, auth.company_id),
    eq(paymentTransactions.accountId, auth.account_id),
    or(
      isNull(paymentTransactions.orderId),
      exists(
        db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, paymentTransactions.orderId), callersOrders(auth))),
      ),
    ),
  ) as SQL;
}

/** Card profiles the caller may charge or read. */
function callersProfiles(db: Executor, auth: TokenClaims): SQL {
  return and(
    eq(cardProfiles.companyId, auth.company_id),
    or(
      // saved for one of the caller's orders…
      exists(
        db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, cardProfiles.customerOrderId), callersOrders(auth))),
      ),
      listedOnCallersOrder(db, auth, cardProfiles.profileId),
      // …or saved by the caller for no order (/api/payments/auth-new-card)
      and(isNull(cardProfiles.customerOrderId), eq(cardProfiles.createdBy, auth.account_id)),
    ),
  ) as SQL;
}

/** The orders area lists this profile id on one of the caller's orders (customer_saved_cards). */
function listedOnCallersOrder(db: Executor, auth: TokenClaims, profileId: typeof cardProfiles.profileId | string): SQL {
  return exists(
    db
      .select({ id: customerSavedCards.id })
      .from(customerSavedCards)
      .innerJoin(orders, eq(orders.id, customerSavedCards.orderId))
      .where(and(eq(customerSavedCards.cardProfileId, profileId), eq(customerSavedCards.companyId, auth.company_id), callersOrders(auth))),
  );
}

/** The caller's authorization, sale or check debit with this retref, or undefined. */
export async function findCallersPayment(db: Executor, auth: TokenClaims, retref: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.retref, retref), inArray(paymentTransactions.kind, ['auth', 'sale', 'ach']), callersTransactions(db, auth)));
  return row;
}

/** Whether one of the caller's orders lists this profile, or the caller may use its profile row. */
export async function callerMayUseProfile(db: Executor, auth: TokenClaims, profileId: string): Promise<boolean> {
  // Anchored on the caller's company row: one round trip for "listed, or a usable profile".
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.id, auth.company_id),
        or(
          listedOnCallersOrder(db, auth, profileId),
          exists(
            db
              .select({ id: cardProfiles.id })
              .from(cardProfiles)
              .where(and(eq(cardProfiles.profileId, profileId), callersProfiles(db, auth))),
          ),
        ),
      ),
    );
  return row !== undefined;
}

/** Whether the caller entered this card token, or it is the token of a profile the caller may use. */
export async function callerMayUseToken(db: Executor, auth: TokenClaims, token: string): Promise<boolean> {
  const [row] = await db
    .select({ token: cardTokens.token })
    .from(cardTokens)
    .where(
      and(
        eq(cardTokens.token, token),
        eq(cardTokens.companyId, auth.company_id),
        or(
          eq(cardTokens.createdBy, auth.account_id),
          exists(
            db
              .select({ id: cardProfiles.id })
              .from(cardProfiles)
              .where(and(eq(cardProfiles.token, cardTokens.token), callersProfiles(db, auth))),
          ),
        ),
      ),
    );
  return row !== undefined;
}

/** Whether this bank token belongs to one of the caller's own check debits. */
export async function callerMayUseAchToken(db: Executor, auth: TokenClaims, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.token, token), eq(paymentTransactions.method, 'ach'), callersTransactions(db, auth)))
    .limit(1);
  return row !== undefined;
}
