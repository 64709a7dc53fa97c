// Demo data of the orders area: per company survey questions, processor account and feature
// flags (payments_v2 on for Summit, off for Ridge); per customer order billing, balance, RTO,
// happy list, saved cards and checks (display fields only); a few order notes.
import { asc, eq } from 'drizzle-orm';
import type { Tx } from './client';
import {
  accounts,
  companies,
  customerOrderBilling,
  customerOrderChecks,
  customerSavedCards,
  dealers,
  driverDeliverySurveyQuestions,
  featureFlags,
  happyListItems,
  orderNotes,
  orders,
  paymentProcessorConfigs,
} from './schema';
import { before, type AreaSeed, type AreaSeedContext } from './seedAreas';
import { HAPPY_LIST, RTO_COMPANY_NAMES } from './seedData';

const PAYMENTS_V2_ON: Record<string, boolean> = { 'Summit Sheds': true, 'Ridge Barns': false };

const SURVEY: { question: string; type: 'YESNO' | 'TEXT' }[] = [
  { question: 'Was the customer present at delivery?', type: 'YESNO' },
  { question: 'Could the truck reach the site without help?', type: 'YESNO' },
  { question: 'Did you use the mule to place the building?', type: 'YESNO' },
  { question: 'Anything the office should know about this delivery?', type: 'TEXT' },
];
const BANKS: Record<string, string[]> = {
  PA: ['Fulton Bank', 'PNC Bank', 'Members 1st FCU', 'Ephrata National Bank'],
  TN: ['First Horizon Bank', 'Regions Bank', 'FirstBank', 'Citizens Tri-County Bank'],
};
const CARD_BRANDS = ['Visa', 'Mastercard', 'Discover', 'American Express'];
const SPOUSES = ['Ruth', 'John', 'Sarah', 'Daniel', 'Anna', 'Samuel', 'Lisa', 'Mark'];
const FLAGS: { name: string; on: (company: string) => Record<'production' | 'master' | 'branch', boolean> }[] = [
  { name: 'payments_v2', on: (c) => ({ production: PAYMENTS_V2_ON[c] ?? false, master: PAYMENTS_V2_ON[c] ?? false, branch: PAYMENTS_V2_ON[c] ?? false }) },
  { name: 'driver_delivery_survey', on: () => ({ production: true, master: true, branch: true }) },
  { name: 'order_map_clusters', on: () => ({ production: false, master: true, branch: true }) },
];
const CUSTOMER_NOTES = [
  'Customer asked for a call 30 minutes before arrival.',
  'Gravel pad is ready; the back gate is 10 ft wide.',
  'Dogs on the property: call before opening the gate.',
  'Set the building 6 ft off the fence line, doors facing the house.',
  'Soft ground after rain; bring the mule.',
];
const INVENTORY_NOTES = [
  'Dealer wants it on the front row of the lot.',
  'Pick up the display steps from the shop with it.',
  'Lot is closed Sundays; drop before 5 pm.',
];

