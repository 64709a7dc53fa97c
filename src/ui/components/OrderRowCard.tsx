import type { OrderDoc } from '../../db';
import { formatDate } from '../format';
import { registerTexts, t } from '../i18n';
import { orderValueText } from '../i18n/domainText';
import { order as orderTexts } from '../i18n/en/order';

// Its own texts: the schedule screen shows this card without an order screen around it (a
// reload there showed the keys, "order.dealer").
registerTexts('order', orderTexts);
import { DetailList } from './DetailList';
import { SectionCard } from './SectionCard';

/** The order-list facts of one order (SPEC §3), shown on every details screen. */
export function OrderRowCard({ order }: { order: OrderDoc }) {
  return (
    <SectionCard title={t('order.order')}>
      <DetailList
        items={[
          { label: t('order.dealer'), value: order.dealer_name },
          { label: t('order.model'), value: order.building_model },
          { label: t('order.serial'), value: order.serial_number },
          { label: t('order.type'), value: orderValueText('orderTypes', order.order_type) },
          { label: t('order.status'), value: orderValueText('orderStatuses', order.order_status) },
          { label: t('order.stage'), value: orderValueText('buildingStages', order.building_stage) },
          { label: t('order.location'), value: order.building_location },
          { label: t('order.rushOrder'), value: order.is_rush_order ? t('order.yes') : t('order.no') },
          { label: t('order.scheduled'), value: order.is_scheduled_for_delivery ? formatDate(order.scheduled_date) : t('order.notScheduled') },
        ]}
      />
    </SectionCard>
  );
}
