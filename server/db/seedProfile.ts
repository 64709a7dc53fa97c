// Demo data of the profile area: settings and email preferences, dealer contacts, RTO
// partners, notifications, and a year of delivery history so the delivery log and stats look
// like a working driver's. It adds no accounts (other suites count them).
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { NOTIFICATION_TOPIC_TITLES, type NotificationTopic } from '../../src/domain';
import type { Tx } from './client';
import { accounts, companies, dealers, orders } from './schema';
import { customerOrderBilling } from './schemaOrders';
import { accountSettings, customerEmailSettings, dealerContacts, notifications, rtoCompanies } from './schemaProfile';
import { seedDeliveryHistory } from './seedProfileHistory';
import { before, type AreaSeed, type AreaSeedContext } from './seedAreas';
import { FIRST_NAMES, LAST_NAMES } from './seedData';
import { driversOrders } from '../repositories/orders';
import { RTO_COMPANY_NAMES } from './seedData';

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * RTO partners per company, named as the orders area's billing rows name them (seedOrders);
 * any other rto_company_name found in billing gets a partner row too.
 */
const RTO_PARTNERS: Record<string, { name: string; email: string; phone: string; address: string; admin: [string, string, string] }> = {
  'Summit Sheds': {
    name: RTO_COMPANY_NAMES['Summit Sheds'] ?? 'Keystone Rent-to-Own',
    email: 'service@keystone-rto.test',
    phone: '(717) 555-0170',
    address: '40 Market Sq, Manheim, PA 17545',
    admin: ['Lorraine', 'Weaver', 'lorraine@keystone-rto.test'],
  },
  'Ridge Barns': {
    name: RTO_COMPANY_NAMES['Ridge Barns'] ?? 'Plateau Rent-to-Own',
    email: 'office@plateau-rto.test',
    phone: '(931) 555-0270',
    address: '12 E 1st St, Crossville, TN 38555',
    admin: ['Donnie', 'Qualls', 'donnie@plateau-rto.test'],
  },
};

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const seedProfile: AreaSeed = async (tx, ctx) => {
  const companyRows = await tx.select().from(companies).orderBy(asc(companies.id));
  for (const company of companyRows) {
    await seedAccountSettings(tx, ctx.rand, company.id);
    await seedDealerContacts(tx, ctx.rand, company.id);
    await seedRtoPartners(tx, company.id, company.name);
    await seedCustomerEmailSettings(tx, ctx.rand, company.id);
    await seedDeliveryHistory(tx, ctx, company.id);
    await seedNotifications(tx, ctx, company.id);
  }
};

async function seedAccountSettings(tx: Tx, rand: Rand, companyId: number): Promise<void> {
  const rows = await tx.select({ id: accounts.id, role: accounts.role }).from(accounts).where(eq(accounts.companyId, companyId)).orderBy(asc(accounts.id));
  const drivers = rows.filter((a) => a.role === 'driver');
  // The second driver turned two kinds of email off, so the demo shows both states.
  await tx
    .insert(accountSettings)
    .values(
      drivers.map((d, i) => ({
        accountId: d.id,
        companyId,
        emailOrderReassigned: i !== 1,
        emailOrderFinishedAtShop: i !== 1 && rand() < 0.8,
      })),
    )
    .onConflictDoNothing();
}

async function seedDealerContacts(tx: Tx, rand: Rand, companyId: number): Promise<void> {
  const rows = await tx.select().from(dealers).where(eq(dealers.companyId, companyId)).orderBy(asc(dealers.id));
  if (rows.length === 0) return;
  await tx
    .insert(dealerContacts)
    .values(
      rows.map((dealer) => {
        const first = pick(rand, FIRST_NAMES);
        const last = pick(rand, LAST_NAMES);
        return {
          dealerId: dealer.id,
          companyId,
          name: `${first} ${last}`,
          email: `${first.toLowerCase()}@${slug(dealer.name)}.test`,
          phone: dealer.phone,
        };
      }),
    )
    .onConflictDoNothing();
}

