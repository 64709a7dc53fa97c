import { ScheduleDetailsBody } from '../components/ScheduleDetailsBody';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import NotFound from './NotFound';

/** /inventory-move-order-schedule-details/:id (SPEC §2): the schedule details of one of the driver's orders of this kind. */
export default function MoveOrderScheduleDetails() {
  const ref = useOrderRefParam('move');
  if (ref.inventoryMoveOrderId === 0) return <NotFound />;
  return <ScheduleDetailsBody key={ref.inventoryMoveOrderId} kind="move" id={ref.inventoryMoveOrderId} />;
}
