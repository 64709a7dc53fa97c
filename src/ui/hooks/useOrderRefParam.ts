import { useParams, useSearchParams } from 'react-router';
import { orderFlagsOf, parseOrderRef, type OrderKind, type OrderRef } from '../../domain';

/**
 * The order the address names (SPEC §2, parsed by `parseOrderRef`): the last path segment
 * (`:id`, or `?orderId=` on a route without one, e.g. `/create-note?orderId=12`) and the
 * kind flags of the query (`customerOrder`, `onlotInventoryOrder`, `inventoryMoveOrder`).
 * A screen of one kind passes it (`/customer-order-details/:id` is always a customer order)
 * and the flags are not read. `orderId` is 0 when the address names no order.
 */
export function useOrderRefParam(kind?: OrderKind): OrderRef {
  const { id } = useParams();
  const [params] = useSearchParams();
  return parseOrderRef(id ?? params.get('orderId') ?? '', orderFlagsOf(kind, params));
}
