// Delivery certificates (SPEC §7): the data of one delivered customer order gathered from the
// database (company, order, delivery, driver, payment, happy list, signature and photos from uploads),
// rendered once per layout and stored with the delivery (delivery_certificates; the bytes in
// the row or in the object store, services/storage). Images are read through the same store.
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { CERTIFICATE_FILE_PREFIX, type GenerateCertificateBody, type TokenClaims } from '../../src/domain';
import type { Db, Executor } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import type { Logger } from '../logger';
import {
  certificateFileOf,
  certificateGuidOf,
  customerDeliveryOf,
  deliveredOrderOf,
  deliveryPaymentOf,
  deliveryPhotosOf,
  insertCertificate,
  latestCertificateOfOrder,
  rtoCompanyOf,
  uploadOf,
  type CertificateLayout,
  type UploadRow,
} from '../repositories/certificates';
import { requireDelivery, type DeliveredOrder } from './access';
import { renderCertificate, type CertificateData } from './certificatePdf';
import { happyListResultsByDelivery } from './happyListResults';
import { customerNameOf } from './orderViews';
import type { Complete } from './idempotency';
import { FileStoreUnavailable, type FileRef, type FileStore } from './storage/fileStore';

export const certificateUrl = (guid: string): string => `${CERTIFICATE_FILE_PREFIX}${guid}.pdf`;

/** "ERROR:"-prefixed failures (SPEC §7: a client reading the text logs any that contain it). */
export const certificateError = (status: number, message: string): HttpError =>
  new HttpError(status, status === 404 ? 'NotFound' : status === 400 ? 'InvalidRequest' : 'FailedToGenerateDeliveryCertificate', `ERROR: ${message}`);

/** The caller's delivered customer order (services/access.ts); the refusals read "ERROR: …". */
function findDelivery(db: Executor, auth: TokenClaims, customerOrderId: number): Promise<DeliveredOrder> {
  return requireDelivery(db, auth, customerOrderId, (status) =>
    status === 404
      ? certificateError(404, 'Not found')
      : certificateError(409, 'Failed to generate delivery certificate: the order has not been delivered yet'),
  );
}

const money = (amount: string): string => `$${amount}`;

function zoneOf(timeZone: string | null): string {
  return timeZone && DateTime.now().setZone(timeZone).isValid ? timeZone : 'UTC';
}

function paymentLine(
  cd: { call: string; paymentMethod: string | null } | undefined,
  pay:
    | {
        amount: string;
        cardLastFour: string | null;
        bank: string | null;
        checkLastFour: string | null;
      }
    | undefined,
  rtoCompany: string | null,
): string {
  if (!cd) return 'Not recorded';
  if (cd.call === 'rto') return `Rent-to-own${rtoCompany ? ` (${rtoCompany})` : ''}: no payment collected at delivery`;
  if (!pay) return 'No payment';
  switch (cd.call) {
    case 'cash':
      return `Cash ${money(pay.amount)}`;
    case 'new_check':
      return `Check ${money(pay.amount)} (check image on file)`;
    case 'saved_check':
      return `Saved check ${money(pay.amount)}${pay.bank ? ` (${pay.bank} account ending ${pay.checkLastFour ?? '????'})` : ''}`;
    default:
      return `Credit card ${money(pay.amount)}${pay.cardLastFour ? ` (card ending ${pay.cardLastFour})` : ''}`;
  }
}

/** An upload's bytes through the store; a file missing from it is left out (the certificate is still useful). */
async function bytesOf(files: FileStore, row: UploadRow): Promise<{ bytes: Buffer; mime: string } | null> {
  const ref: FileRef = { area: 'uploads', companyId: row.companyId, name: `${row.guid}.${row.extension}` };
  const bytes = await files.read(ref, row.bytes);
  return bytes ? { bytes, mime: row.mime } : null;
}

async function imageOf(db: Executor, files: FileStore, guid: string | null, companyId: number): Promise<{ bytes: Buffer; mime: string } | null> {
  if (!guid) return null;
  const row = await uploadOf(db, companyId, guid);
  return row ? bytesOf(files, row) : null;
}

/** Everything the certificate shows, read with the company's scope on every table. */
async function certificateData(
  db: Executor,
  files: FileStore,
  auth: TokenClaims,
  found: DeliveredOrder,
  layout: CertificateLayout,
  timeZone: string | null,
): Promise<CertificateData> {
  const base = await deliveredOrderOf(db, auth.company_id, found.orderId);
  if (!base) throw notFound();
  const { order, delivery, company } = base;
  const cd = await customerDeliveryOf(db, delivery.id);
  const pay = await deliveryPaymentOf(db, auth.company_id, delivery.id);
  const rtoCompany = await rtoCompanyOf(db, order.id);
  const happy = await happyListResultsByDelivery(db, auth.company_id, [delivery.id]);
  const photoRows = await deliveryPhotosOf(db, auth.company_id, delivery.id);
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
    payment: paymentLine(cd, pay, rtoCompany ?? null),
    balance: cd && cd.call !== 'rto' ? money(cd.balanceAfter) : null,
    happyList: happy.get(delivery.id) ?? [],
    signature: signature ? { ...signature, from: cd?.signatureFrom ?? 'customer' } : null,
    photos,
  };
}

