// Who has an order the caller can no longer deliver (issue 23): a deliver call on an order
// taken from the caller answers 409 naming the driver who has it now (OrderReassigned), or who
// delivered it and when (OrderAlreadyDelivered). Names only: nothing else of that driver.
// The server builds these bodies, the phone keeps them on the refused outbox entry.
import * as v from 'valibot';
import type { ErrorCode } from './errors';

export const OrderHolderSchema = v.object({
  /** The driver the order is assigned to now; null: to no driver. */
  assigned_to: v.optional(v.nullable(v.string())),
  /** The driver who delivered it; null: recorded as delivered with no driver's delivery (the office). */
  delivered_by: v.optional(v.nullable(v.string())),
  /** When it was delivered (ISO 8601). */
  delivered_at: v.optional(v.string()),
});

export type OrderHolder = v.InferOutput<typeof OrderHolderSchema>;

/** The holder fields of an error body, or null when it names none. */
export function orderHolderOf(body: unknown): OrderHolder | null {
  const parsed = v.safeParse(OrderHolderSchema, body);
  if (!parsed.success) return null;
  const { assigned_to, delivered_by, delivered_at } = parsed.output;
  if (assigned_to === undefined && delivered_by === undefined && delivered_at === undefined) return null;
  return {
    ...(assigned_to !== undefined && { assigned_to }),
    ...(delivered_by !== undefined && { delivered_by }),
    ...(delivered_at !== undefined && { delivered_at }),
  };
}

/**
 * The order left the driver: reassigned, or delivered by someone else. Such a refusal cannot
 * be fixed on the phone; the driver's work is kept until the driver discards it.
 */
export function orderLeftDriver(error: { code: string; holder?: OrderHolder | undefined } | null | undefined): boolean {
  if (!error) return false;
  const code = error.code as ErrorCode;
  return code === 'OrderReassigned' || (code === 'OrderAlreadyDelivered' && error.holder?.delivered_at !== undefined);
}
