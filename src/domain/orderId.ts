// SPEC §2: the order kind and id come from the address.
import { ADDRESS_DEFAULT_KIND, ADDRESS_KIND_PRIORITY, ORDER_KIND_SPECS, ORDER_KINDS, kindWhere, type OrderKind, type OrderKindSpec } from './orderKinds';
import { MAX_ID } from './ids';

export type { OrderKind } from './orderKinds';

export interface OrderRef {
  customerOrderId: number;
  onlotInventoryOrderId: number;
  inventoryMoveOrderId: number;
  orderId: number;
  kind: OrderKind;
}

/** The address flags naming the kind (?customerOrder=true, ?onlotInventoryOrder=true, ?inventoryMoveOrder=true). */
export type OrderFlags = Partial<Record<OrderKindSpec['addressFlag'], boolean>>;

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
  const kind = ADDRESS_KIND_PRIORITY.find((k) => flags[ORDER_KIND_SPECS[k].addressFlag]) ?? ADDRESS_DEFAULT_KIND;
  const ids = Object.fromEntries(ORDER_KINDS.map((k) => [ORDER_KIND_SPECS[k].idParam, k === kind ? id : 0]));
  return { kind, orderId: id, ...(ids as Record<OrderKindSpec['idParam'], number>) };
}

/**
 * The kind flags of an address: a screen of one kind names it (its query is not read);
 * otherwise each flag is as the query has it (`?onlotInventoryOrder=true`).
 */
export function orderFlagsOf(known: OrderKind | null | undefined, query: { get(name: string): string | null }): OrderFlags {
  const flags: OrderFlags = {};
  for (const kind of ORDER_KINDS) {
    const flag = ORDER_KIND_SPECS[kind].addressFlag;
    flags[flag] = known ? known === kind : query.get(flag) === 'true';
  }
  return flags;
}

/** The order list key of SPEC §3: co-{id}, oio-{id}, mo-{id}. */
export function orderKey(kind: OrderKind, id: number): string {
  return `${ORDER_KIND_SPECS[kind].keyPrefix}-${id}`;
}

export function parseOrderKey(key: string): { kind: OrderKind; id: number } | null {
  const match = /^([a-z]+)-(\d+)$/.exec(key);
  const kind = match ? kindWhere((spec) => spec.keyPrefix === match[1]) : null;
  // Bounded like every id (an int4): a longer number only ever failed in the database.
  const id = match?.[2] && match[2].length <= 10 ? Number(match[2]) : MAX_ID + 1;
  return kind && id <= MAX_ID ? { kind, id } : null;
}
