import { Text } from '@chakra-ui/react';
import { SectionCard } from './SectionCard';
import { useOrderBundle } from '../hooks/useDelivery';
import { DetailList } from './DetailList';
import { OrderRowCard } from './OrderRowCard';
import { OrderScreenFrame } from './OrderScreenFrame';
import { t } from '../i18n';

const KIND_LABEL = { onlot: 'order.onlotOrder', move: 'order.moveOrder' } as const;
const DELIVER_FLAG = { onlot: 'onlotInventoryOrder', move: 'inventoryMoveOrder' } as const;

/** On-lot and move order details (SPEC §2, §3): the list row plus the pulled delivery details. */
export function InventoryOrderDetails({ kind, id }: { kind: 'onlot' | 'move'; id: number }) {
  const { order, delivery, entry, actions } = useOrderBundle(kind, id);
  const server = delivery?.server ?? null;
  return (
    <OrderScreenFrame
      kind={kind}
      id={id}
      title={order?.dealer_name ?? server?.name_on_order ?? t('order.orderNumber', { id })}
      subtitle={t(KIND_LABEL[kind], { id })}
      order={order}
      hasDelivery={delivery === undefined ? undefined : Boolean(delivery?.server)}
      entry={entry}
      actions={actions}
      notes={delivery?.notes ?? null}
      destination={server?.delivery_address_coordinates}
      deliverPath={`/delivery-details/${id}?${DELIVER_FLAG[kind]}=true`}
    >
      {order ? <OrderRowCard order={order} /> : null}
      <SectionCard title={kind === 'move' ? t('order.moveTo') : t('order.delivery')} testId="delivery-details">
        {server ? (
          <DetailList
            items={[
              { label: kind === 'move' ? t('order.dealership') : t('order.nameOnOrder'), value: server.name_on_order },
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
