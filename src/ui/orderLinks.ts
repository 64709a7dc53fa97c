import type { OrderKind } from '../domain';

/** SPEC §2: the query flag naming an order's kind on /delivery-details, /schedule and /create-note. */
export const KIND_FLAG = { customer: 'customerOrder', onlot: 'onlotInventoryOrder', move: 'inventoryMoveOrder' } as const satisfies Record<OrderKind, string>;

/** The search part of an order action's address, e.g. `onlotInventoryOrder=true&reschedule=true`. */
export function orderActionQuery(kind: OrderKind, opts: { reschedule?: boolean } = {}): string {
  return `${KIND_FLAG[kind]}=true${opts.reschedule ? '&reschedule=true' : ''}`;
}

/** The order's details screen. */
export function detailsPath(kind: OrderKind, id: number): string {
  const base = { customer: '/customer-order-details', onlot: '/onlot-inventory-order-details', move: '/inventory-move-order-details' }[kind];
  return `${base}/${id}`;
}

/** The order's schedule-details screen (SPEC §2: one per kind, each with an id). */
export function scheduleDetailsPath(kind: OrderKind, id: number): string {
  const base = { customer: '/customer-order-schedule-details', onlot: '/onlot-inventory-order-schedule-details', move: '/inventory-move-order-schedule-details' }[kind];
  return `${base}/${id}`;
}

/**
 * Link state of an order action (schedule, note) opened from an order screen: once queued,
 * the action screen goes back to that screen (history back) instead of pushing another.
 */
export const RETURN_HERE = { returnHere: true } as const;

export function opensToReturn(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'returnHere' in state && state.returnHere === true;
}
