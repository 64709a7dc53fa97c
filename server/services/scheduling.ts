// Schedule, reschedule, unschedule, reassign and notes (SPEC §4 driver actions). Each runs
// inside the caller's transaction with the company's orders locked (lockCompanyOrders), so
// pulls never skip the change; the orders trigger bumps updated_at, so the next pull carries
// it (a new note included, and a reassigned order leaves the old driver's pull as a tombstone).
import { clockDate } from '../clock';
import { and, eq, isNull } from 'drizzle-orm';
import {
  ERROR_TEXT, SCHEDULED_ORDER_STATUS, orderKey,
  type ErrorCode, type OrderKind, type OrderNote, type ReassignDriverResponse, type ScheduleActionResponse, type TokenClaims, orderIdFields } from '../../src/domain';
import type { Tx } from '../db/client';
import { accounts, orderNotes, orders } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { findDriverOrder } from './orderReads';
import { lockCompanyOrders } from './orderPull';

export const SCHEDULED_STATUS = SCHEDULED_ORDER_STATUS;

export type ScheduleChange =
  | { action: 'schedule'; at: Date }
  | { action: 'reschedule'; at: Date }
  | { action: 'unschedule' };

const FAILURE: Record<ScheduleChange['action'], ErrorCode> = {
  schedule: 'FailedToScheduleDelivery',
  reschedule: 'FailedToRescheduleDelivery',
  unschedule: 'FailedToUnscheduleOrder',
};

/** A business refusal: the SPEC §8 text of the action plus why. */
function refused(status: number, code: ErrorCode, reason: string): HttpError {
  return new HttpError(status, code, `${ERROR_TEXT[code]}: ${reason}`);
}

/** The order row, locked for this transaction; 404 unless it is this company's, of this kind, not cancelled. */
async function lockOrder(tx: Tx, auth: TokenClaims, ref: { kind: OrderKind; id: number }) {
  await lockCompanyOrders(tx, auth.company_id);
  const [order] = await tx.select({
    id: orders.id, kind: orders.kind, driverId: orders.driverId, isBuilt: orders.isBuilt, status: orders.status,
    isScheduled: orders.isScheduledForDelivery, deliveredAt: orders.deliveredAt, cancelledAt: orders.cancelledAt,
  }).from(orders)
    .where(and(eq(orders.id, ref.id), eq(orders.companyId, auth.company_id), eq(orders.kind, ref.kind)))
    .for('update');
  if (!order || order.cancelledAt) throw notFound();
  return order;
}

export async function changeSchedule(tx: Tx, auth: TokenClaims, ref: { kind: OrderKind; id: number }, change: ScheduleChange): Promise<ScheduleActionResponse> {
  const order = await lockOrder(tx, auth, ref);
  // "Schedule my delivery" may claim an unassigned order; everything else is the caller's own.
  const mayTouch = order.driverId === auth.account_id || (change.action === 'schedule' && order.driverId === null);
  if (!mayTouch) throw notFound();
  if (order.deliveredAt) throw new HttpError(409, 'OrderAlreadyDelivered');
  const code = FAILURE[change.action];
  let set: Partial<typeof orders.$inferInsert>;
  switch (change.action) {
    case 'schedule':
      if (order.isScheduled) throw refused(409, code, 'the order is already scheduled; reschedule it instead');
      set = { isScheduledForDelivery: true, scheduledDate: change.at, status: SCHEDULED_STATUS, driverId: auth.account_id };
      break;
    case 'reschedule':
      if (!order.isScheduled) throw refused(409, code, 'the order is not scheduled; schedule it first');
      set = { scheduledDate: change.at, status: SCHEDULED_STATUS };
      break;
    case 'unschedule':
      if (!order.isScheduled) throw refused(409, code, 'the order is not scheduled');
      set = { isScheduledForDelivery: false, scheduledDate: null, status: order.isBuilt ? 'Ready for Delivery' : 'In Production' };
      break;
    default: {
      const unknown: never = change;
      throw new Error(`unknown schedule change ${JSON.stringify(unknown)}`);
    }
  }
  const [updated] = await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning({
    isScheduled: orders.isScheduledForDelivery, scheduledDate: orders.scheduledDate, status: orders.status, updatedAt: orders.updatedAt,
  });
  if (!updated) throw new Error('order update returned nothing');
  return {
    id: orderKey(order.kind, order.id),
    ...orderIdFields(order.kind, order.id),
    is_scheduled_for_delivery: updated.isScheduled,
    scheduled_date: updated.scheduledDate ? updated.scheduledDate.toISOString() : null,
    order_status: updated.status,
    driver_id: auth.account_id,
    updated_at: updated.updatedAt.toISOString(),
  };
}

/** Hands the caller's live order to another active driver of the same company. */
export async function reassignDriver(tx: Tx, auth: TokenClaims, ref: { kind: OrderKind; id: number }, driverId: number): Promise<ReassignDriverResponse> {
  const order = await lockOrder(tx, auth, ref);
  if (order.driverId !== auth.account_id) throw notFound();
  if (order.deliveredAt) throw new HttpError(409, 'OrderAlreadyDelivered');
  const [driver] = await tx.select({ id: accounts.id, first: accounts.firstName, last: accounts.lastName }).from(accounts)
    .where(and(eq(accounts.id, driverId), eq(accounts.companyId, auth.company_id), eq(accounts.role, 'driver'), isNull(accounts.removedAt)));
  // Unknown, removed, not a driver or another company's: all the same answer, nothing leaked.
  if (!driver) throw new HttpError(404, 'NotFound', 'Driver not found');
  if (driver.id === auth.account_id) throw refused(400, 'FailedToReassignOrder', 'the order is already assigned to you');
  const [updated] = await tx.update(orders).set({ driverId: driver.id }).where(eq(orders.id, order.id)).returning({ updatedAt: orders.updatedAt });
  if (!updated) throw new Error('order update returned nothing');
  return { id: orderKey(order.kind, order.id), driver_id: driver.id, driver_name: `${driver.first} ${driver.last}`, updated_at: updated.updatedAt.toISOString() };
}

/**
 * A note on one of the caller's orders (any state). The order row is touched (the trigger
 * bumps updated_at) under the company's orders lock, like every writer, so checkpointed pulls
 * resend the order and other devices fetch its notes again.
 */
export async function createOrderNote(tx: Tx, auth: TokenClaims, ref: { kind: OrderKind; id: number }, note: string): Promise<OrderNote> {
  await lockCompanyOrders(tx, auth.company_id);
  const order = await findDriverOrder(tx, auth, ref.kind, ref.id);
  if (order.cancelledAt) throw notFound();
  const [created] = await tx.insert(orderNotes)
    .values({ orderId: order.id, companyId: auth.company_id, accountId: auth.account_id, note })
    .returning({ id: orderNotes.id, createdAt: orderNotes.createdAt });
  await tx.update(orders).set({ updatedAt: clockDate() }).where(eq(orders.id, order.id));
  const [author] = await tx.select({ first: accounts.firstName, last: accounts.lastName }).from(accounts).where(eq(accounts.id, auth.account_id));
  if (!created || !author) throw new Error('note insert returned nothing');
  return {
    id: created.id, order_key: orderKey(order.kind, order.id), note, author_name: `${author.first} ${author.last}`, created_at: created.createdAt.toISOString(),
  };
}
