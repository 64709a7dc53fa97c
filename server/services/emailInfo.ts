// The email-information lookups (SPEC §3 "Email data", §7): what each email needs about an
// order, its company, and its recipients, with each recipient's send_email flag (SPEC §5).
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  CompanyEmailData, CustomerDeliveredEmailInfo, OfficeAdminCustomerDeliveredEmailInfo,
  OfficeAdminInventoryDeliveredEmailInfo, OrderEmailData, OrderKind, RecipientEmailInfo, TokenClaims,
} from '../../src/domain';
import type { Db } from '../db/client';
import {
  accounts, companies, customerEmailSettings, customerOrderBilling, dealerContacts, dealers, deliveries, deliveryCertificates,
  orders, rtoCompanies,
} from '../db/schema';
import { notFound } from '../http/errors';
import { loadManyAccountSettings } from './accountSettings';

const orderDriver = alias(accounts, 'order_driver');
const deliveryDriver = alias(accounts, 'delivery_driver');

const fullName = (first: string | null, last: string | null): string | null =>
  first || last ? `${first ?? ''} ${last ?? ''}`.trim() : null;

async function loadEmailOrder(db: Db, auth: TokenClaims, kind: OrderKind, id: number, ownOnly: boolean) {
  const [row] = await db.select({
    id: orders.id, kind: orders.kind, orderType: orders.orderType, orderNumber: orders.orderNumber,
    driverId: orders.driverId, buildingModel: orders.buildingModel, buildingSize: orders.buildingSize,
    serialNumber: orders.serialNumber, deliveryAddress: orders.deliveryAddress, scheduledDate: orders.scheduledDate,
    customerFirstName: orders.customerFirstName, customerLastName: orders.customerLastName, customerEmail: orders.customerEmail,
    companyName: companies.name, companyEmail: companies.email, companyPhone: companies.phone, companyAddress: companies.address,
    dealerName: dealers.name, dealerAddress: sql<string>`${dealers.address} || ', ' || ${dealers.city} || ', ' || ${dealers.state} || ' ' || ${dealers.zip}`,
    dealerUserName: dealerContacts.name, dealerUserEmail: dealerContacts.email, dealerUserPhone: dealerContacts.phone,
    orderDriverName: sql<string | null>`${orderDriver.firstName} || ' ' || ${orderDriver.lastName}`,
    deliveryDriverName: sql<string | null>`${deliveryDriver.firstName} || ' ' || ${deliveryDriver.lastName}`,
    milesDriven: deliveries.milesDriven, deliveryId: deliveries.id,
    isRto: sql<boolean>`coalesce(${customerOrderBilling.isRto}, false)`, rtoCompanyName: customerOrderBilling.rtoCompanyName,
    deliveredEmailOn: sql<boolean>`coalesce(${customerEmailSettings.orderDelivered}, true)`,
    scheduledEmailOn: sql<boolean>`coalesce(${customerEmailSettings.orderScheduled}, true)`,
  }).from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .leftJoin(dealerContacts, eq(dealerContacts.dealerId, dealers.id))
    .leftJoin(orderDriver, eq(orderDriver.id, orders.driverId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .leftJoin(deliveryDriver, eq(deliveryDriver.id, deliveries.driverId))
    .leftJoin(customerOrderBilling, eq(customerOrderBilling.orderId, orders.id))
    .leftJoin(customerEmailSettings, eq(customerEmailSettings.orderId, orders.id))
    .where(and(eq(orders.id, id), eq(orders.companyId, auth.company_id), eq(orders.kind, kind), isNull(orders.cancelledAt)));
  // Delivered and scheduled emails are about the caller's own orders; 404 never says whose.
  if (!row || (ownOnly && row.driverId !== auth.account_id)) throw notFound();
  return row;
}
type EmailOrder = Awaited<ReturnType<typeof loadEmailOrder>>;

const companyData = (o: EmailOrder): CompanyEmailData => ({
  company_name: o.companyName, company_email: o.companyEmail, company_phone: o.companyPhone,
  company_address: o.companyAddress, company_logo_url: null, // no logos are stored yet
});
const orderData = (o: EmailOrder): OrderEmailData => ({
  order_number: o.orderNumber, building_model: o.buildingModel, serial_number: o.serialNumber, delivery_address: o.deliveryAddress,
});
const sizeAndModel = (o: EmailOrder): string => (o.buildingSize && !o.buildingModel.startsWith(o.buildingSize) ? `${o.buildingSize} ${o.buildingModel}` : o.buildingModel);

/** The latest certificate of the order's delivery (deliveries area, 0003), as its download path. */
async function certificateUrl(db: Db, o: EmailOrder): Promise<string | null> {
  if (o.deliveryId === null) return null;
  const [row] = await db.select({ guid: deliveryCertificates.guid }).from(deliveryCertificates)
    .where(eq(deliveryCertificates.deliveryId, o.deliveryId)).orderBy(desc(deliveryCertificates.createdAt)).limit(1);
  return row ? `/files/certificates/${row.guid}.pdf` : null;
}

export async function customerDeliveredInfo(db: Db, auth: TokenClaims, id: number): Promise<CustomerDeliveredEmailInfo> {
  const o = await loadEmailOrder(db, auth, 'customer', id, true);
  return {
    send_email: o.deliveredEmailOn && Boolean(o.customerEmail),
    first_name: o.customerFirstName, email: o.customerEmail,
    ...companyData(o), ...orderData(o),
    rto_company_name: o.isRto ? o.rtoCompanyName : null,
    dealer_user_name: o.dealerUserName, dealer_user_email: o.dealerUserEmail, dealer_user_phone: o.dealerUserPhone,
    delivery_certificate_url: await certificateUrl(db, o),
    is_rto: o.isRto,
  };
}

export async function customerScheduledInfo(db: Db, auth: TokenClaims, id: number): Promise<RecipientEmailInfo> {
  const o = await loadEmailOrder(db, auth, 'customer', id, true);
  return {
    send_email: o.scheduledEmailOn && Boolean(o.customerEmail),
    first_name: o.customerFirstName, email: o.customerEmail,
    ...companyData(o), ...orderData(o),
    scheduled_date: o.scheduledDate?.toISOString() ?? null,
  };
}

/** The RTO partner's admin; null when the order is not RTO. */
export async function rtoDeliveredInfo(db: Db, auth: TokenClaims, id: number): Promise<RecipientEmailInfo | null> {
  const o = await loadEmailOrder(db, auth, 'customer', id, true);
  if (!o.isRto) return null;
  // The partner the billing names; an order that names none goes to the company's first partner.
  const [rto] = await db.select().from(rtoCompanies)
    .where(and(eq(rtoCompanies.companyId, auth.company_id), o.rtoCompanyName ? eq(rtoCompanies.name, o.rtoCompanyName) : undefined))
    .orderBy(asc(rtoCompanies.id)).limit(1);
  return {
    send_email: rto?.sendEmail ?? false,
    first_name: rto?.adminFirstName ?? null, email: rto?.adminEmail ?? null,
    ...companyData(o), ...orderData(o),
    rto_company_name: rto?.name ?? o.rtoCompanyName,
    customer_name: fullName(o.customerFirstName, o.customerLastName),
  };
}

async function officeAdmins(db: Db, companyId: number) {
  const admins = await db.select({ id: accounts.id, email: accounts.email, first: accounts.firstName, last: accounts.lastName })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.role, 'office_admin'), isNull(accounts.removedAt)))
    .orderBy(asc(accounts.id));
  const settings = await loadManyAccountSettings(db, admins.map((a) => a.id));
  return admins.map((a) => ({ ...a, name: `${a.first} ${a.last}`, sendEmail: settings.get(a.id)?.sendEmail ?? true }));
}

