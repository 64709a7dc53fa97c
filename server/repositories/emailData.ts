// What emails read (SPEC §3 "Email data"): an order with its company, dealer, drivers,
// delivery, billing and the customer's email settings; the delivery's latest certificate; the
// company's RTO partners; and who an address belongs to (send-email's recipient check).
// Every read is scoped to the caller's company.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderKind, TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import { callersOrders } from './orders';
import {
  accounts,
  companies,
  customerEmailSettings,
  customerOrderBilling,
  dealerContacts,
  dealers,
  deliveries,
  deliveryCertificates,
  orders,
  rtoCompanies,
} from '../db/schema';

const orderDriver = alias(accounts, 'order_driver');
const deliveryDriver = alias(accounts, 'delivery_driver');

/** The company's order of this kind (not cancelled) with everything an email about it says. */
export async function emailOrderRowOf(db: Executor, companyId: number, kind: OrderKind, id: number) {
  const [row] = await db
    .select({
      id: orders.id,
      kind: orders.kind,
      orderType: orders.orderType,
      orderNumber: orders.orderNumber,
      driverId: orders.driverId,
      buildingModel: orders.buildingModel,
      buildingSize: orders.buildingSize,
      serialNumber: orders.serialNumber,
      deliveryAddress: orders.deliveryAddress,
      scheduledDate: orders.scheduledDate,
      customerFirstName: orders.customerFirstName,
      customerLastName: orders.customerLastName,
      customerEmail: orders.customerEmail,
      companyName: companies.name,
      companyEmail: companies.email,
      companyPhone: companies.phone,
      companyAddress: companies.address,
      dealerName: dealers.name,
      dealerAddress: sql<string>`${dealers.address} || ', ' || ${dealers.city} || ', ' || ${dealers.state} || ' ' || ${dealers.zip}`,
      dealerUserName: dealerContacts.name,
      dealerUserEmail: dealerContacts.email,
      dealerUserPhone: dealerContacts.phone,
      orderDriverName: sql<string | null>`${orderDriver.firstName} || ' ' || ${orderDriver.lastName}`,
      deliveryDriverName: sql<string | null>`${deliveryDriver.firstName} || ' ' || ${deliveryDriver.lastName}`,
      milesDriven: deliveries.milesDriven,
      deliveryId: deliveries.id,
      isRto: sql<boolean>`coalesce(${customerOrderBilling.isRto}, false)`,
      rtoCompanyName: customerOrderBilling.rtoCompanyName,
      deliveredEmailOn: sql<boolean>`coalesce(${customerEmailSettings.orderDelivered}, true)`,
      scheduledEmailOn: sql<boolean>`coalesce(${customerEmailSettings.orderScheduled}, true)`,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .leftJoin(dealerContacts, eq(dealerContacts.dealerId, dealers.id))
    .leftJoin(orderDriver, eq(orderDriver.id, orders.driverId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .leftJoin(deliveryDriver, eq(deliveryDriver.id, deliveries.driverId))
    .leftJoin(customerOrderBilling, eq(customerOrderBilling.orderId, orders.id))
    .leftJoin(customerEmailSettings, eq(customerEmailSettings.orderId, orders.id))
    .where(and(eq(orders.id, id), eq(orders.companyId, companyId), eq(orders.kind, kind), isNull(orders.cancelledAt)));
  return row;
}
export type EmailOrderRow = NonNullable<Awaited<ReturnType<typeof emailOrderRowOf>>>;

/** The guid of the delivery's latest certificate, if any. */
export async function latestCertificateGuid(db: Executor, deliveryId: number): Promise<string | null> {
  const [row] = await db
    .select({ guid: deliveryCertificates.guid })
    .from(deliveryCertificates)
    .where(eq(deliveryCertificates.deliveryId, deliveryId))
    .orderBy(desc(deliveryCertificates.createdAt))
    .limit(1);
  return row?.guid ?? null;
}

/** The company's RTO partner of this name (null: its first partner). */
export async function rtoPartnerOf(db: Executor, companyId: number, name: string | null) {
  const [rto] = await db
    .select()
    .from(rtoCompanies)
    .where(and(eq(rtoCompanies.companyId, companyId), name ? eq(rtoCompanies.name, name) : undefined))
    .orderBy(asc(rtoCompanies.id))
    .limit(1);
  return rto;
}

/** The company's RTO partner whose admin has this address (lower case). */
export async function rtoPartnerByAdminEmail(db: Executor, companyId: number, address: string): Promise<{ id: number; sendEmail: boolean } | undefined> {
  const [rto] = await db
    .select({ id: rtoCompanies.id, sendEmail: rtoCompanies.sendEmail })
    .from(rtoCompanies)
    .where(and(eq(rtoCompanies.companyId, companyId), sql`lower(${rtoCompanies.adminEmail}) = ${address}`));
  return rto;
}

/** The caller's customer orders (not cancelled) whose customer has this address (lower case), with their email settings. */
export function customerOrdersEmailed(db: Executor, auth: TokenClaims, address: string) {
  return db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      delivered: sql<boolean>`coalesce(${customerEmailSettings.orderDelivered}, true)`,
      scheduled: sql<boolean>`coalesce(${customerEmailSettings.orderScheduled}, true)`,
    })
    .from(orders)
    .leftJoin(customerEmailSettings, eq(customerEmailSettings.orderId, orders.id))
    .where(and(callersOrders(auth), eq(orders.kind, 'customer'), isNull(orders.cancelledAt), sql`lower(${orders.customerEmail}) = ${address}`));
}
