import { InventoryOrderDetails } from '../components/InventoryOrderDetails';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import NotFound from './NotFound';

/** /onlot-inventory-order-details/:id (SPEC §2). */
export default function OnlotOrderDetails() {
  const ref = useOrderRefParam('onlot');
  if (ref.onlotInventoryOrderId === 0) return <NotFound />;
  return <InventoryOrderDetails key={ref.onlotInventoryOrderId} kind="onlot" id={ref.onlotInventoryOrderId} />;
}
