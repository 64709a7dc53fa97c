import { ScheduleDetailsBody } from '../components/ScheduleDetailsBody';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import NotFound from './NotFound';

/** /customer-order-schedule-details/:id (SPEC §2): the schedule details of one of the driver's orders of this kind. */
export default function CustomerOrderScheduleDetails() {
  const ref = useOrderRefParam('customer');
  if (ref.customerOrderId === 0) return <NotFound />;
  return <ScheduleDetailsBody key={ref.customerOrderId} kind="customer" id={ref.customerOrderId} />;
}