type Rand = () => number;
const int = (rand: Rand, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const digits = (rand: Rand, n: number): string => Array.from({ length: n }, () => String(int(rand, 0, 9))).join('');
const DAY_MS = 24 * 60 * 60 * 1000;

function shuffle<T>(rand: Rand, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = int(rand, 0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export const seedOrdersArea: AreaSeed = async (tx, ctx) => {
  const { rand, dayStart } = ctx;
  const year = new Date(dayStart).getUTCFullYear();
  const companyRows = await tx.select().from(companies).orderBy(asc(companies.id));
  for (const company of companyRows) {
    await tx.insert(driverDeliverySurveyQuestions).values(SURVEY.map((q, position) => ({ companyId: company.id, ...q, position })));
    await tx.insert(paymentProcessorConfigs).values({ companyId: company.id, paymentProcessingAccountId: `4961${digits(rand, 8)}` });
    await tx.insert(featureFlags).values(
      FLAGS.flatMap((flag) =>
        Object.entries(flag.on(company.name)).map(([environment, turnedOn]) => ({
          companyId: company.id,
          name: flag.name,
          environment: environment as 'production' | 'master' | 'branch',
          turnedOn,
        })),
      ),
    );
    await seedCustomerOrders(tx, rand, company, year);
    await seedNotes(tx, rand, company.id, ctx);
  }
};

async function seedCustomerOrders(tx: Tx, rand: Rand, company: { id: number; name: string }, year: number): Promise<void> {
  const rows = await tx
    .select({ order: orders, state: dealers.state, city: dealers.city, zip: dealers.zip })
    .from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(eq(orders.companyId, company.id))
    .orderBy(asc(orders.id));
  for (const { order, state, city, zip } of rows) {
    if (order.kind !== 'customer') continue;
    const first = order.customerFirstName ?? 'Customer';
    const last = order.customerLastName ?? '';
    const name = `${first} ${last}`.trim();
    const isRto = rand() < 0.2;
    const balance = order.deliveredAt || isRto || rand() < 0.3 ? 0 : int(rand, 250, 6500) + (rand() < 0.5 ? 0.5 : 0);
    const street = (order.deliveryAddress ?? '').split(', ')[0] ?? '';
    const poBox = rand() < 0.15;
    await tx.insert(customerOrderBilling).values({
      orderId: order.id,
      companyId: company.id,
      nameOnOrder: rand() < 0.25 ? `${first} & ${pick(rand, SPOUSES)} ${last}` : name,
      isRto,
      rtoCompanyName: isRto ? (RTO_COMPANY_NAMES[company.name] ?? null) : null,
      remainingBalance: balance.toFixed(2),
      streetAddressOne: poBox ? `PO Box ${int(rand, 10, 990)}` : street,
      streetAddressTwo: !poBox && rand() < 0.1 ? `Lot ${int(rand, 1, 40)}` : null,
      city,
      state,
      zip,
    });
    const items = shuffle(rand, HAPPY_LIST).slice(0, int(rand, 3, 5));
    await tx.insert(happyListItems).values(items.map(([item, text], position) => ({ orderId: order.id, companyId: company.id, item, text, position })));
    if (isRto || balance === 0) continue;
    if (rand() < 0.45) {
      const cards = rand() < 0.2 ? 2 : 1;
      await tx.insert(customerSavedCards).values(
        Array.from({ length: cards }, () => ({
          orderId: order.id,
          companyId: company.id,
          cardProfileId: `${int(rand, 1, 9)}${digits(rand, 19)}`, // the processor's 20-digit profile id
          lastFour: digits(rand, 4),
          brand: pick(rand, CARD_BRANDS),
          expMonth: int(rand, 1, 12),
          expYear: year + int(rand, 1, 4),
        })),
      );
    }
    if (rand() < 0.4) {
      await tx.insert(customerOrderChecks).values({
        orderId: order.id,
        companyId: company.id,
        nameOnCheck: name,
        bankName: pick(rand, BANKS[state] ?? ['Community Bank']),
        accountLastFour: digits(rand, 4),
      });
    }
  }
}

async function seedNotes(tx: Tx, rand: Rand, companyId: number, ctx: AreaSeedContext): Promise<void> {
  const people = await tx.select({ id: accounts.id, role: accounts.role }).from(accounts).where(eq(accounts.companyId, companyId)).orderBy(asc(accounts.id));
  const author = people.find((p) => p.role === 'office_admin') ?? people[0];
  if (!author) return;
  const rows = await tx.select({ id: orders.id, kind: orders.kind }).from(orders).where(eq(orders.companyId, companyId)).orderBy(asc(orders.id));
  for (const row of rows) {
    if (rand() >= 0.25) continue;
    await tx.insert(orderNotes).values({
      orderId: row.id,
      companyId,
      accountId: author.id,
      note: pick(rand, row.kind === 'customer' ? CUSTOMER_NOTES : INVENTORY_NOTES),
      createdAt: before(ctx, int(rand, 1, 10) * DAY_MS + int(rand, 0, 9) * 3600_000),
    });
  }
}
