import { Text } from '@chakra-ui/react';
import { SectionCard } from './SectionCard';
import { useOrderBundle } from '../hooks/useDelivery';
import { DetailList } from './DetailList';
import { OrderRowCard } from './OrderRowCard';
import { OrderScreenFrame } from './OrderScreenFrame';

const KIND_LABEL = { onlot: 'On-lot inventory', move: 'Inventory move' } as const;
const DELIVER_FLAG = { onlot: 'onlotInventoryOrder', move: 'inventoryMoveOrder' } as const;

/** On-lot and move order details (SPEC §2, §3): the list row plus the pulled delivery details. */
export function InventoryOrderDetails({ kind, id }: { kind: 'onlot' | 'move'; id: number }) {
  const { order, delivery, entry, actions } = useOrderBundle(kind, id);
  const server = delivery?.server ?? null;
  return (
    <OrderScreenFrame
      kind={kind}
      id={id}
      title={order?.dealer_name ?? server?.name_on_order ?? `Order #${id}`}
      subtitle={`${KIND_LABEL[kind]} #${id}`}
      order={order}
      hasDelivery={delivery === undefined ? undefined : Boolean(delivery?.server)}
      entry={entry}
      actions={actions}
      notes={delivery?.notes ?? null}
      destination={server?.delivery_address_coordinates}
      deliverPath={`/delivery-details/${id}?${DELIVER_FLAG[kind]}=true`}
    >
      {order ? <OrderRowCard order={order} /> : null}
      <SectionCard title={kind === 'move' ? 'Move to' : 'Delivery'} testId="delivery-details">
          {server ? (
            <DetailList
              items={[
                { label: kind === 'move' ? 'Dealership' : 'Name on order', value: server.name_on_order },
                { label: 'Order number', value: server.order_number },
                { label: 'Address', value: server.dealer_address },
                { label: 'Building', value: server.building_name },
                { label: 'Serial', value: server.serial_number },
                {
                  label: 'Coordinates',
                  value: `${server.delivery_address_coordinates.lat.toFixed(5)}, ${server.delivery_address_coordinates.lon.toFixed(5)}`,
                },
              ]}
            />
          ) : (
            <Text color="fg.muted">
              Delivery details have not been downloaded yet. They arrive the next time the app syncs online; you can still
              record the delivery.
            </Text>
          )}
      </SectionCard>
    </OrderScreenFrame>
  );
}
