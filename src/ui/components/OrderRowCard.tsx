import type { OrderDoc } from '../../db';
import { formatDate } from '../format';
import { DetailList } from './DetailList';
import { SectionCard } from './SectionCard';

/** The order-list facts of one order (SPEC §3), shown on every details screen. */
export function OrderRowCard({ order }: { order: OrderDoc }) {
  return (
    <SectionCard title="Order">
        <DetailList
          items={[
            { label: 'Dealer', value: order.dealer_name },
            { label: 'Model', value: order.building_model },
            { label: 'Serial', value: order.serial_number },
            { label: 'Type', value: order.order_type },
            { label: 'Status', value: order.order_status },
            { label: 'Stage', value: order.building_stage },
            { label: 'Location', value: order.building_location },
            { label: 'Rush order', value: order.is_rush_order ? 'Yes' : 'No' },
            { label: 'Scheduled', value: order.is_scheduled_for_delivery ? formatDate(order.scheduled_date) : 'Not scheduled' },
          ]}
        />
    </SectionCard>
  );
}
