import { useParams } from 'react-router';
import { parseOrderRef } from '../../domain';
import { InventoryOrderDetails } from '../components/InventoryOrderDetails';
import NotFound from './NotFound';

/** /inventory-move-order-details/:id (SPEC §2). */
export default function MoveOrderDetails() {
  const { id = '' } = useParams();
  const ref = parseOrderRef(id, { inventoryMoveOrder: true });
  if (ref.inventoryMoveOrderId === 0) return <NotFound />;
  return <InventoryOrderDetails key={ref.inventoryMoveOrderId} kind="move" id={ref.inventoryMoveOrderId} />;
}
