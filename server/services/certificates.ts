// Delivery certificates (SPEC §7): the data of one delivered customer order gathered from the
// database (company, order, delivery, driver, payment, signature and photos from uploads),
// rendered once per layout and stored with the delivery (delivery_certificates; the bytes in
// the row or in the object store, services/storage). Images are read through the same store.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { CERTIFICATE_FILE_PREFIX, type TokenClaims } from '../../src/domain';
import type { Db, Executor } from '../db/client';
import {
  accounts, companies, customerDeliveries, customerOrderBilling, customerOrderChecks, deliveries, deliveryCertificates,
  deliveryImages, orderPayments, orders, uploads, type CertificateLayout,
} from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { renderCertificate, type CertificateData } from './certificatePdf';
import type { FileRef, FileStore } from './storage/fileStore';
import { customerNameOf } from './orderViews';

export const certificateUrl = (guid: string): string => `${CERTIFICATE_FILE_PREFIX}${guid}.pdf`;

/** "ERROR:"-prefixed failures (SPEC §7: a client reading the text logs any that contain it). */
export const certificateError = (status: number, message: string): HttpError =>
  new HttpError(status, status === 404 ? 'NotFound' : status === 400 ? 'InvalidRequest' : 'FailedToGenerateDeliveryCertificate', `ERROR: ${message}`);

export interface DeliveredOrder {
  orderId: number;
  deliveryId: number;
}

/** The driver's delivered customer order of this company; 404 otherwise, 409 when not delivered yet. */
export async function findDelivery(db: Db, auth: TokenClaims, customerOrderId: number): Promise<DeliveredOrder> {
  const [row] = await db.select({ orderId: orders.id, deliveryId: deliveries.id, deliveredBy: deliveries.driverId, driverId: orders.driverId })
    .from(orders)
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(and(eq(orders.id, customerOrderId), eq(orders.companyId, auth.company_id), eq(orders.kind, 'customer')));
  if (!row) throw certificateError(404, 'Not found');
  if (row.deliveryId === null) {
    if (row.driverId !== auth.account_id) throw certificateError(404, 'Not found');
    throw certificateError(409, 'Failed to generate delivery certificate: the order has not been delivered yet');
  }
  if (row.deliveredBy !== auth.account_id) throw certificateError(404, 'Not found');
  return { orderId: row.orderId, deliveryId: row.deliveryId };
}

export async function existingCertificate(db: Executor, deliveryId: number, layout: CertificateLayout): Promise<string | null> {
  const [row] = await db.select({ guid: deliveryCertificates.guid }).from(deliveryCertificates)
    .where(and(eq(deliveryCertificates.deliveryId, deliveryId), eq(deliveryCertificates.layout, layout)));
  return row ? row.guid : null;
}

const money = (amount: string): string => `$${amount}`;

function zoneOf(timeZone: string | null): string {
  return timeZone && DateTime.now().setZone(timeZone).isValid ? timeZone : 'UTC';
}

function paymentLine(cd: { call: string; paymentMethod: string | null } | undefined, pay: {
  amount: string; cardLastFour: string | null; bank: string | null; checkLastFour: string | null;
} | undefined, rtoCompany: string | null): string {
  if (!cd) return 'Not recorded';
  if (cd.call === 'rto') return `Rent-to-own${rtoCompany ? ` (${rtoCompany})` : ''}: no payment collected at delivery`;
  if (!pay) return 'No payment';
  switch (cd.call) {
    case 'cash': return `Cash ${money(pay.amount)}`;
    case 'new_check': return `Check ${money(pay.amount)} (check image on file)`;
    case 'saved_check': return `Saved check ${money(pay.amount)}${pay.bank ? ` (${pay.bank} account ending ${pay.checkLastFour ?? '????'})` : ''}`;
    default: return `Credit card ${money(pay.amount)}${pay.cardLastFour ? ` (card ending ${pay.cardLastFour})` : ''}`;
  }
}

const uploadColumns = { guid: uploads.guid, extension: uploads.extension, companyId: uploads.companyId, bytes: uploads.bytes, mime: uploads.mime };
type UploadRow = { guid: string; extension: string; companyId: number; bytes: Buffer; mime: string };

/** An upload's bytes through the store; a file missing from it is left out (the certificate is still useful). */
async function bytesOf(files: FileStore, row: UploadRow): Promise<{ bytes: Buffer; mime: string } | null> {
  const ref: FileRef = { area: 'uploads', companyId: row.companyId, name: `${row.guid}.${row.extension}` };
  const bytes = await files.read(ref, row.bytes);
  return bytes ? { bytes, mime: row.mime } : null;
}

async function imageOf(db: Db, files: FileStore, guid: string | null, companyId: number): Promise<{ bytes: Buffer; mime: string } | null> {
  if (!guid) return null;
  const [row] = await db.select(uploadColumns).from(uploads)
    .where(and(eq(uploads.guid, guid), eq(uploads.companyId, companyId)));
  return row ? bytesOf(files, row) : null;
}

