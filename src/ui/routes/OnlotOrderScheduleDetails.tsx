import { useParams } from 'react-router';
import { parseOrderRef } from '../../domain';
import { ScheduleDetailsBody } from '../components/ScheduleDetailsBody';
import NotFound from './NotFound';

/** /onlot-inventory-order-schedule-details/:id (SPEC §2): the schedule details of one of the driver's orders of this kind. */
export default function OnlotOrderScheduleDetails() {
  const { id = '' } = useParams();
  const ref = parseOrderRef(id, { onlotInventoryOrder: true });
  if (ref.onlotInventoryOrderId === 0) return <NotFound />;
  return <ScheduleDetailsBody key={ref.onlotInventoryOrderId} kind="onlot" id={ref.onlotInventoryOrderId} />;
}
