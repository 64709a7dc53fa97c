// What the map says about a tapped point (its popup) and what the list fallback shows for
// each place: the same words and actions either way.
import { Badge, Button, HStack, Stack, Text, type ButtonProps } from '@chakra-ui/react';
import { Link } from 'react-router';
import { parseOrderKey, type MapDealer, type MapOrder, type MapShop } from '../../domain';
import { NavigateMenu } from '../components/NavigateMenu';
import { formatDate } from '../format';
import { detailsPath } from '../orderLinks';
import { registerTexts, t } from '../i18n';
import { orderValueText } from '../i18n/domainText';
import { map as mapTexts } from '../i18n/en/map';

registerTexts('map', mapTexts);

/** The name a driver knows an order by: the customer, or the dealer for inventory. */
export const orderTitle = (order: MapOrder): string => order.customer_name ?? order.dealer_name;

/** One order's lines: name (Rush), dealer, model · serial, status · scheduled date. */
export function OrderLines({ order, head = false }: { order: MapOrder; head?: boolean }) {
  const scheduled = order.is_scheduled_for_delivery ? formatDate(order.scheduled_date) || t('map.scheduled') : t('map.unscheduled');
  return (
    <Stack gap="0" lineHeight="1.4" minW="0">
      <HStack gap="2" justify="space-between" align="flex-start" data-popup-head={head || undefined}>
        <Text fontWeight="bold" fontSize="md">
          {orderTitle(order)}
        </Text>
        {order.is_rush_order ? (
          <Badge colorPalette="red" variant="solid" flexShrink={0}>
            {t('map.rush')}
          </Badge>
        ) : null}
      </HStack>
      {order.customer_name ? <Text fontSize="md">{order.dealer_name}</Text> : null}
      <Text fontSize="md">
        {/* Lines break between the model and the serial, never inside a serial. */}
        <span style={{ whiteSpace: 'nowrap' }}>{order.building_model}</span> · <span style={{ whiteSpace: 'nowrap' }}>{order.serial_number}</span>
      </Text>
      <Text fontSize="md" color="fg.muted">
        {orderValueText('orderStatuses', order.order_status)} · {scheduled}
      </Text>
    </Stack>
  );
}

/** The order's details screen (orderLinks), or null for a key of no known kind. */
export function OrderDetailsButton({ order, buttonProps }: { order: MapOrder; buttonProps?: ButtonProps }) {
  const ref = parseOrderKey(order.id);
  if (!ref) return null;
  return (
    <Button asChild colorPalette="primary" size="md" data-testid="open-order" {...buttonProps}>
      <Link to={detailsPath(ref.kind, ref.id)}>{t('map.openOrder')}</Link>
    </Button>
  );
}

/** One or more orders at one spot (inventory at a dealer's lot often shares its position). */
export function OrdersPlace({ orders }: { orders: MapOrder[] }) {
  const [first] = orders;
  if (!first) return null;
  if (orders.length === 1) {
    return (
      <Stack gap="3" data-testid="place-order" data-order-key={first.id}>
        <OrderLines order={first} head />
        <HStack gap="2" w="full">
          <OrderDetailsButton order={first} buttonProps={{ flex: '1' }} />
          <NavigateMenu to={first.coordinates} label={orderTitle(first)} buttonProps={{ flex: '1' }} />
        </HStack>
      </Stack>
    );
  }
  return (
    <Stack gap="3" data-testid="place-orders">
      <Text fontWeight="bold" fontSize="md" data-popup-head>
        {t('map.ordersHere', { count: orders.length })}
      </Text>
      <Stack gap="3" maxH="30dvh" overflowY="auto">
        {orders.map((order) => (
          <Stack key={order.id} gap="2" pb="3" flexShrink={0} borderBottomWidth="1px" borderColor="border" data-order-key={order.id}>
            <OrderLines order={order} />
            <OrderDetailsButton order={order} />
          </Stack>
        ))}
      </Stack>
      <NavigateMenu to={first.coordinates} label={orderTitle(first)} buttonProps={{ w: 'full' }} />
    </Stack>
  );
}

/** A dealer or a shop: its name, what it is, its address, Navigate. */
export function SitePlace({ site }: { site: { kind: 'dealer'; value: MapDealer } | { kind: 'shop'; value: MapShop } }) {
  const name = site.kind === 'dealer' ? site.value.dealership_name : site.value.shop_name;
  return (
    <Stack gap="3" data-testid={`place-${site.kind}`}>
      <Stack gap="0" lineHeight="1.4">
        <Text fontWeight="bold" fontSize="md" data-popup-head>
          {name}
        </Text>
        <Text fontSize="md" color="fg.muted">
          {site.kind === 'dealer' ? t('map.dealer') : t('map.shop')}
        </Text>
        <Text fontSize="md">{site.value.address}</Text>
      </Stack>
      <NavigateMenu to={site.value.coordinates} label={name} buttonProps={{ w: 'full' }} />
    </Stack>
  );
}
