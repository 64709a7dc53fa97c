// The email-information lookups (SPEC §3 "Email data", §7): what each email needs about an
// order, its company, and its recipients, with each recipient's send_email flag (SPEC §5).
import type {
  CompanyEmailData,
  CustomerDeliveredEmailInfo,
  EmailInfoKind,
  OfficeAdminCustomerDeliveredEmailInfo,
  OfficeAdminInventoryDeliveredEmailInfo,
  OrderEmailData,
  OrderKind,
  RecipientEmailInfo,
  TokenClaims,
} from '../../src/domain';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { activeDriverContact, officeAdminsOf } from '../repositories/accounts';
import { loadManyAccountSettings } from '../repositories/accountSettings';
import { emailOrderRowOf, latestCertificateGuid, rtoPartnerOf, type EmailOrderRow } from '../repositories/emailData';
import { requireOrder, requireOrderOrHandedOver } from './access';

const fullName = (first: string | null, last: string | null): string | null => (first || last ? `${first ?? ''} ${last ?? ''}`.trim() : null);

/**
 * The order an email is about: of the caller's company, not cancelled. Delivered and scheduled
 * emails are about the caller's own orders; the driver-(re)assigned email also about one the
 * caller handed over (`handedOver`, services/access.ts). 404 never says whose.
 */
async function loadEmailOrder(db: Db, auth: TokenClaims, kind: OrderKind, id: number, access: 'own' | 'handedOver' = 'own'): Promise<EmailOrderRow> {
  await (access === 'own' ? requireOrder(db, auth, { kind, id }) : requireOrderOrHandedOver(db, auth, { kind, id }));
  const row = await emailOrderRowOf(db, auth.company_id, kind, id);
  if (!row) throw notFound();
  return row;
}
const companyData = (o: EmailOrderRow): CompanyEmailData => ({
  company_name: o.companyName,
  company_email: o.companyEmail,
  company_phone: o.companyPhone,
  company_address: o.companyAddress,
  company_logo_url: null, // no logos are stored yet
});
const orderData = (o: EmailOrderRow): OrderEmailData => ({
  order_number: o.orderNumber,
  building_model: o.buildingModel,
  serial_number: o.serialNumber,
  delivery_address: o.deliveryAddress,
});
const sizeAndModel = (o: EmailOrderRow): string =>
  o.buildingSize && !o.buildingModel.startsWith(o.buildingSize) ? `${o.buildingSize} ${o.buildingModel}` : o.buildingModel;

/** The latest certificate of the order's delivery (deliveries area, 0003), as its download path. */
async function certificateUrl(db: Db, o: EmailOrderRow): Promise<string | null> {
  if (o.deliveryId === null) return null;
  const guid = await latestCertificateGuid(db, o.deliveryId);
  return guid ? `/files/certificates/${guid}.pdf` : null;
}

export async function customerDeliveredInfo(db: Db, auth: TokenClaims, id: number): Promise<CustomerDeliveredEmailInfo> {
  const o = await loadEmailOrder(db, auth, 'customer', id);
  return {
    send_email: o.deliveredEmailOn && Boolean(o.customerEmail),
    first_name: o.customerFirstName,
    email: o.customerEmail,
    ...companyData(o),
    ...orderData(o),
    rto_company_name: o.isRto ? o.rtoCompanyName : null,
    dealer_user_name: o.dealerUserName,
    dealer_user_email: o.dealerUserEmail,
    dealer_user_phone: o.dealerUserPhone,
    delivery_certificate_url: await certificateUrl(db, o),
    is_rto: o.isRto,
  };
}

export async function customerScheduledInfo(db: Db, auth: TokenClaims, id: number): Promise<RecipientEmailInfo> {
  const o = await loadEmailOrder(db, auth, 'customer', id);
  return {
    send_email: o.scheduledEmailOn && Boolean(o.customerEmail),
    first_name: o.customerFirstName,
    email: o.customerEmail,
    ...companyData(o),
    ...orderData(o),
    scheduled_date: o.scheduledDate?.toISOString() ?? null,
  };
}

