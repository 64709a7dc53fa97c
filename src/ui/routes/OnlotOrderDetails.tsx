import { Alert, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useParams } from 'react-router';
import { parseOrderRef } from '../../domain';
import { DetailList } from '../components/DetailList';
import { Loading } from '../components/Loading';
import { OutboxEntryCard } from '../components/OutboxEntryCard';
import { formatDate } from '../format';
import { useOnlotOrder } from '../hooks/useOrders';
import NotFound from './NotFound';

/** On-lot inventory order details (SPEC §2): the list row plus the pulled delivery details. */
export default function OnlotOrderDetails() {
  const { id = '' } = useParams();
  const ref = parseOrderRef(id, { onlotInventoryOrder: true });
  if (ref.onlotInventoryOrderId === 0) return <NotFound />;
  return <Details onlotId={ref.onlotInventoryOrderId} />;
}

function Details({ onlotId }: { onlotId: number }) {
  const { order, delivery, entry } = useOnlotOrder(onlotId);

  if (order === undefined || delivery === undefined) return <Loading />;
  if (!order && !delivery?.server) {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Not found</Alert.Title>
          <Alert.Description>This order is not on this device. It may have been delivered or reassigned.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const server = delivery?.server ?? null;

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h2" fontSize="h1">
          {order?.dealer_name ?? server?.name_on_order}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          On-lot inventory #{onlotId}
        </Text>
      </HStack>
      {entry ? <OutboxEntryCard entry={entry} order={order ?? undefined} /> : null}
      {order ? (
        <Card.Root size="sm">
          <Card.Header>
            <Heading as="h3" fontSize="h2">
              Order
            </Heading>
          </Card.Header>
          <Card.Body>
            <DetailList
              items={[
                { label: 'Dealer', value: order.dealer_name },
                { label: 'Model', value: order.building_model },
                { label: 'Serial', value: order.serial_number },
                { label: 'Status', value: order.order_status },
                { label: 'Stage', value: order.building_stage },
                { label: 'Location', value: order.building_location },
                { label: 'Rush order', value: order.is_rush_order ? 'Yes' : 'No' },
                { label: 'Scheduled', value: order.is_scheduled_for_delivery ? formatDate(order.scheduled_date) : 'Not scheduled' },
              ]}
            />
          </Card.Body>
        </Card.Root>
      ) : null}
      <Card.Root size="sm" data-testid="delivery-details">
        <Card.Header>
          <Heading as="h3" fontSize="h2">
            Delivery
          </Heading>
        </Card.Header>
        <Card.Body>
          {server ? (
            <DetailList
              items={[
                { label: 'Name on order', value: server.name_on_order },
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
            <Text color="fg.muted" fontSize="sm">
              Delivery details have not been downloaded yet. They arrive the next time the app syncs online; you can
              still record the delivery.
            </Text>
          )}
        </Card.Body>
      </Card.Root>
      <Button asChild colorPalette="primary" size="lg">
        <Link to={`/delivery-details/${onlotId}?onlotInventoryOrder=true`}>{entry ? 'View delivery' : 'Deliver'}</Link>
      </Button>
    </Stack>
  );
}
