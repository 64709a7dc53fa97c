// Reads of the orders area: the driver's order by kind and id (404 for anything else), notes,
// and the customer-order delivery details with everything SPEC §3 lists, loaded per page of
// orders in a few batched queries (a pull of 200 orders is not 200 round trips).
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  PAYMENTS_V2_FLAG, orderKey,
  type CustomerDeliveryDetails, type OrderNote, type SurveyQuestion, type TokenClaims,
} from '../../src/domain';
import type { Executor } from '../db/client';
import {
  accounts, cardProfiles, cardTokens, customerOrderBilling, customerSavedCards, driverDeliverySurveyQuestions, featureFlags,
  happyListItems, orderNotes, paymentProcessorConfigs, type OrderKindColumn,
} from '../db/schema';
import { requireOrder } from './access';
import { coordinatesOf, customerNameOf, type OrderViewRow } from './orderViews';

/** The driver's order of this kind, whatever its state; 404 for anything else (never leaks). The rule lives in access.ts. */
export function findDriverOrder(db: Executor, auth: TokenClaims, kind: OrderKindColumn, id: number): Promise<OrderViewRow> {
  return requireOrder(db, auth, { kind, id });
}

/** Notes of these orders (same company), oldest first, keyed by order id. */
export async function notesOf(db: Executor, companyId: number, rows: Pick<OrderViewRow, 'id' | 'kind'>[]): Promise<Map<number, OrderNote[]>> {
  const byId = new Map<number, OrderNote[]>(rows.map((row) => [row.id, []]));
  if (rows.length === 0) return byId;
  const kinds = new Map(rows.map((row) => [row.id, row.kind]));
  const found = await db.select({
    id: orderNotes.id, orderId: orderNotes.orderId, note: orderNotes.note, createdAt: orderNotes.createdAt,
    firstName: accounts.firstName, lastName: accounts.lastName,
  }).from(orderNotes)
    .innerJoin(accounts, eq(accounts.id, orderNotes.accountId))
    .where(and(eq(orderNotes.companyId, companyId), inArray(orderNotes.orderId, [...kinds.keys()])))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
  for (const note of found) {
    byId.get(note.orderId)?.push({
      id: note.id,
      order_key: orderKey(kinds.get(note.orderId) ?? 'customer', note.orderId),
      note: note.note,
      author_name: `${note.firstName} ${note.lastName}`,
      created_at: note.createdAt.toISOString(),
    });
  }
  return byId;
}

type Billing = typeof customerOrderBilling.$inferSelect;

/** What the company holds for every customer order's delivery: survey, processor, payments_v2. */
async function companyDeliveryConfig(db: Executor, companyId: number): Promise<{
  survey: SurveyQuestion[];
  processor: { payment_processing_account_id: string } | null;
  paymentsV2: boolean;
}> {
  const survey = await db.select({ id: driverDeliverySurveyQuestions.id, question: driverDeliverySurveyQuestions.question, type: driverDeliverySurveyQuestions.type })
    .from(driverDeliverySurveyQuestions)
    .where(and(eq(driverDeliverySurveyQuestions.companyId, companyId), eq(driverDeliverySurveyQuestions.active, true)))
    .orderBy(asc(driverDeliverySurveyQuestions.position), asc(driverDeliverySurveyQuestions.id));
  const [processor] = await db.select({ id: paymentProcessorConfigs.paymentProcessingAccountId }).from(paymentProcessorConfigs)
    .where(eq(paymentProcessorConfigs.companyId, companyId));
  // The server cannot tell which deployment a client runs: delivery details follow production.
  const [flag] = await db.select({ on: featureFlags.turnedOn }).from(featureFlags)
    .where(and(eq(featureFlags.companyId, companyId), eq(featureFlags.name, PAYMENTS_V2_FLAG), eq(featureFlags.environment, 'production')));
  return { survey, processor: processor ? { payment_processing_account_id: processor.id } : null, paymentsV2: flag?.on ?? false };
}

type SavedCardView = CustomerDeliveryDetails['customer_card_list'][number];

