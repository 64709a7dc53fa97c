// Reads of the orders area: notes, and the customer-order delivery details with everything
// SPEC §3 lists, loaded per page of orders in a few batched queries (a pull of 200 orders is
// not 200 round trips).
import { PAYMENTS_V2_FLAG, orderKey, type CustomerDeliveryDetails, type OrderNote, type SurveyQuestion } from '../../src/domain';
import type { Executor } from '../db/client';
import { flagTurnedOn } from '../repositories/companyReads';
import {
  activeSurveyQuestions,
  billingsOf,
  happyItemsOf,
  processingAccountOf,
  processorProfilesOf,
  savedCardsOf,
  type BillingRow,
} from '../repositories/customerOrders';
import { notesOfOrders } from '../repositories/orderNotes';
import type { OrderViewRow } from '../repositories/orders';
import { coordinatesOf, customerNameOf } from './orderViews';

/** Notes of these orders (same company), oldest first, keyed by order id. */
export async function notesOf(db: Executor, companyId: number, rows: Pick<OrderViewRow, 'id' | 'kind'>[]): Promise<Map<number, OrderNote[]>> {
  const byId = new Map<number, OrderNote[]>(rows.map((row) => [row.id, []]));
  if (rows.length === 0) return byId;
  const kinds = new Map(rows.map((row) => [row.id, row.kind]));
  for (const note of await notesOfOrders(db, companyId, [...kinds.keys()])) {
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

/** What the company holds for every customer order's delivery: survey, processor, payments_v2. */
async function companyDeliveryConfig(
  db: Executor,
  companyId: number,
): Promise<{
  survey: SurveyQuestion[];
  processor: { payment_processing_account_id: string } | null;
  paymentsV2: boolean;
}> {
  const survey = await activeSurveyQuestions(db, companyId);
  const processor = await processingAccountOf(db, companyId);
  // The server cannot tell which deployment a client runs: delivery details follow production.
  const paymentsV2 = await flagTurnedOn(db, companyId, PAYMENTS_V2_FLAG, 'production');
  return { survey, processor: processor === undefined ? null : { payment_processing_account_id: processor }, paymentsV2: paymentsV2 ?? false };
}

type SavedCardView = CustomerDeliveryDetails['customer_card_list'][number];

/** Cards the processor saved for these orders (e.g. at a new-card authorization), as listed cards. */
async function savedProfiles(db: Executor, companyId: number, ids: number[]): Promise<{ orderId: number; card: SavedCardView }[]> {
  const rows = await processorProfilesOf(db, companyId, ids);
  return rows.flatMap((r) =>
    r.orderId === null
      ? []
      : [
          {
            orderId: r.orderId,
            // expiration is MMYY (a CHECK in 0004 guarantees the shape)
            card: {
              card_profile_id: r.profileId,
              last_four: r.lastFour,
              brand: r.brand,
              exp_month: Number(r.expiration.slice(0, 2)),
              exp_year: 2000 + Number(r.expiration.slice(2)),
            },
          },
        ],
  );
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
  const [billingRows, happyRows, cardRows, profileRows, config] = await Promise.all([
    billingsOf(db, companyId, ids),
    happyItemsOf(db, companyId, ids),
    savedCardsOf(db, companyId, ids),
    savedProfiles(db, companyId, ids),
    companyDeliveryConfig(db, companyId),
  ]);
  const billing = new Map<number, BillingRow>(billingRows.map((b) => [b.orderId, b]));
  const happy = groupBy(happyRows);
  const cards = groupBy([
    ...cardRows.map((c) => ({
      orderId: c.orderId,
      card: { card_profile_id: c.cardProfileId, last_four: c.lastFour, brand: c.brand, exp_month: c.expMonth, exp_year: c.expYear },
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
      billing_address: bill
        ? {
            street_address_one: bill.streetAddressOne,
            street_address_two: bill.streetAddressTwo,
            city: bill.city,
            state: bill.state,
            zip: bill.zip,
          }
        : null,
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
