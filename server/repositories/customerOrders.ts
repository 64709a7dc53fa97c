// What a customer order carries beyond its row (0002, 0004): billing and balance, the happy
// list, saved cards (the orders area's and the processor's profiles), saved checks, and the
// company's survey questions and processor account the delivery details show.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import {
  cardProfiles,
  cardTokens,
  customerOrderBilling,
  customerOrderChecks,
  customerSavedCards,
  driverDeliverySurveyQuestions,
  happyListItems,
  paymentProcessorConfigs,
} from '../db/schema';

export type BillingRow = typeof customerOrderBilling.$inferSelect;
export type HappyItemRow = typeof happyListItems.$inferSelect;
export type SavedCardRow = typeof customerSavedCards.$inferSelect;
export type CheckRow = typeof customerOrderChecks.$inferSelect;

/** Rows of a per-order table of the company for these orders. */
const ofOrders = <C extends typeof customerOrderBilling | typeof happyListItems | typeof customerSavedCards | typeof customerOrderChecks>(
  table: C,
  companyId: number,
  ids: number[],
) => and(eq(table.companyId, companyId), inArray(table.orderId, ids));

/** The order's billing row; `forUpdate` locks it for the delivery that reduces the balance. */
export async function billingOf(db: Executor, companyId: number, orderId: number, forUpdate = false): Promise<BillingRow | undefined> {
  const query = db
    .select()
    .from(customerOrderBilling)
    .where(ofOrders(customerOrderBilling, companyId, [orderId]));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export function billingsOf(db: Executor, companyId: number, ids: number[]): Promise<BillingRow[]> {
  return db
    .select()
    .from(customerOrderBilling)
    .where(ofOrders(customerOrderBilling, companyId, ids));
}

export async function setRemainingBalance(tx: Tx, orderId: number, remainingBalance: string): Promise<void> {
  await tx.update(customerOrderBilling).set({ remainingBalance }).where(eq(customerOrderBilling.orderId, orderId));
}

export function happyItemsOf(db: Executor, companyId: number, ids: number[]): Promise<HappyItemRow[]> {
  return db
    .select()
    .from(happyListItems)
    .where(ofOrders(happyListItems, companyId, ids))
    .orderBy(asc(happyListItems.position));
}

export function savedCardsOf(db: Executor, companyId: number, ids: number[]): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(customerSavedCards)
    .where(ofOrders(customerSavedCards, companyId, ids))
    .orderBy(asc(customerSavedCards.id));
}

/** The card this order lists under this profile id, or undefined. */
export async function savedCardOfOrder(db: Executor, companyId: number, orderId: number, profileId: string): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .select()
    .from(customerSavedCards)
    .where(and(ofOrders(customerSavedCards, companyId, [orderId]), eq(customerSavedCards.cardProfileId, profileId)));
  return row;
}

/** Cards the processor saved for these orders (e.g. at a new-card authorization), with their token's brand and last four. */
export function processorProfilesOf(db: Executor, companyId: number, ids: number[]) {
  return db
    .select({
      orderId: cardProfiles.customerOrderId,
      profileId: cardProfiles.profileId,
      expiration: cardProfiles.expiration,
      brand: cardTokens.brand,
      lastFour: cardTokens.lastFour,
    })
    .from(cardProfiles)
    .innerJoin(cardTokens, eq(cardTokens.token, cardProfiles.token))
    .where(and(eq(cardProfiles.companyId, companyId), inArray(cardProfiles.customerOrderId, ids)))
    .orderBy(asc(cardProfiles.id));
}

export function checksOf(db: Executor, companyId: number, orderId: number): Promise<CheckRow[]> {
  return db
    .select()
    .from(customerOrderChecks)
    .where(ofOrders(customerOrderChecks, companyId, [orderId]))
    .orderBy(asc(customerOrderChecks.id));
}

/** The order's saved check with this id, or undefined. */
export async function checkOfOrder(db: Executor, companyId: number, orderId: number, checkId: number): Promise<CheckRow | undefined> {
  const [row] = await db
    .select()
    .from(customerOrderChecks)
    .where(and(eq(customerOrderChecks.id, checkId), ofOrders(customerOrderChecks, companyId, [orderId])));
  return row;
}

/** The company's active survey questions, in their order. */
export function activeSurveyQuestions(db: Executor, companyId: number): Promise<{ id: number; question: string; type: 'YESNO' | 'TEXT' }[]> {
  return db
    .select({ id: driverDeliverySurveyQuestions.id, question: driverDeliverySurveyQuestions.question, type: driverDeliverySurveyQuestions.type })
    .from(driverDeliverySurveyQuestions)
    .where(and(eq(driverDeliverySurveyQuestions.companyId, companyId), eq(driverDeliverySurveyQuestions.active, true)))
    .orderBy(asc(driverDeliverySurveyQuestions.position), asc(driverDeliverySurveyQuestions.id));
}

/** How many of these ids are survey questions of the company (active or not). */
export async function countSurveyQuestions(db: Executor, companyId: number, ids: number[]): Promise<number> {
  const found = await db
    .select({ id: driverDeliverySurveyQuestions.id })
    .from(driverDeliverySurveyQuestions)
    .where(and(inArray(driverDeliverySurveyQuestions.id, ids), eq(driverDeliverySurveyQuestions.companyId, companyId)));
  return found.length;
}

/** The company's payment processing account id, or undefined when it has none. */
export async function processingAccountOf(db: Executor, companyId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ id: paymentProcessorConfigs.paymentProcessingAccountId })
    .from(paymentProcessorConfigs)
    .where(eq(paymentProcessorConfigs.companyId, companyId));
  return row?.id;
}
