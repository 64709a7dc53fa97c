import { ORDER_KIND_SPECS, type OrderKind } from '../domain';

/** The search part of an order action's address (SPEC §2: the kind's flag), e.g. `onlotInventoryOrder=true&reschedule=true`. */
export function orderActionQuery(kind: OrderKind, opts: { reschedule?: boolean } = {}): string {
  return `${ORDER_KIND_SPECS[kind].addressFlag}=true${opts.reschedule ? '&reschedule=true' : ''}`;
}

/** The order's details screen. */
export function detailsPath(kind: OrderKind, id: number): string {
  return `/${ORDER_KIND_SPECS[kind].screens.details}/${id}`;
}

/** The order's delivery screen (SPEC §2: delivery-details with the kind's flag). */
export function deliveryPath(kind: OrderKind, id: number): string {
  return `/delivery-details/${id}?${ORDER_KIND_SPECS[kind].addressFlag}=true`;
}

/** The order's schedule-details screen (SPEC §2: one per kind, each with an id). */
export function scheduleDetailsPath(kind: OrderKind, id: number): string {
  return `/${ORDER_KIND_SPECS[kind].screens.scheduleDetails}/${id}`;
}

/**
 * Link state of an order action (schedule, note) opened from an order screen: once queued,
 * the action screen goes back to that screen (history back) instead of pushing another.
 */
export const RETURN_HERE = { returnHere: true } as const;

export function opensToReturn(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'returnHere' in state && state.returnHere === true;
}
