import { Badge, Box, Card, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { OrderDoc, OutboxDoc } from '../../db';
import { parseOrderKey, type OrderKind } from '../../domain';
import { kindLabel } from '../../outbox';
import { formatDate } from '../format';

const ORDER_DETAILS_ROUTE: Record<OrderKind, string> = {
  customer: '/customer-order-details',
  onlot: '/onlot-inventory-order-details',
  move: '/inventory-move-order-details',
};
import { OutboxStatusBadge } from './OutboxStatusBadge';

/** Where tapping an order goes: its kind's details screen (SPEC §2), by the key's kind and id. */
export function orderDetailsPath(order: OrderDoc): string | null {
  const ref = parseOrderKey(order.id);
  if (!ref) return null;
  return `${ORDER_DETAILS_ROUTE[ref.kind]}/${ref.id}`;
}

// 16 px labels and values (read in the sun), in a tight stack: a card is ~210 px tall on a
// 390 px phone (it was 238 px with 10/14 px text). The whole card is the link, so there is
// no separate "Open order" line.
function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Box minW="0" lineHeight="1.25">
      <Text color="fg.muted" truncate>
        {label}
      </Text>
      <Text fontWeight="medium" truncate>
        {value || '—'}
      </Text>
    </Box>
  );
}

export function OrderCard({ order, outbox }: { order: OrderDoc; outbox: OutboxDoc | undefined }) {
  const path = orderDetailsPath(order);
  const body = (
    <Card.Root size="sm" variant="elevated" _hover={path ? { boxShadow: 'md' } : undefined} data-testid="order-card" data-order-key={order.id}>
      <Card.Body gap="2" p="3">
        <Stack gap="1" lineHeight="1.25">
          <HStack justify="space-between" gap="2">
            <Text fontWeight="bold" truncate>
              {order.dealer_name}
            </Text>
            <HStack gap="1" flexShrink={0}>
              {outbox ? <OutboxStatusBadge status={outbox.status} /> : null}
              {order.is_rush_order ? (
                <Badge colorPalette="red" variant="solid">
                  Rush
                </Badge>
              ) : null}
            </HStack>
          </HStack>
          <HStack justify="space-between" gap="2">
            <Text color="fg.muted" truncate>
              {order.customer_name ?? 'No customer (inventory)'}
            </Text>
            {order.is_scheduled_for_delivery ? (
              <Badge colorPalette="secondary" variant="subtle" flexShrink={0}>
                Scheduled {formatDate(order.scheduled_date)}
              </Badge>
            ) : (
              <Badge variant="outline" flexShrink={0}>
                Unscheduled
              </Badge>
            )}
          </HStack>
          {outbox ? (
            <Text color="fg.muted" data-testid="outbox-kind">
              {kindLabel(outbox.kind)}
            </Text>
          ) : null}
        </Stack>
        <Grid templateColumns="repeat(2, minmax(0, 1fr))" columnGap="3" rowGap="1">
          <Detail label="Model" value={order.building_model} />
          <Detail label="Serial" value={order.serial_number} />
          <Detail label="Type" value={order.order_type} />
          <Detail label="Status" value={order.order_status} />
          <Detail label="Stage" value={order.building_stage} />
          <Detail label="Location" value={order.building_location} />
        </Grid>
      </Card.Body>
    </Card.Root>
  );
  return path ? (
    <Link to={path} aria-label={`${order.dealer_name} ${order.serial_number}`} style={{ display: 'block' }}>
      {body}
    </Link>
  ) : (
    body
  );
}