const certificateRef = (companyId: number, guid: string): FileRef => ({ area: 'certificates', companyId, name: `${guid}.pdf` });

/** A rendered certificate saved to the store under a new guid, before its row is written. */
interface SavedCertificate {
  guid: string;
  /** What the row keeps (services/storage). */
  rowBytes: Buffer;
  byteSize: number;
}

async function saveCertificateFile(files: FileStore, auth: TokenClaims, bytes: Buffer): Promise<SavedCertificate> {
  const guid = randomUUID();
  const rowBytes = await files.save(certificateRef(auth.company_id, guid), bytes, 'application/pdf');
  return { guid, rowBytes, byteSize: bytes.length };
}

/** Writes the row; of two concurrent renders of one delivery and layout, the first stored wins (its guid is answered). */
async function storeCertificate(tx: Executor, auth: TokenClaims, found: DeliveredOrder, layout: CertificateLayout, saved: SavedCertificate): Promise<string> {
  await insertCertificate(tx, {
    guid: saved.guid,
    companyId: auth.company_id,
    orderId: found.orderId,
    deliveryId: found.deliveryId,
    layout,
    bytes: saved.rowBytes,
    byteSize: saved.byteSize,
  });
  const guid = await certificateGuidOf(tx, found.deliveryId, layout);
  if (!guid) throw new Error('certificate insert returned nothing');
  return guid;
}

export interface CertificateDeps {
  db: Db;
  files: FileStore;
  /** Marks the Idempotency-Key record done inside the transaction that stores the row. */
  complete: Complete;
  log: Logger;
}

/**
 * The delivered order's certificate of this layout, rendered and stored once (the first of two
 * concurrent renders wins; the loser's object is discarded): answers its download URL.
 */
export async function generateCertificate(deps: CertificateDeps, auth: TokenClaims, body: GenerateCertificateBody, timeZone: string | null): Promise<string> {
  const { db, files, log } = deps;
  const layout: CertificateLayout = body.use_report2 ? 'report2' : 'report1';
  const found = await findDelivery(db, auth, body.customer_order_id);
  const existing = await certificateGuidOf(db, found.deliveryId, layout);
  if (existing) return certificateUrl(existing);
  let saved: SavedCertificate;
  try {
    const bytes = await renderCertificate(await certificateData(db, files, auth, found, layout, timeZone));
    saved = await saveCertificateFile(files, auth, bytes);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof FileStoreUnavailable) {
      log.error({ err, orderId: found.orderId }, 'certificate storage failed');
      throw certificateError(503, 'Failed to generate delivery certificate: the file store is unavailable, try again later');
    }
    log.error({ err, orderId: found.orderId }, 'certificate rendering failed');
    throw certificateError(500, 'Failed to generate delivery certificate');
  }
  const mine = certificateRef(auth.company_id, saved.guid);
  let winner: string;
  try {
    winner = await db.transaction(async (tx) => {
      const guid = await storeCertificate(tx, auth, found, layout, saved);
      await deps.complete(tx, 200, certificateUrl(guid));
      return guid;
    });
  } catch (err) {
    await files.discard(mine);
    throw err;
  }
  if (winner !== saved.guid) await files.discard(mine); // another request stored this layout first
  return certificateUrl(winner);
}

const CERTIFICATE_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/;

/** A stored certificate of the caller's company by its file name (<guid>.pdf); 404 otherwise. */
export async function certificateFile(db: Executor, auth: TokenClaims, name: string): Promise<{ guid: string; ref: FileRef; rowBytes: Buffer }> {
  const guid = CERTIFICATE_FILE.exec(name)?.[1];
  if (!guid) throw notFound();
  const file = await certificateFileOf(db, auth.company_id, guid);
  if (!file) throw notFound();
  return { guid, ref: certificateRef(file.companyId, guid), rowBytes: file.bytes };
}

/**
 * The order's newest certificate as a mail attachment, or null when it has none (or its file
 * cannot be read: the email still goes, without it). The customer's delivered email carries it:
 * the certificate's address on this server needs a driver's token, so a link to it was useless
 * to the customer (and the template dropped the relative path anyway).
 */
export async function certificateAttachment(
  db: Executor,
  files: FileStore,
  companyId: number,
  orderId: number,
  orderNumber: string,
): Promise<{ filename: string; content: Buffer; contentType: string } | null> {
  const row = await latestCertificateOfOrder(db, companyId, orderId);
  if (!row) return null;
  const content = await files.read(certificateRef(companyId, row.guid), row.bytes).catch(() => null);
  const safeNumber = orderNumber.replace(/[^A-Za-z0-9-]+/g, '') || String(orderId);
  return content ? { filename: `delivery-certificate-${safeNumber}.pdf`, content, contentType: 'application/pdf' } : null;
}
