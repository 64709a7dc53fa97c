import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { SectionCard } from '../components/SectionCard';
import { DetailList } from '../components/DetailList';
import { OrderRowCard } from '../components/OrderRowCard';
import { OrderScreenFrame } from '../components/OrderScreenFrame';
import { useOrderBundle } from '../hooks/useDelivery';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import NotFound from './NotFound';
import { billingLine, customerNameOf, telHref } from '../customerText';
import { formatMoney } from '../format';
import { t } from '../i18n';

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
      title={server ? customerNameOf(server) : (order?.customer_name ?? t('order.orderNumber', { id }))}
      subtitle={`${t('order.customerOrder', { id })}${server?.is_rto ? t('order.rentToOwnSuffix') : ''}`}
      order={order}
      hasDelivery={delivery === undefined ? undefined : Boolean(server)}
      entry={entry}
      actions={actions}
      notes={delivery?.notes ?? null}
      destination={server?.delivery_address_coordinates}
      deliverPath={`/delivery-details/${id}?customerOrder=true`}
    >
      {server ? (
        <SectionCard title={t('order.customer')} testId="customer-details">
          <Stack gap="3">
            {server.customer_phone ? (
              <HStack justify="space-between" gap="3">
                <Text fontSize="md">{server.customer_phone}</Text>
                <Button asChild colorPalette="primary" variant="outline">
                  <a href={telHref(server.customer_phone)}>{t('order.call')}</a>
                </Button>
              </HStack>
            ) : null}
            <DetailList
              items={[
                { label: t('order.email'), value: server.customer_email },
                { label: t('order.deliveryAddress'), value: server.delivery_address },
                { label: t('order.billingAddress'), value: billingLine(server.billing_address) },
                { label: t('order.number'), value: server.order_number },
                { label: t('order.building'), value: server.building_name },
                { label: t('order.serial'), value: server.serial_number },
                { label: t('order.remainingBalance'), value: formatMoney(server.remaining_balance) },
                {
                  label: t('order.rentToOwn'),
                  value: server.is_rto ? (server.rto_company_name ? t('order.yesWith', { company: server.rto_company_name }) : t('order.yes')) : t('order.no'),
                },
              ]}
            />
          </Stack>
        </SectionCard>
      ) : (
        <Text color="fg.muted">{t('order.customerLater')}</Text>
      )}
      {order ? <OrderRowCard order={order} /> : null}
    </OrderScreenFrame>
  );
}
