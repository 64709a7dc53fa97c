// SPEC §2: the order kind and id come from the address.
export type OrderKind = 'customer' | 'onlot' | 'move';

export interface OrderRef {
  customerOrderId: number;
  onlotInventoryOrderId: number;
  inventoryMoveOrderId: number;
  orderId: number;
  kind: OrderKind;
}

export interface OrderFlags {
  customerOrder?: boolean;
  onlotInventoryOrder?: boolean;
  inventoryMoveOrder?: boolean;
}

const TRAILING_ID = /^(?:.*-)?(\d+)$/;

/** Reads "123" or "some-text-123" (the last path segment). Anything else → 0. */
export function parseIdSegment(segment: string): number {
  const match = TRAILING_ID.exec(segment.trim());
  if (!match?.[1]) return 0;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/**
 * Derives the order ids from the last path segment and the query flags. The kind is chosen
 * in priority move order → inventory → customer; a segment naming "customer" is a customer order.
 */
export function parseOrderRef(segment: string, flags: OrderFlags = {}): OrderRef {
  const id = parseIdSegment(segment);
  // A segment naming "customer" or the customerOrder flag means customer, which is also the
  // fallback: only the two inventory flags pick another kind.
  const kind: OrderKind = flags.inventoryMoveOrder ? 'move' : flags.onlotInventoryOrder ? 'onlot' : 'customer';
  return {
    kind,
    orderId: id,
    customerOrderId: kind === 'customer' ? id : 0,
    onlotInventoryOrderId: kind === 'onlot' ? id : 0,
    inventoryMoveOrderId: kind === 'move' ? id : 0,
  };
}

const KEY_PREFIX: Record<OrderKind, string> = { customer: 'co', onlot: 'oio', move: 'mo' };

/** The order list key of SPEC §3: co-{id}, oio-{id}, mo-{id}. */
export function orderKey(kind: OrderKind, id: number): string {
  return `${KEY_PREFIX[kind]}-${id}`;
}

export function parseOrderKey(key: string): { kind: OrderKind; id: number } | null {
  const match = /^(co|oio|mo)-(\d+)$/.exec(key);
  if (!match?.[1] || !match[2]) return null;
  const kind: OrderKind = match[1] === 'co' ? 'customer' : match[1] === 'oio' ? 'onlot' : 'move';
  return { kind, id: Number(match[2]) };
}
