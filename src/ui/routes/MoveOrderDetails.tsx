import { InventoryOrderDetails } from '../components/InventoryOrderDetails';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import NotFound from './NotFound';

/** /inventory-move-order-details/:id (SPEC §2). */
export default function MoveOrderDetails() {
  const ref = useOrderRefParam('move');
  if (ref.inventoryMoveOrderId === 0) return <NotFound />;
  return <InventoryOrderDetails key={ref.inventoryMoveOrderId} kind="move" id={ref.inventoryMoveOrderId} />;
}