export async function officeAdminCustomerDeliveredInfo(db: Db, auth: TokenClaims, id: number): Promise<OfficeAdminCustomerDeliveredEmailInfo[]> {
  const o = await loadEmailOrder(db, auth, 'customer', id, true);
  return (await officeAdmins(db, auth.company_id)).map((admin) => ({
    send_email: admin.sendEmail, email: admin.email, adminName: admin.name,
    driverName: o.deliveryDriverName ?? o.orderDriverName,
    sizeAndModel: sizeAndModel(o), serialNumber: o.serialNumber, miles: o.milesDriven,
    customerName: fullName(o.customerFirstName, o.customerLastName), customerDeliveryAddress: o.deliveryAddress,
    orderId: o.id, orderNumber: o.orderNumber, orderType: o.orderType,
  }));
}

/** On-lot answers driver_name/dealer_name, move answers assigned_driver_name/dealership_name (SPEC §3's two spellings). */
export async function officeAdminInventoryDeliveredInfo(db: Db, auth: TokenClaims, kind: 'onlot' | 'move', id: number): Promise<OfficeAdminInventoryDeliveredEmailInfo[]> {
  const o = await loadEmailOrder(db, auth, kind, id, true);
  const driver = o.deliveryDriverName ?? o.orderDriverName;
  return (await officeAdmins(db, auth.company_id)).map((admin) => ({
    send_email: admin.sendEmail, email: admin.email, admin_name: admin.name,
    ...(kind === 'onlot' ? { driver_name: driver, dealer_name: o.dealerName, onlot_inventory_order_id: o.id }
      : { assigned_driver_name: driver, dealership_name: o.dealerName, inventory_move_order_id: o.id }),
    building_model: o.buildingModel, serial_number: o.serialNumber, miles_driven: o.milesDriven,
    dealer_address: o.dealerAddress, order_number: o.orderNumber, order_type: o.orderType,
  }));
}

/** driver-assigned / driver-reassigned: the driver (driver-id, else the order's own) of this company. */
export async function driverAssignedInfo(db: Db, auth: TokenClaims, kind: OrderKind, id: number, driverId: number | null, which: 'assigned' | 'reassigned'): Promise<RecipientEmailInfo> {
  const o = await loadEmailOrder(db, auth, kind, id, false);
  const targetId = driverId ?? o.driverId;
  if (targetId === null) throw notFound();
  const [driver] = await db.select({ id: accounts.id, first: accounts.firstName, email: accounts.email }).from(accounts)
    .where(and(eq(accounts.id, targetId), eq(accounts.companyId, auth.company_id), eq(accounts.role, 'driver'), isNull(accounts.removedAt)));
  if (!driver) throw notFound();
  const settings = (await loadManyAccountSettings(db, [driver.id])).get(driver.id);
  const on = which === 'assigned' ? settings?.emailNewOrderAssigned : settings?.emailOrderReassigned;
  return {
    send_email: on ?? true, first_name: driver.first, email: driver.email,
    ...companyData(o), ...orderData(o),
    delivery_address: o.deliveryAddress ?? o.dealerAddress,
    scheduled_date: o.scheduledDate?.toISOString() ?? null,
    customer_name: fullName(o.customerFirstName, o.customerLastName),
    order_type: o.orderType,
  };
}
