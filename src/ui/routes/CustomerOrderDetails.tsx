import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { SectionCard } from '../components/SectionCard';
import { DetailList } from '../components/DetailList';
import { OrderRowCard } from '../components/OrderRowCard';
import { OrderScreenFrame } from '../components/OrderScreenFrame';
import { useOrderBundle } from '../hooks/useDelivery';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import NotFound from './NotFound';
import { billingLine, customerNameOf, telHref } from '../customerText';

/** /customer-order-details/:id (SPEC §2, §3): customer, addresses, building, balance, RTO. */
export default function CustomerOrderDetails() {
  const ref = useOrderRefParam('customer');
  if (ref.customerOrderId === 0) return <NotFound />;
  return <Details key={ref.customerOrderId} id={ref.customerOrderId} />;
}

function Details({ id }: { id: number }) {
  const { order, delivery, entry, actions } = useOrderBundle('customer', id);
  const server = delivery?.server ?? null;
  return (
    <OrderScreenFrame
      kind={'customer'}
      id={id}
      title={server ? customerNameOf(server) : (order?.customer_name ?? `Order #${id}`)}
      subtitle={`Customer order #${id}${server?.is_rto ? ' · Rent to own' : ''}`}
      order={order}
      hasDelivery={delivery === undefined ? undefined : Boolean(server)}
      entry={entry}
      actions={actions}
      notes={delivery?.notes ?? null}
      destination={server?.delivery_address_coordinates}
      deliverPath={`/delivery-details/${id}?customerOrder=true`}
    >
      {server ? (
        <SectionCard title="Customer" testId="customer-details">
            <Stack gap="3">
              {server.customer_phone ? (
                <HStack justify="space-between" gap="3">
                  <Text fontSize="md">{server.customer_phone}</Text>
                  <Button asChild colorPalette="primary" variant="outline">
                    <a href={telHref(server.customer_phone)}>Call</a>
                  </Button>
                </HStack>
              ) : null}
              <DetailList
                items={[
                  { label: 'Email', value: server.customer_email },
                  { label: 'Delivery address', value: server.delivery_address },
                  { label: 'Billing address', value: billingLine(server.billing_address) },
                  { label: 'Order number', value: server.order_number },
                  { label: 'Building', value: server.building_name },
                  { label: 'Serial', value: server.serial_number },
                  { label: 'Remaining balance', value: `$${server.remaining_balance}` },
                  { label: 'Rent to own', value: server.is_rto ? `Yes${server.rto_company_name ? ` (${server.rto_company_name})` : ''}` : 'No' },
                ]}
              />
            </Stack>
        </SectionCard>
      ) : (
        <Text color="fg.muted">The customer's details have not been downloaded yet. They arrive the next time the app syncs online.</Text>
      )}
      {order ? <OrderRowCard order={order} /> : null}
    </OrderScreenFrame>
  );
}
