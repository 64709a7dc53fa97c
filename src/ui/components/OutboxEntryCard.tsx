import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { parseOrderKey } from '../../domain';
import { formatDateTime } from '../format';
import { OutboxEntryActions } from './OutboxEntryActions';
import { OutboxStatusBadge } from './OutboxStatusBadge';

const EXPLAIN: Record<OutboxDoc['status'], string> = {
  queued: 'Delivery queued — it will be sent when you are online',
  sending: 'Attempting to deliver order',
  needs_attention: 'The server did not accept this delivery.',
  done: 'Delivered',
};

/** One queued driver action: what it is, where it stands, and what the driver can do. */
export function OutboxEntryCard({ entry, order }: { entry: OutboxDoc; order?: OrderDoc | undefined }) {
  // The order may have left the list (a pull tombstoned it); fall back to its number.
  const title = order ? `${order.dealer_name} · ${order.serial_number}` : `Order #${parseOrderKey(entry.order_key)?.id ?? entry.order_key}`;
  return (
    <Card.Root size="sm" data-testid="outbox-entry">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" align="start">
            <Stack gap="0">
              <Text fontWeight="semibold">{title}</Text>
              <Text fontSize="xs" color="fg.muted">
                On-lot delivery · queued {formatDateTime(entry.created_at)}
                {entry.attempts > 0 ? ` · ${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}` : ''}
              </Text>
            </Stack>
            <OutboxStatusBadge status={entry.status} />
          </HStack>
          <Text fontSize="sm">{EXPLAIN[entry.status]}</Text>
          {entry.last_error ? (
            <Text fontSize="sm" color={entry.status === 'needs_attention' ? 'red.fg' : 'fg.muted'} data-testid="outbox-error">
              {entry.last_error.message}
            </Text>
          ) : null}
          <OutboxEntryActions entry={entry} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
