// Schedule, reschedule, unschedule, reassign and notes (SPEC §4 driver actions). Each runs
// inside the caller's transaction with the company's orders locked (requireOrder's write
// purposes take the lock), so pulls never skip the change; the orders trigger bumps updated_at, so the next pull carries
// it (a new note included, and a reassigned order leaves the old driver's pull as a tombstone).
import {
  ERROR_TEXT,
  SCHEDULED_ORDER_STATUS,
  orderKey,
  type ErrorCode,
  type OrderNote,
  type ReassignDriverResponse,
  type ScheduleActionResponse,
  type TokenClaims,
  orderIdFields,
  unscheduledStatus,
} from '../../src/domain';
import type { Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { accountName, findActiveDriver } from '../repositories/companyReads';
import { insertNote } from '../repositories/orderNotes';
import { touchOrder, updateOrder, type OrderChange } from '../repositories/orders';
import { requireOrder, type OrderRef } from './access';

export const SCHEDULED_STATUS = SCHEDULED_ORDER_STATUS;

export type ScheduleChange = { action: 'schedule'; at: Date } | { action: 'reschedule'; at: Date } | { action: 'unschedule' };

const FAILURE: Record<ScheduleChange['action'], ErrorCode> = {
  schedule: 'FailedToScheduleDelivery',
  reschedule: 'FailedToRescheduleDelivery',
  unschedule: 'FailedToUnscheduleOrder',
};

/** A business refusal: the SPEC §8 text of the action plus why. */
function refused(status: number, code: ErrorCode, reason: string): HttpError {
  return new HttpError(status, code, `${ERROR_TEXT[code]}: ${reason}`);
}

export async function changeSchedule(tx: Tx, auth: TokenClaims, ref: OrderRef, change: ScheduleChange): Promise<ScheduleActionResponse> {
  // "Schedule my delivery" may claim an unassigned order; everything else is the caller's own.
  const order = await requireOrder(tx, auth, ref, change.action === 'schedule' ? 'claim' : 'update');
  const code = FAILURE[change.action];
  let set: OrderChange;
  switch (change.action) {
    case 'schedule':
      if (order.isScheduledForDelivery) throw refused(409, code, 'the order is already scheduled; reschedule it instead');
      set = { isScheduledForDelivery: true, scheduledDate: change.at, status: SCHEDULED_STATUS, driverId: auth.account_id };
      break;
    case 'reschedule':
      if (!order.isScheduledForDelivery) throw refused(409, code, 'the order is not scheduled; schedule it first');
      set = { scheduledDate: change.at, status: SCHEDULED_STATUS };
      break;
    case 'unschedule':
      if (!order.isScheduledForDelivery) throw refused(409, code, 'the order is not scheduled');
      set = { isScheduledForDelivery: false, scheduledDate: null, status: unscheduledStatus(order.isBuilt) };
      break;
    default: {
      const unknown: never = change;
      throw new Error(`unknown schedule change ${JSON.stringify(unknown)}`);
    }
  }
  const updated = await updateOrder(tx, order.id, set);
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
export async function reassignDriver(tx: Tx, auth: TokenClaims, ref: OrderRef, driverId: number): Promise<ReassignDriverResponse> {
  const order = await requireOrder(tx, auth, ref, 'update');
  const driver = await findActiveDriver(tx, auth.company_id, driverId);
  // Unknown, removed, not a driver or another company's: all the same answer, nothing leaked.
  if (!driver) throw new HttpError(404, 'NotFound', 'Driver not found');
  if (driver.id === auth.account_id) throw refused(400, 'FailedToReassignOrder', 'the order is already assigned to you');
  const updated = await updateOrder(tx, order.id, { driverId: driver.id });
  return {
    id: orderKey(order.kind, order.id),
    driver_id: driver.id,
    driver_name: `${driver.first} ${driver.last}`,
    updated_at: updated.updatedAt.toISOString(),
  };
}

/**
 * A note on one of the caller's orders (any state). The order row is touched (the trigger
 * bumps updated_at) under the company's orders lock, like every writer, so checkpointed pulls
 * resend the order and other devices fetch its notes again.
 */
export async function createOrderNote(tx: Tx, auth: TokenClaims, ref: OrderRef, note: string): Promise<OrderNote> {
  const order = await requireOrder(tx, auth, ref, 'note');
  const created = await insertNote(tx, { orderId: order.id, companyId: auth.company_id, accountId: auth.account_id, note });
  await touchOrder(tx, order.id);
  const author = await accountName(tx, auth.account_id);
  if (!author) throw new Error('note author not found');
  return {
    id: created.id,
    order_key: orderKey(order.kind, order.id),
    note,
    author_name: `${author.first} ${author.last}`,
    created_at: created.createdAt.toISOString(),
  };
}
