import { Badge, Box, Card, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { OrderDoc, OutboxDoc } from '../../db';
import { formatDate } from '../format';
import { OutboxStatusBadge } from './OutboxStatusBadge';

/** Where tapping an order goes; only on-lot orders have their screens in this version. */
export function orderDetailsPath(order: OrderDoc): string | null {
  if (order.order_type === 'on-lot inventory' && order.onlot_inventory_order_id) {
    return `/onlot-inventory-order-details/${order.onlot_inventory_order_id}`;
  }
  return null;
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Box minW="0">
      <Text fontSize="2xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" truncate>
        {value || '—'}
      </Text>
    </Box>
  );
}

export function OrderCard({ order, outbox }: { order: OrderDoc; outbox: OutboxDoc | undefined }) {
  const path = orderDetailsPath(order);
  const body = (
    <Card.Root size="sm" variant="elevated" _hover={path ? { boxShadow: 'md' } : undefined} data-testid="order-card" data-order-key={order.id}>
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" truncate>
              {order.dealer_name}
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate>
              {order.customer_name ?? 'No customer (inventory)'}
            </Text>
          </Stack>
          <HStack gap="1" flexWrap="wrap" justify="end">
            {outbox ? <OutboxStatusBadge status={outbox.status} /> : null}
            {order.is_rush_order ? (
              <Badge colorPalette="red" variant="solid">
                Rush
              </Badge>
            ) : null}
            {order.is_scheduled_for_delivery ? (
              <Badge colorPalette="secondary" variant="subtle">
                Scheduled {formatDate(order.scheduled_date)}
              </Badge>
            ) : (
              <Badge variant="outline">Unscheduled</Badge>
            )}
          </HStack>
        </HStack>
        <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="2">
          <Detail label="Model" value={order.building_model} />
          <Detail label="Serial" value={order.serial_number} />
          <Detail label="Type" value={order.order_type} />
          <Detail label="Status" value={order.order_status} />
          <Detail label="Stage" value={order.building_stage} />
          <Detail label="Location" value={order.building_location} />
        </Grid>
        {path ? (
          <Text fontSize="sm" color="primary.fg" fontWeight="medium" textAlign="end">
            Open order ›
          </Text>
        ) : null}
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
