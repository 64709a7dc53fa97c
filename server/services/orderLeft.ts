// Why a deliver call may not deliver an order that was the caller's once (issue 23): a phone
// that queued a signed, paid delivery offline must learn who has the order now, not a bare
// "Not found", and nothing may be charged. Bodies carry the names only (src/domain/orderHolder.ts).
import { ERROR_TEXT, type OrderHolder, type TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import { HttpError } from '../http/errors';
import { findDeliverer, findFormerOrder } from '../repositories/orderHolders';
import type { OrderRef } from '../repositories/orders';

/** "2026-11-20 15:04 UTC": the server's words; the phone says it in the driver's language and zone. */
const when = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function deliveredBy(name: string | null, at: Date): HttpError {
  const holder: OrderHolder = { delivered_by: name, delivered_at: at.toISOString() };
  const by = name ? ` by ${name}` : ' (recorded by the office)';
  return new HttpError(409, 'OrderAlreadyDelivered', `${ERROR_TEXT.OrderAlreadyDelivered}${by} on ${when(at)}`, holder);
}

function reassigned(name: string | null): HttpError {
  const holder: OrderHolder = { assigned_to: name };
  const message = name ? `This order was reassigned to ${name}` : 'This order was taken off your list: it is assigned to no driver now';
  return new HttpError(409, 'OrderReassigned', message, holder);
}

/**
 * The refusal for an order of the caller's company that the caller was taken off (reassigned,
 * then perhaps delivered by its new driver); null for any other id (the caller's 404 stands:
 * a driver who never held the order learns nothing of it). A cancelled order stays 404.
 */
export async function formerOrderRefusal(db: Executor, auth: TokenClaims, ref: OrderRef): Promise<HttpError | null> {
  const row = await findFormerOrder(db, auth.company_id, auth.account_id, ref);
  if (!row || row.cancelledAt) return null;
  if (row.deliveredAt)
    return row.deliveredById === auth.account_id ? new HttpError(409, 'OrderAlreadyDelivered') : deliveredBy(row.deliveredByName, row.deliveredAt);
  return reassigned(row.driverId === null ? null : row.driverName);
}

/** The caller's own order is delivered: by the caller (the plain 409, as ever), or by someone else (named). */
export async function deliveredRefusal(db: Executor, auth: TokenClaims, orderId: number, deliveredAt: Date): Promise<HttpError> {
  const deliverer = await findDeliverer(db, orderId);
  if (deliverer?.id === auth.account_id) return new HttpError(409, 'OrderAlreadyDelivered');
  return deliveredBy(deliverer?.name ?? null, deliveredAt);
}
