import { Text } from '@chakra-ui/react';
import { SectionCard } from './SectionCard';
import { useOrderBundle } from '../hooks/useDelivery';
import { DetailList } from './DetailList';
import { OrderRowCard } from './OrderRowCard';
import { OrderScreenFrame } from './OrderScreenFrame';
import { t } from '../i18n';
import { orderKindSpec, type InventoryKind } from '../../domain';

/** On-lot and move order details (SPEC §2, §3): the list row plus the pulled delivery details. */
export function InventoryOrderDetails({ kind, id }: { kind: InventoryKind; id: number }) {
  const spec = orderKindSpec(kind);
  const { order, delivery, entry, actions } = useOrderBundle(kind, id);
  const server = delivery?.server ?? null;
  return (
    <OrderScreenFrame
      kind={kind}
      id={id}
      title={order?.dealer_name ?? server?.name_on_order ?? t('order.orderNumber', { id })}
      subtitle={t(spec.labels.title, { id })}
      order={order}
      hasDelivery={delivery === undefined ? undefined : Boolean(delivery?.server)}
      entry={entry}
      actions={actions}
      notes={delivery?.notes ?? null}
      destination={server?.delivery_address_coordinates}
      deliverPath={`/delivery-details/${id}?${spec.addressFlag}=true`}
    >
      {order ? <OrderRowCard order={order} /> : null}
      <SectionCard title={t(spec.labels.destination)} testId="delivery-details">
        {server ? (
          <DetailList
            items={[
              { label: t(spec.labels.namedBy), value: server.name_on_order },
              { label: t('order.number'), value: server.order_number },
              { label: t('order.address'), value: server.dealer_address },
              { label: t('order.building'), value: server.building_name },
              { label: t('order.serial'), value: server.serial_number },
              {
                label: t('order.coordinates'),
                value: `${server.delivery_address_coordinates.lat.toFixed(5)}, ${server.delivery_address_coordinates.lon.toFixed(5)}`,
              },
            ]}
          />
        ) : (
          <Text color="fg.muted">{t('order.deliveryLater')}</Text>
        )}
      </SectionCard>
    </OrderScreenFrame>
  );
}