/** The RTO partner's admin; null when the order is not RTO. */
export async function rtoDeliveredInfo(db: Db, auth: TokenClaims, id: number): Promise<RecipientEmailInfo | null> {
  const o = await loadEmailOrder(db, auth, 'customer', id);
  if (!o.isRto) return null;
  // The partner the billing names; an order that names none goes to the company's first partner.
  const rto = await rtoPartnerOf(db, auth.company_id, o.rtoCompanyName);
  return {
    send_email: rto?.sendEmail ?? false,
    first_name: rto?.adminFirstName ?? null,
    email: rto?.adminEmail ?? null,
    ...companyData(o),
    ...orderData(o),
    rto_company_name: rto?.name ?? o.rtoCompanyName,
    customer_name: fullName(o.customerFirstName, o.customerLastName),
  };
}

async function officeAdmins(db: Db, companyId: number) {
  const admins = await officeAdminsOf(db, companyId);
  const settings = await loadManyAccountSettings(
    db,
    admins.map((a) => a.id),
  );
  return admins.map((a) => ({ ...a, name: `${a.first} ${a.last}`, sendEmail: settings.get(a.id)?.sendEmail ?? true }));
}

export async function officeAdminCustomerDeliveredInfo(db: Db, auth: TokenClaims, id: number): Promise<OfficeAdminCustomerDeliveredEmailInfo[]> {
  const o = await loadEmailOrder(db, auth, 'customer', id);
  return (await officeAdmins(db, auth.company_id)).map((admin) => ({
    send_email: admin.sendEmail,
    email: admin.email,
    adminName: admin.name,
    driverName: o.deliveryDriverName ?? o.orderDriverName,
    sizeAndModel: sizeAndModel(o),
    serialNumber: o.serialNumber,
    miles: o.milesDriven,
    customerName: fullName(o.customerFirstName, o.customerLastName),
    customerDeliveryAddress: o.deliveryAddress,
    orderId: o.id,
    orderNumber: o.orderNumber,
    orderType: o.orderType,
  }));
}

/** On-lot answers driver_name/dealer_name, move answers assigned_driver_name/dealership_name (SPEC §3's two spellings). */
export async function officeAdminInventoryDeliveredInfo(
  db: Db,
  auth: TokenClaims,
  kind: 'onlot' | 'move',
  id: number,
): Promise<OfficeAdminInventoryDeliveredEmailInfo[]> {
  const o = await loadEmailOrder(db, auth, kind, id);
  const driver = o.deliveryDriverName ?? o.orderDriverName;
  return (await officeAdmins(db, auth.company_id)).map((admin) => ({
    send_email: admin.sendEmail,
    email: admin.email,
    admin_name: admin.name,
    ...(kind === 'onlot'
      ? { driver_name: driver, dealer_name: o.dealerName, onlot_inventory_order_id: o.id }
      : { assigned_driver_name: driver, dealership_name: o.dealerName, inventory_move_order_id: o.id }),
    building_model: o.buildingModel,
    serial_number: o.serialNumber,
    miles_driven: o.milesDriven,
    dealer_address: o.dealerAddress,
    order_number: o.orderNumber,
    order_type: o.orderType,
  }));
}

