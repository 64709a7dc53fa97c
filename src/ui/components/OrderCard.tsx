import { Badge, Card, HStack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { Link } from 'react-router';
import type { OrderDoc, OutboxDoc } from '../../db';
import { isOverdue, parseOrderKey, type OrderKind } from '../../domain';
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

// Compact (~100 px on a 390 px phone, so 5+ fit below the search and the chips): line 1 the
// name the driver knows the order by (the customer, or the dealer for inventory) with Overdue
// (scheduled before today), Rush and the outbox state; line 2 model · serial across the whole
// width (four "10x12 Lofted Barn" differ only by serial); line 3 the delivery date (or
// Unscheduled) and type · status · location at 14 px. Text is fg or
// fg.muted on white (7:1); badges are 14 px. The whole card is the link.
const dot = ' · ';

/** Memoized: a keystroke re-renders the list, not the cards whose order did not change. */
export const OrderCard = memo(function OrderCard({ order, outbox, todayStart }: { order: OrderDoc; outbox: OutboxDoc | undefined; todayStart: number }) {
  const path = orderDetailsPath(order);
  const name = order.customer_name ?? order.dealer_name;
  const overdue = isOverdue(order, todayStart);
  const body = (
    <Card.Root size="sm" variant="elevated" _hover={path ? { boxShadow: 'md' } : undefined} data-testid="order-card" data-order-key={order.id}>
      <Card.Body gap="1" px="3" py="2.5" lineHeight="1.5rem">
        <HStack justify="space-between" gap="2" minH="7">
          <Text fontWeight="bold" truncate>
            {name}
          </Text>
          <HStack gap="1" flexShrink={0}>
            {overdue ? (
              <Badge colorPalette="red" variant="solid" data-testid="overdue">
                Overdue
              </Badge>
            ) : null}
            {order.is_rush_order ? (
              <Badge colorPalette="red" variant="solid">
                Rush
              </Badge>
            ) : null}
            {outbox ? <OutboxStatusBadge status={outbox.status} /> : null}
          </HStack>
        </HStack>
        <Text truncate>
          {order.building_model}
          {dot}
          {order.serial_number}
        </Text>
        <HStack gap="2" minH="7">
          {order.is_scheduled_for_delivery ? (
            <Badge colorPalette="secondary" variant="subtle" flexShrink={0} aria-label={`Scheduled ${formatDate(order.scheduled_date)}`}>
              {formatDate(order.scheduled_date) || 'Scheduled'}
            </Badge>
          ) : (
            <Badge variant="outline" flexShrink={0}>
              Unscheduled
            </Badge>
          )}
          {outbox ? (
            // A queued action says what it is (delivery, schedule, note…) in place of the details.
            <Text textStyle="xs" color="fg.muted" truncate data-testid="outbox-kind">
              {kindLabel(outbox.kind)}
            </Text>
          ) : (
            <Text textStyle="xs" color="fg.muted" truncate>
              {order.order_type}
              {dot}
              {order.order_status}
              {dot}
              {order.building_location}
            </Text>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
  return path ? (
    <Link to={path} aria-label={`${name}, ${order.building_model} ${order.serial_number}`} style={{ display: 'block' }}>
      {body}
    </Link>
  ) : (
    body
  );
});
