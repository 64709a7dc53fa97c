import { ScheduleDetailsBody } from '../components/ScheduleDetailsBody';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import NotFound from './NotFound';

/** /onlot-inventory-order-schedule-details/:id (SPEC §2): the schedule details of one of the driver's orders of this kind. */
export default function OnlotOrderScheduleDetails() {
  const ref = useOrderRefParam('onlot');
  if (ref.onlotInventoryOrderId === 0) return <NotFound />;
  return <ScheduleDetailsBody key={ref.onlotInventoryOrderId} kind="onlot" id={ref.onlotInventoryOrderId} />;
}