async function seedRtoPartners(tx: Tx, companyId: number, companyName: string): Promise<void> {
  const partner = RTO_PARTNERS[companyName];
  const names = new Set<string>(partner ? [partner.name] : []);
  // Billing rows (orders area, 0002) may name partners of their own: give each an admin.
  const named = await tx
    .selectDistinct({ name: customerOrderBilling.rtoCompanyName })
    .from(customerOrderBilling)
    .where(and(eq(customerOrderBilling.companyId, companyId), isNotNull(customerOrderBilling.rtoCompanyName)));
  for (const row of named) if (row.name) names.add(row.name);
  for (const name of [...names].sort()) {
    const own = partner?.name === name ? partner : null;
    const domain = `${slug(name)}.test`;
    await tx
      .insert(rtoCompanies)
      .values({
        companyId,
        name,
        email: own?.email ?? `office@${domain}`,
        phone: own?.phone ?? null,
        address: own?.address ?? null,
        adminFirstName: own?.admin[0] ?? 'Office',
        adminLastName: own?.admin[1] ?? 'Manager',
        adminEmail: own?.admin[2] ?? `admin@${domain}`,
      })
      .onConflictDoNothing();
  }
}

async function seedCustomerEmailSettings(tx: Tx, rand: Rand, companyId: number): Promise<void> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.kind, 'customer')))
    .orderBy(asc(orders.id));
  const values = rows
    .map((o) => ({ orderId: o.id, companyId, orderDelivered: rand() >= 0.15, orderScheduled: rand() >= 0.15 }))
    .filter((s) => !s.orderDelivered || !s.orderScheduled); // no row means both on
  if (values.length > 0) await tx.insert(customerEmailSettings).values(values).onConflictDoNothing();
}

async function seedNotifications(tx: Tx, ctx: AreaSeedContext, companyId: number): Promise<void> {
  const { rand } = ctx;
  const drivers = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.role, 'driver')))
    .orderBy(asc(accounts.id));
  for (const driver of drivers) {
    const live = await tx
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        model: orders.buildingModel,
        isBuilt: orders.isBuilt,
        first: orders.customerFirstName,
        last: orders.customerLastName,
      })
      .from(orders)
      .where(and(driversOrders(companyId, driver.id), isNull(orders.deliveredAt)))
      .orderBy(asc(orders.id))
      .limit(12);
    const values: (typeof notifications.$inferInsert)[] = [];
    live.slice(0, 8).forEach((order, i) => {
      const createdAt = before(ctx, (i * 1.7 + rand()) * DAY_MS + HOUR_MS);
      const who = order.first ? ` for ${order.first} ${order.last ?? ''}`.trimEnd() : '';
      const [topic, message]: [NotificationTopic, string] =
        i % 3 === 0
          ? ['order_assigned', `Order ${order.orderNumber} (${order.model})${who} was assigned to you.`]
          : i % 3 === 1 && order.isBuilt
            ? ['order_finished_at_shop', `${order.model} for order ${order.orderNumber} is built and ready for delivery.`]
            : ['order_updated', `The office updated order ${order.orderNumber}: check the delivery address and notes.`];
      values.push({
        companyId,
        accountId: driver.id,
        type: 'order',
        topic,
        title: NOTIFICATION_TOPIC_TITLES[topic],
        message,
        orderId: order.id,
        createdAt,
        dismissedAt: i >= 4 && rand() < 0.7 ? new Date(createdAt.getTime() + 5 * HOUR_MS) : null,
      });
    });
    values.push(
      {
        companyId,
        accountId: driver.id,
        type: 'system',
        title: 'Snow route advisory',
        message: 'Back roads above 1,500 ft are icy before 10 am this week. Call the office before hauling a 12-wide.',
        createdAt: before(ctx, 2 * DAY_MS),
      },
      {
        companyId,
        accountId: driver.id,
        type: 'system',
        title: 'New in the app',
        message: 'Deliveries now save offline and send themselves when you are back in signal.',
        createdAt: before(ctx, 20 * DAY_MS),
        dismissedAt: before(ctx, 19 * DAY_MS),
      },
    );
    await tx.insert(notifications).values(values);
  }
}