/** driver-assigned / driver-reassigned: the driver (driver-id, else the order's own) of this company. */
export async function driverAssignedInfo(
  db: Db,
  auth: TokenClaims,
  kind: OrderKind,
  id: number,
  driverId: number | null,
  which: 'assigned' | 'reassigned',
): Promise<RecipientEmailInfo> {
  const o = await loadEmailOrder(db, auth, kind, id, 'handedOver');
  const targetId = driverId ?? o.driverId;
  if (targetId === null) throw notFound();
  const driver = await activeDriverContact(db, auth.company_id, targetId);
  if (!driver) throw notFound();
  const settings = (await loadManyAccountSettings(db, [driver.id])).get(driver.id);
  const on = which === 'assigned' ? settings?.emailNewOrderAssigned : settings?.emailOrderReassigned;
  return {
    send_email: on ?? true,
    first_name: driver.first,
    email: driver.email,
    ...companyData(o),
    ...orderData(o),
    delivery_address: o.deliveryAddress ?? o.dealerAddress,
    scheduled_date: o.scheduledDate?.toISOString() ?? null,
    customer_name: fullName(o.customerFirstName, o.customerLastName),
    order_type: o.orderType,
  };
}

/** The lookups' query, as the endpoint table parsed it (EmailInfoQuerySchema): ids as numbers. */
export interface EmailInfoQuery {
  'customer-order-id'?: number;
  'onlot-inventory-order-id'?: number;
  'inventory-move-order-id'?: number;
  'driver-id'?: number;
}

const ORDER_PARAMS: readonly (readonly [keyof EmailInfoQuery, OrderKind])[] = [
  ['customer-order-id', 'customer'],
  ['onlot-inventory-order-id', 'onlot'],
  ['inventory-move-order-id', 'move'],
];

function requiredId(query: EmailInfoQuery, name: keyof EmailInfoQuery): number {
  const id = query[name];
  if (id === undefined) throw new HttpError(400, 'InvalidRequest', `${name} is required`);
  return id;
}

/** Exactly one of the three order ids (driver-assigned / driver-reassigned). */
function oneOrder(query: EmailInfoQuery): { kind: OrderKind; id: number } {
  const given = ORDER_PARAMS.flatMap(([name, kind]) => {
    const id = query[name];
    return id === undefined ? [] : [{ kind, id }];
  });
  const [only] = given;
  if (!only || given.length > 1) {
    throw new HttpError(400, 'InvalidRequest', 'Give exactly one of customer-order-id, onlot-inventory-order-id, inventory-move-order-id');
  }
  return only;
}

/** GET /api/driver/email-info/{kind}: the kind's data, from the ids its query names. */
export type EmailInfo = CustomerDeliveredEmailInfo | RecipientEmailInfo | OfficeAdminCustomerDeliveredEmailInfo[] | OfficeAdminInventoryDeliveredEmailInfo[];

export async function emailInfoFor(db: Db, auth: TokenClaims, kind: EmailInfoKind, query: EmailInfoQuery): Promise<EmailInfo> {
  switch (kind) {
    case 'customer-order-delivered':
      return customerDeliveredInfo(db, auth, requiredId(query, 'customer-order-id'));
    case 'customer-order-scheduled':
      return customerScheduledInfo(db, auth, requiredId(query, 'customer-order-id'));
    case 'rto-delivered': {
      const info = await rtoDeliveredInfo(db, auth, requiredId(query, 'customer-order-id'));
      if (!info) throw new HttpError(400, 'InvalidRequest', 'This order is not a rent-to-own order');
      return info;
    }
    case 'office-admin-customer-order-delivered':
      return officeAdminCustomerDeliveredInfo(db, auth, requiredId(query, 'customer-order-id'));
    case 'office-admin-onlot-delivered':
      return officeAdminInventoryDeliveredInfo(db, auth, 'onlot', requiredId(query, 'onlot-inventory-order-id'));
    case 'office-admin-move-delivered':
      return officeAdminInventoryDeliveredInfo(db, auth, 'move', requiredId(query, 'inventory-move-order-id'));
    case 'driver-assigned':
    case 'driver-reassigned': {
      const order = oneOrder(query);
      return driverAssignedInfo(db, auth, order.kind, order.id, query['driver-id'] ?? null, kind === 'driver-assigned' ? 'assigned' : 'reassigned');
    }
  }
}
