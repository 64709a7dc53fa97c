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