/** Everything the certificate shows, read with the company's scope on every table. */
export async function certificateData(db: Db, files: FileStore, auth: TokenClaims, found: DeliveredOrder, layout: CertificateLayout, timeZone: string | null): Promise<CertificateData> {
  const [base] = await db.select({ order: orders, delivery: deliveries, company: companies, driverFirst: accounts.firstName, driverLast: accounts.lastName })
    .from(orders)
    .innerJoin(deliveries, eq(deliveries.orderId, orders.id))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(accounts, eq(accounts.id, deliveries.driverId))
    .where(and(eq(orders.id, found.orderId), eq(orders.companyId, auth.company_id)));
  if (!base) throw notFound();
  const { order, delivery, company } = base;
  const [cd] = await db.select().from(customerDeliveries).where(eq(customerDeliveries.deliveryId, delivery.id));
  const [pay] = await db.select({ amount: orderPayments.amount, cardLastFour: orderPayments.cardLastFour, bank: customerOrderChecks.bankName, checkLastFour: customerOrderChecks.accountLastFour })
    .from(orderPayments)
    .leftJoin(customerOrderChecks, eq(customerOrderChecks.id, orderPayments.savedCheckId))
    .where(and(eq(orderPayments.deliveryId, delivery.id), eq(orderPayments.companyId, auth.company_id)));
  const [billing] = await db.select({ rto: customerOrderBilling.rtoCompanyName }).from(customerOrderBilling).where(eq(customerOrderBilling.orderId, order.id));
  const photoRows = await db.select(uploadColumns).from(deliveryImages)
    .innerJoin(uploads, eq(uploads.guid, deliveryImages.uploadGuid))
    .where(and(eq(deliveryImages.deliveryId, delivery.id), eq(uploads.companyId, auth.company_id)))
    .orderBy(asc(deliveryImages.position));
  const photos = [];
  for (const row of photoRows) {
    const photo = await bytesOf(files, row);
    if (photo) photos.push(photo);
  }
  const signature = await imageOf(db, files, cd?.signatureGuid ?? null, auth.company_id);
  const zone = zoneOf(timeZone);
  const at = (d: Date): DateTime => DateTime.fromJSDate(d, { zone });
  return {
    layout,
    company: { name: company.name, address: company.address, phone: company.phone, email: company.email },
    orderNumber: order.orderNumber,
    orderType: order.orderType,
    serialNumber: order.serialNumber,
    building: [order.buildingSize, order.buildingModel].filter(Boolean).join(' '),
    customerName: customerNameOf(order) ?? '-',
    deliveryAddress: order.deliveryAddress ?? '-',
    deliveredAt: at(delivery.dateDelivered).toFormat('MM/dd/yyyy h:mm a ZZZZ'),
    window: delivery.beganAt && delivery.endedAt ? `${at(delivery.beganAt).toFormat('h:mm a')} - ${at(delivery.endedAt).toFormat('h:mm a')}` : null,
    driverName: `${base.driverFirst} ${base.driverLast}`,
    miles: delivery.milesDriven === null ? '-' : `${delivery.milesDriven}`,
    note: delivery.note,
    payment: paymentLine(cd, pay, billing?.rto ?? null),
    balance: cd && cd.call !== 'rto' ? money(cd.balanceAfter) : null,
    signature: signature ? { ...signature, from: cd?.signatureFrom ?? 'customer' } : null,
    photos,
  };
}

export const certificateRef = (companyId: number, guid: string): FileRef => ({ area: 'certificates', companyId, name: `${guid}.pdf` });

/** A rendered certificate saved to the store under a new guid, before its row is written. */
export interface SavedCertificate {
  guid: string;
  /** What the row keeps (services/storage). */
  rowBytes: Buffer;
  byteSize: number;
}

export async function saveCertificateFile(files: FileStore, auth: TokenClaims, bytes: Buffer): Promise<SavedCertificate> {
  const guid = randomUUID();
  const rowBytes = await files.save(certificateRef(auth.company_id, guid), bytes, 'application/pdf');
  return { guid, rowBytes, byteSize: bytes.length };
}

/** Writes the row; of two concurrent renders of one delivery and layout, the first stored wins (its guid is answered). */
export async function storeCertificate(tx: Executor, auth: TokenClaims, found: DeliveredOrder, layout: CertificateLayout, saved: SavedCertificate): Promise<string> {
  await tx.insert(deliveryCertificates).values({
    guid: saved.guid, companyId: auth.company_id, orderId: found.orderId, deliveryId: found.deliveryId, layout, bytes: saved.rowBytes, byteSize: saved.byteSize,
  }).onConflictDoNothing({ target: [deliveryCertificates.deliveryId, deliveryCertificates.layout] });
  const guid = await existingCertificate(tx, found.deliveryId, layout);
  if (!guid) throw new Error('certificate insert returned nothing');
  return guid;
}

export { renderCertificate };
