import { useParams } from 'react-router';
import { parseOrderRef } from '../../domain';
import { ScheduleDetailsBody } from '../components/ScheduleDetailsBody';
import NotFound from './NotFound';

/** /inventory-move-order-schedule-details/:id (SPEC §2): the schedule details of one of the driver's orders of this kind. */
export default function MoveOrderScheduleDetails() {
  const { id = '' } = useParams();
  const ref = parseOrderRef(id, { inventoryMoveOrder: true });
  if (ref.inventoryMoveOrderId === 0) return <NotFound />;
  return <ScheduleDetailsBody key={ref.inventoryMoveOrderId} kind="move" id={ref.inventoryMoveOrderId} />;
}
