import { useParams } from 'react-router';
import { parseOrderRef } from '../../domain';
import { InventoryOrderDetails } from '../components/InventoryOrderDetails';
import NotFound from './NotFound';

/** /onlot-inventory-order-details/:id (SPEC §2). */
export default function OnlotOrderDetails() {
  const { id = '' } = useParams();
  const ref = parseOrderRef(id, { onlotInventoryOrder: true });
  if (ref.onlotInventoryOrderId === 0) return <NotFound />;
  return <InventoryOrderDetails key={ref.onlotInventoryOrderId} kind="onlot" id={ref.onlotInventoryOrderId} />;
}
