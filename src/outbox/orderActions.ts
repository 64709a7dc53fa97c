import { clockDate } from '../clock';
import * as v from 'valibot';
import {
  ERROR_TEXT,
  ORDER_ID_FIELD,
  OrderNotePayloadSchema,
  ReassignPayloadSchema,
  SCHEDULE_CALLS,
  SCHEDULE_PAYLOAD_SCHEMAS,
  UnschedulePayloadSchema,
  orderKey,
  scheduledDateProblem,
  type ErrorCode,
  type OrderKind,
  issuesMessage,
} from '../domain';
import type { DriverDatabase, Session } from '../db';
import { orderDisplay } from './deliver';
import { createOrderNote } from './kinds/createOrderNote';
import { reassignOrder } from './kinds/reassignOrder';
import { scheduleKindOf } from './kinds/scheduleOrder';
import { unscheduleOrder } from './kinds/unscheduleOrder';
import { applyOptimistic } from './optimistic';
import { queue } from './queue';
import type { OutboxKindDef } from './types';

// The driver's order actions (SPEC §7): schedule, reschedule, unschedule, reassign and a note.
// Each checks its input against the server's body schema (and the scheduling window) and
// either says why not, inserting nothing, or queues one entry. Actions on one order are sent
// strictly in order by the processor. A kind that declares `optimistic` (schedule, reschedule,
// unschedule) shows on the list at once; a refusal or a discard brings the server's row back.

export interface OrderRefInput {
  kind: OrderKind;
  id: number;
}

export type ActionResult = { ok: true; entryId: string } | { ok: false; error: ErrorCode; message: string };

/** The SPEC §8 text of the action plus why, as the server words its refusals. */
export const refuse = (error: ErrorCode, reason: string): ActionResult => ({ ok: false, error, message: `${ERROR_TEXT[error]}: ${reason}` });

function schemaProblem(schema: v.GenericSchema, input: unknown): string | null {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return null;
  return issuesMessage(parsed.issues);
}

async function enqueue(
  db: DriverDatabase,
  session: Session,
  def: OutboxKindDef,
  ref: OrderRefInput,
  payload: Record<string, unknown>,
  now: Date,
): Promise<ActionResult> {
  const key = orderKey(ref.kind, ref.id);
  const entry = await queue(db, session, def, { orderKey: key, payload, display: await orderDisplay(db, key) }, now);
  await applyOptimistic(db, session, [key]);
  return { ok: true, entryId: entry.id };
}

export interface ScheduleInput extends OrderRefInput {
  /** ISO timestamp with a zone, e.g. from a datetime-local input via `new Date(value).toISOString()`. */
  scheduledDate: string;
  reschedule: boolean;
}

/**
 * Whether the order is scheduled as this phone knows it (its own queued actions included), or
 * null when the list does not hold it. The server refuses a reschedule or an unschedule of an
 * order that is not scheduled (409) after the driver has moved on, so the phone judges it first.
 */
async function scheduledOnPhone(db: DriverDatabase, ref: OrderRefInput): Promise<boolean | null> {
  const row = await db.orders.findOne(orderKey(ref.kind, ref.id)).exec();
  return row ? row.is_scheduled_for_delivery : null;
}

/**
 * Schedule (or reschedule) an order's delivery: queued, and shown as scheduled at once. Which
 * of the two follows the order's state on the phone (the screen's flag only for an order the
 * list does not hold): the driver wants the order on that date either way.
 */
export async function queueSchedule(db: DriverDatabase, session: Session, input: ScheduleInput, now: Date = clockDate()): Promise<ActionResult> {
  const action = ((await scheduledOnPhone(db, input)) ?? input.reschedule) ? 'reschedule' : 'schedule';
  const failure = SCHEDULE_CALLS[action].failure;
  const payload = { [ORDER_ID_FIELD[input.kind]]: input.id, scheduled_date: input.scheduledDate };
  const problem = schemaProblem(SCHEDULE_PAYLOAD_SCHEMAS[input.kind], payload) ?? scheduledDateProblem(input.scheduledDate, now.getTime());
  if (problem) return refuse(failure, problem);
  return enqueue(db, session, scheduleKindOf(action, input.kind), input, payload, now);
}

/** Unschedule an order: queued, and shown as unscheduled at once. */
export async function queueUnschedule(db: DriverDatabase, session: Session, ref: OrderRefInput, now: Date = clockDate()): Promise<ActionResult> {
  const payload = { [ORDER_ID_FIELD[ref.kind]]: ref.id };
  const problem = schemaProblem(UnschedulePayloadSchema, payload);
  if (problem) return refuse('FailedToUnscheduleOrder', problem);
  if ((await scheduledOnPhone(db, ref)) === false) return refuse('FailedToUnscheduleOrder', 'the order is not scheduled');
  return enqueue(db, session, unscheduleOrder, ref, payload, now);
}

/** Hand the order to another driver of the company; it leaves this list once the server has it. */
export async function queueReassign(
  db: DriverDatabase,
  session: Session,
  ref: OrderRefInput,
  driverId: number,
  now: Date = clockDate(),
): Promise<ActionResult> {
  if (driverId === session.claims.account_id) return refuse('FailedToReassignOrder', 'the order is already assigned to you');
  const payload = { [ORDER_ID_FIELD[ref.kind]]: ref.id, driver_id: driverId };
  const problem = schemaProblem(ReassignPayloadSchema, payload);
  if (problem) return refuse('FailedToReassignOrder', problem);
  return enqueue(db, session, reassignOrder, ref, payload, now);
}

/** A note for the office on the order (trimmed; 1–2000 characters). */
export async function queueNote(db: DriverDatabase, session: Session, ref: OrderRefInput, note: string, now: Date = clockDate()): Promise<ActionResult> {
  const payload = { [ORDER_ID_FIELD[ref.kind]]: ref.id, note };
  const parsed = v.safeParse(OrderNotePayloadSchema, payload);
  if (!parsed.success) return refuse('FailedToAddNote', schemaProblem(OrderNotePayloadSchema, payload) ?? 'invalid');
  return enqueue(db, session, createOrderNote, ref, { ...parsed.output }, now);
}
