import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useParams, useSearchParams } from 'react-router';
import { emptyInventoryDraft } from '../../db';
import { parseOrderRef } from '../../domain';
import { Loading } from '../components/Loading';
import { OnlotDeliveryForm } from '../components/OnlotDeliveryForm';
import { OutboxEntryCard } from '../components/OutboxEntryCard';
import { useOnlotOrder } from '../hooks/useOrders';
import NotFound from './NotFound';

/** Delivery details (SPEC §2): the kind and id come from the address (SPEC §2 rules). */
export default function DeliveryDetails() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const ref = parseOrderRef(id, {
    customerOrder: params.get('customerOrder') === 'true',
    onlotInventoryOrder: params.get('onlotInventoryOrder') === 'true',
    inventoryMoveOrder: params.get('inventoryMoveOrder') === 'true',
  });
  if (ref.orderId === 0) return <NotFound />;
  switch (ref.kind) {
    case 'onlot':
      return <OnlotDelivery key={ref.onlotInventoryOrderId} onlotId={ref.onlotInventoryOrderId} />;
    case 'customer':
    case 'move':
      return (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Delivering {ref.kind === 'move' ? 'move' : 'customer'} orders is not available in this version yet.</Alert.Title>
        </Alert.Root>
      );
  }
}

function OnlotDelivery({ onlotId }: { onlotId: number }) {
  const { order, delivery, entries, entry } = useOnlotOrder(onlotId);

  if (order === undefined || delivery === undefined || entries === undefined) return <Loading />;
  if (!order && !delivery) return <NotFound />;
  const server = delivery?.server ?? null;
  const draft = delivery?.draft ?? emptyInventoryDraft();

  return (
    <Stack gap="4">
      <Stack gap="0">
        <Heading as="h2" fontSize="h1">
          Deliver {order?.building_model ?? server?.building_name ?? `order #${onlotId}`}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {order?.dealer_name ?? server?.name_on_order} · Serial {order?.serial_number ?? server?.serial_number}
        </Text>
        {server ? (
          <Text fontSize="sm" color="fg.muted">
            {server.dealer_address}
          </Text>
        ) : null}
      </Stack>
      {entry ? <OutboxEntryCard entry={entry} order={order ?? undefined} /> : null}
      {!entry && draft.deliveryError ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The last attempt was not accepted</Alert.Title>
            <Alert.Description>{draft.deliveryError}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <OnlotDeliveryForm onlotId={onlotId} draft={draft} locked={Boolean(entry)} docExists={Boolean(delivery)} />
    </Stack>
  );
}
