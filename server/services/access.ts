// The one access rule for what a driver touches by id (issue 20: payments were checked
// against the company only, so driver 2 could charge, capture, refund and read driver 1's
// customers' cards; issue 21: "may this driver touch this order" was written eight ways).
// An order is the caller's when it is of the caller's company and assigned to the caller. A
// payment, a saved card or a bank token is the caller's through such an order, or when the
// caller's own authorization made it. Anything else answers exactly like an id that does not
// exist (404 NotFound), so nothing leaks; the one exception is a deliver call on an order the
// caller held once (issue 23), which names who has it now ('deliver' below). Every service that takes an id starts here; the
// queries are the repositories' (repositories/orders.ts callersOrders is the one filter).
import type { TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { findOrderDelivery } from '../repositories/deliveries';
import { findFormerOrder } from '../repositories/orderHolders';
import { callersOrderIdNumbered, findOrderRow, lockCompanyOrders, type OrderRef, type OrderRowFilter, type OrderViewRow } from '../repositories/orders';
import { callerMayUseAchToken, callerMayUseProfile, callerMayUseToken, findCallersPayment, type PaymentRow } from '../repositories/paymentAccess';
import { deliveredRefusal, formerOrderRefusal } from './orderLeft';
import { looksLikeToken } from './payments/cardRules';

export type { OrderRef } from '../repositories/orders';
export type { PaymentRow } from '../repositories/paymentAccess';

/**
 * What the caller means to do with the order; each purpose also says which states count.
 * - 'view': any state (reads; a later capture or refund of its payment).
 * - 'charge': new money on it: live (neither delivered nor cancelled) and row-locked FOR
 *   UPDATE in the caller's transaction, so it cannot be delivered or reassigned under the charge.
 * - 'note': a note on it, in any state but cancelled, under the company's orders lock.
 * - 'update': change it (reschedule, unschedule, reassign): the company's orders lock,
 *   the row locked FOR UPDATE; cancelled is 404, already delivered 409 OrderAlreadyDelivered.
 * - 'deliver': as 'update'; an order the caller was taken off answers who has it now (409
 *   OrderReassigned) or who delivered it and when (409 OrderAlreadyDelivered naming them),
 *   before anything is charged (services/orderLeft.ts); never held by the caller: 404 as ever.
 * - 'claim': as 'update', and an order of the company assigned to nobody counts too
 *   ("schedule my delivery" takes it).
 * The purposes past 'view' run in the caller's transaction (their locks are held to its end).
 */
export type OrderPurpose = 'view' | 'charge' | 'note' | 'update' | 'deliver' | 'claim';

const FILTERS: Readonly<Record<OrderPurpose, OrderRowFilter>> = {
  view: {},
  charge: { live: true, forUpdate: true },
  note: { notCancelled: true },
  update: { notCancelled: true, forUpdate: true },
  deliver: { notCancelled: true, forUpdate: true },
  claim: { notCancelled: true, forUpdate: true, orUnassigned: true },
};

/** The purposes that change the order: they take the company's orders lock first (pulls never skip the change). */
const WRITES: ReadonlySet<OrderPurpose> = new Set(['note', 'update', 'deliver', 'claim']);

/** The caller's order (with its dealer) for this purpose; 404 for anything else, whatever the reason. */
export async function requireOrder(db: Executor, auth: TokenClaims, ref: OrderRef, purpose: OrderPurpose = 'view'): Promise<OrderViewRow> {
  if (WRITES.has(purpose)) await lockCompanyOrders(db, auth.company_id);
  const row = await findOrderRow(db, auth, ref, FILTERS[purpose]);
  if (!row) throw (purpose === 'deliver' ? await formerOrderRefusal(db, auth, ref) : null) ?? notFound();
  if (purpose === 'deliver' && row.deliveredAt) throw await deliveredRefusal(db, auth, row.id, row.deliveredAt);
  if ((purpose === 'update' || purpose === 'claim') && row.deliveredAt) throw new HttpError(409, 'OrderAlreadyDelivered');
  return row;
}

/**
 * The caller's order, or one the caller was taken off (order_former_drivers): the phone that
 * reassigned an order sends the new driver's email after the order left it. 404 otherwise
 * (another driver's order the caller never held reads like one that does not exist).
 */
export async function requireOrderOrHandedOver(db: Executor, auth: TokenClaims, ref: OrderRef): Promise<void> {
  if (await findOrderRow(db, auth, ref, FILTERS.view)) return;
  if (await findFormerOrder(db, auth.company_id, auth.account_id, ref)) return;
  throw notFound();
}

export interface DeliveredOrder {
  orderId: number;
  deliveryId: number;
}

/** How a refusal of requireDelivery reads (certificates prefix their messages). */
export type DeliveryRefusal = (status: 404 | 409) => HttpError;

const deliveryRefusal: DeliveryRefusal = (status) => (status === 404 ? notFound() : new HttpError(409, 'OrderNotDelivered'));

/**
 * The delivery of a customer order of the caller's company that the caller made. Not
 * delivered yet: 409 when the order is the caller's, else 404; delivered by someone else: 404.
 */
export async function requireDelivery(db: Executor, auth: TokenClaims, customerOrderId: number, refuse = deliveryRefusal): Promise<DeliveredOrder> {
  const row = await findOrderDelivery(db, auth.company_id, { kind: 'customer', id: customerOrderId });
  if (!row) throw refuse(404);
  if (row.deliveryId === null) throw refuse(row.driverId === auth.account_id ? 409 : 404);
  if (row.deliveredBy !== auth.account_id) throw refuse(404);
  return { orderId: row.orderId, deliveryId: row.deliveryId };
}

/**
 * The caller's customer order carrying this order number, or null. The /api/payments bodies
 * name orders by number only, and SPEC §7 lets that number be any reference text: a number
 * of no order of the caller (unknown, or another driver's: the same answer) records the
 * payment without an order, as the caller's alone.
 */
export function callersOrderNumbered(db: Executor, auth: TokenClaims, orderNumber: string): Promise<number | null> {
  return callersOrderIdNumbered(db, auth, orderNumber);
}

/** The caller's authorization, sale or check debit with this retref (capture, refund); 404 otherwise. */
export async function requirePayment(db: Executor, auth: TokenClaims, retref: string): Promise<PaymentRow> {
  const row = await findCallersPayment(db, auth, retref);
  if (!row) throw notFound();
  return row;
}

/**
 * A saved card the caller may charge or read: one of the caller's orders lists it or owns
 * its profile, or the caller saved it for no order. 404 otherwise (the processor's own
 * lookup follows, and adopts a listed card that has no profile yet).
 */
export async function requireCardProfile(db: Executor, auth: TokenClaims, profileId: string): Promise<void> {
  if (!(await callerMayUseProfile(db, auth, profileId))) throw notFound();
}

/**
 * The card number or token of a new-card authorization, as the caller may use it. A token is
 * the caller's when the caller entered the card (tokenize, a new card) or it is the token of
 * a card the caller may charge; any other token becomes '' (no card), which the processor
 * answers exactly as an unknown token, after the same checks in the same order (an expired
 * date first, …). A PAN passes: whoever types a card number holds the card.
 */
export async function usableCardAccount(db: Executor, auth: TokenClaims, account: string): Promise<string> {
  const value = account.trim();
  if (!looksLikeToken(value)) return account;
  return (await callerMayUseToken(db, auth, value)) ? account : '';
}

/** A bank token (ach-token) of one of the caller's own check debits; 404 otherwise. */
export async function requireAchToken(db: Executor, auth: TokenClaims, token: string): Promise<void> {
  if (!(await callerMayUseAchToken(db, auth, token))) throw notFound();
}
