// Delivery certificates (0003): their rows, and what a certificate shows of a delivered order
// (company, order, delivery, driver, payment, billing, signature and photo uploads), every
// table read with the company's scope.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  accounts,
  companies,
  customerDeliveries,
  customerOrderBilling,
  customerOrderChecks,
  deliveries,
  deliveryCertificates,
  deliveryImages,
  orderPayments,
  orders,
  uploads,
  type CertificateLayout,
} from '../db/schema';

export type { CertificateLayout } from '../db/schema';

/** The stored certificate of this delivery and layout, by guid, or null. */
export async function certificateGuidOf(db: Executor, deliveryId: number, layout: CertificateLayout): Promise<string | null> {
  const [row] = await db
    .select({ guid: deliveryCertificates.guid })
    .from(deliveryCertificates)
    .where(and(eq(deliveryCertificates.deliveryId, deliveryId), eq(deliveryCertificates.layout, layout)));
  return row ? row.guid : null;
}

export interface NewCertificate {
  guid: string;
  companyId: number;
  orderId: number;
  deliveryId: number;
  layout: CertificateLayout;
  bytes: Buffer;
  byteSize: number;
}

/** Inserts the row unless this delivery already has one of this layout (then nothing happens). */
export async function insertCertificate(tx: Executor, certificate: NewCertificate): Promise<void> {
  await tx
    .insert(deliveryCertificates)
    .values(certificate)
    .onConflictDoNothing({ target: [deliveryCertificates.deliveryId, deliveryCertificates.layout] });
}

/** A certificate row of the company (what GET /files/certificates/… serves), or undefined. */
export async function certificateFileOf(db: Executor, companyId: number, guid: string): Promise<{ bytes: Buffer; companyId: number } | undefined> {
  const [row] = await db
    .select({ bytes: deliveryCertificates.bytes, companyId: deliveryCertificates.companyId })
    .from(deliveryCertificates)
    .where(and(eq(deliveryCertificates.guid, guid), eq(deliveryCertificates.companyId, companyId)));
  return row;
}

/** The order's newest certificate of the company: its guid and row bytes; undefined when none. */
export async function latestCertificateOfOrder(db: Executor, companyId: number, orderId: number): Promise<{ guid: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ guid: deliveryCertificates.guid, bytes: deliveryCertificates.bytes })
    .from(deliveryCertificates)
    .where(and(eq(deliveryCertificates.orderId, orderId), eq(deliveryCertificates.companyId, companyId)))
    .orderBy(desc(deliveryCertificates.createdAt))
    .limit(1);
  return row;
}

/** The delivered order with its delivery, company and the delivering driver's name. */
export async function deliveredOrderOf(db: Executor, companyId: number, orderId: number) {
  const [row] = await db
    .select({ order: orders, delivery: deliveries, company: companies, driverFirst: accounts.firstName, driverLast: accounts.lastName })
    .from(orders)
    .innerJoin(deliveries, eq(deliveries.orderId, orders.id))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(accounts, eq(accounts.id, deliveries.driverId))
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
  return row;
}

/** The customer part of the delivery (call, payment method, signature, balances), if any. */
export async function customerDeliveryOf(db: Executor, deliveryId: number) {
  const [row] = await db.select().from(customerDeliveries).where(eq(customerDeliveries.deliveryId, deliveryId));
  return row;
}

/** The delivery's payment, with the saved check's bank and last four when it was one. */
export async function deliveryPaymentOf(db: Executor, companyId: number, deliveryId: number) {
  const [row] = await db
    .select({
      amount: orderPayments.amount,
      cardLastFour: orderPayments.cardLastFour,
      bank: customerOrderChecks.bankName,
      checkLastFour: customerOrderChecks.accountLastFour,
    })
    .from(orderPayments)
    .leftJoin(customerOrderChecks, eq(customerOrderChecks.id, orderPayments.savedCheckId))
    .where(and(eq(orderPayments.deliveryId, deliveryId), eq(orderPayments.companyId, companyId)));
  return row;
}

/** The order's rent-to-own company name (null when none, undefined without billing). */
export async function rtoCompanyOf(db: Executor, orderId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ rto: customerOrderBilling.rtoCompanyName }).from(customerOrderBilling).where(eq(customerOrderBilling.orderId, orderId));
  return row?.rto;
}

const uploadColumns = { guid: uploads.guid, extension: uploads.extension, companyId: uploads.companyId, bytes: uploads.bytes, mime: uploads.mime };
export interface UploadRow {
  guid: string;
  extension: string;
  companyId: number;
  bytes: Buffer;
  mime: string;
}

/** The delivery's building photos of the company, in their order. */
export function deliveryPhotosOf(db: Executor, companyId: number, deliveryId: number): Promise<UploadRow[]> {
  return db
    .select(uploadColumns)
    .from(deliveryImages)
    .innerJoin(uploads, eq(uploads.guid, deliveryImages.uploadGuid))
    .where(and(eq(deliveryImages.deliveryId, deliveryId), eq(uploads.companyId, companyId)))
    .orderBy(asc(deliveryImages.position));
}

/** One upload of the company by guid, or undefined. */
export async function uploadOf(db: Executor, companyId: number, guid: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select(uploadColumns)
    .from(uploads)
    .where(and(eq(uploads.guid, guid), eq(uploads.companyId, companyId)));
  return row;
}
