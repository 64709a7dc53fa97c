import { Badge, Card, HStack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { OrderDoc, OutboxDoc } from '../../db';
import { parseOrderKey, type ScheduleListItem } from '../../domain';
import { kindText } from '../i18n/kindText';
import { scheduleDetailsPath } from '../orderLinks';
import { EntryStatusBadge } from './OutboxStatusBadge';
import { t } from '../i18n';

interface Props {
  order: OrderDoc;
  /** The schedule-list snapshot's row of this order (destination), when downloaded. */
  listItem: ScheduleListItem | undefined;
  outbox: OutboxDoc | undefined;
  /** "14:30", or "Sat, Jan 3 · 14:30" under Overdue where the group names no day. */
  when: string;
}

const dot = ' · ';

/**
 * One scheduled order under its day on /scheduled: line 1 the time (with the day under
 * Overdue) and Rush and the outbox state; line 2 the name the driver knows the order by
 * (customer, or dealer for inventory), never squeezed by the badges; line 3 model · serial;
 * line 4 where it goes (from the schedule-list snapshot); then the queued action, if any.
 * The whole card opens the order's schedule details.
 */
export function ScheduledOrderCard({ order, listItem, outbox, when }: Props) {
  const ref = parseOrderKey(order.id);
  const name = order.customer_name ?? order.dealer_name;
  const destination = listItem?.destination_address;
  const body = (
    <Card.Root size="sm" variant="elevated" _hover={ref ? { boxShadow: 'md' } : undefined} data-testid="scheduled-row" data-order-key={order.id}>
      <Card.Body gap="1" px="3" py="2.5" lineHeight="1.5rem">
        <HStack justify="space-between" gap="2" minH="7" flexWrap="wrap">
          <Text fontWeight="bold" color="primary.fg" overflowWrap="anywhere" data-testid="scheduled-time">
            {when}
          </Text>
          <HStack gap="1" flexShrink={0}>
            {order.is_rush_order ? (
              <Badge colorPalette="red" variant="solid">
                {t('scheduled.rush')}
              </Badge>
            ) : null}
            {outbox ? <EntryStatusBadge entry={outbox} /> : null}
          </HStack>
        </HStack>
        {/* Lines wrap, never cut: a large text size grows the card (issue 25). */}
        <Text fontWeight="bold" overflowWrap="anywhere">
          {name}
        </Text>
        <Text overflowWrap="anywhere">
          {order.building_model}
          {dot}
          {order.serial_number}
        </Text>
        {destination ? (
          <Text color="fg.muted" overflowWrap="anywhere" data-testid="scheduled-destination">
            {destination}
          </Text>
        ) : null}
        {outbox ? (
          <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere" data-testid="outbox-kind">
            {kindText(outbox.kind)}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
  return ref ? (
    // Named by its whole visible text (no aria-label): a voice user says what they see (WCAG 2.5.3).
    <Link to={scheduleDetailsPath(ref.kind, ref.id)} style={{ display: 'block' }}>
      {body}
    </Link>
  ) : (
    body
  );
}
