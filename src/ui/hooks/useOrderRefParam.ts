import { useParams, useSearchParams } from 'react-router';
import { parseOrderRef, type OrderKind, type OrderRef } from '../../domain';
import { KIND_FLAG } from '../orderLinks';

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
  const flag = (name: string): boolean => (kind ? KIND_FLAG[kind] === name : params.get(name) === 'true');
  return parseOrderRef(id ?? params.get('orderId') ?? '', {
    customerOrder: flag(KIND_FLAG.customer),
    onlotInventoryOrder: flag(KIND_FLAG.onlot),
    inventoryMoveOrder: flag(KIND_FLAG.move),
  });
}