/** Cards the processor saved for these orders (e.g. at a new-card authorization), as listed cards. */
async function savedProfiles(db: Executor, companyId: number, ids: number[]): Promise<{ orderId: number; card: SavedCardView }[]> {
  const rows = await db.select({
    orderId: cardProfiles.customerOrderId, profileId: cardProfiles.profileId, expiration: cardProfiles.expiration,
    brand: cardTokens.brand, lastFour: cardTokens.lastFour,
  }).from(cardProfiles)
    .innerJoin(cardTokens, eq(cardTokens.token, cardProfiles.token))
    .where(and(eq(cardProfiles.companyId, companyId), inArray(cardProfiles.customerOrderId, ids)))
    .orderBy(asc(cardProfiles.id));
  return rows.flatMap((r) => (r.orderId === null ? [] : [{
    orderId: r.orderId,
    // expiration is MMYY (a CHECK in 0004 guarantees the shape)
    card: { card_profile_id: r.profileId, last_four: r.lastFour, brand: r.brand, exp_month: Number(r.expiration.slice(0, 2)), exp_year: 2000 + Number(r.expiration.slice(2)) },
  }]));
}

/** The first listing of each profile id wins: the orders area's own rows come first. */
function uniqueCards(cards: SavedCardView[]): SavedCardView[] {
  const seen = new Set<string>();
  return cards.filter((card) => !seen.has(card.card_profile_id) && seen.add(card.card_profile_id));
}

function groupBy<R extends { orderId: number }>(rows: R[]): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const row of rows) out.set(row.orderId, [...(out.get(row.orderId) ?? []), row]);
  return out;
}

/** Customer-order delivery details for these rows (all of the token's company), in order. */
export async function toCustomerDeliveryDetails(db: Executor, companyId: number, rows: OrderViewRow[]): Promise<CustomerDeliveryDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const scoped = <C extends typeof customerOrderBilling | typeof happyListItems | typeof customerSavedCards>(table: C) =>
    and(eq(table.companyId, companyId), inArray(table.orderId, ids));
  const [billingRows, happyRows, cardRows, profileRows, config] = await Promise.all([
    db.select().from(customerOrderBilling).where(scoped(customerOrderBilling)),
    db.select().from(happyListItems).where(scoped(happyListItems)).orderBy(asc(happyListItems.position)),
    db.select().from(customerSavedCards).where(scoped(customerSavedCards)).orderBy(asc(customerSavedCards.id)),
    savedProfiles(db, companyId, ids),
    companyDeliveryConfig(db, companyId),
  ]);
  const billing = new Map<number, Billing>(billingRows.map((b) => [b.orderId, b]));
  const happy = groupBy(happyRows);
  const cards = groupBy([
    ...cardRows.map((c) => ({
      orderId: c.orderId, card: { card_profile_id: c.cardProfileId, last_four: c.lastFour, brand: c.brand, exp_month: c.expMonth, exp_year: c.expYear },
    })),
    ...profileRows,
  ]);
  return rows.map((row) => {
    const bill = billing.get(row.id);
    return {
      id: orderKey('customer', row.id),
      company_id: row.companyId,
      companyId: row.companyId,
      customer_order_id: row.id,
      customer_first_name: row.customerFirstName,
      customer_last_name: row.customerLastName,
      customer_phone: row.customerPhone,
      customer_email: row.customerEmail,
      order_number: row.orderNumber,
      billing_address: bill ? {
        street_address_one: bill.streetAddressOne,
        street_address_two: bill.streetAddressTwo,
        city: bill.city,
        state: bill.state,
        zip: bill.zip,
      } : null,
      name_on_order: bill?.nameOnOrder ?? customerNameOf(row) ?? row.dealerName,
      is_rto: bill?.isRto ?? false,
      rto_company_name: bill?.rtoCompanyName ?? null,
      serial_number: row.serialNumber,
      building_name: row.buildingModel,
      delivery_address: row.deliveryAddress,
      delivery_address_coordinates: coordinatesOf(row),
      remaining_balance: bill?.remainingBalance ?? '0.00',
      // SPEC §3: every item of the list arrives checked (value true); the driver unticks.
      happy_list_results: (happy.get(row.id) ?? []).map((h) => ({ item: h.item, text: h.text, value: true })),
      customer_card_list: uniqueCards((cards.get(row.id) ?? []).map((c) => c.card)),
      payment_processor_config: config.processor,
      payments_v2: config.paymentsV2,
      driver_delivery_survey_questions: config.survey,
      updated_at: row.updatedAt.toISOString(),
    };
  });
}
