import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { isCommitted, isDeliveryEntry, kindLabel } from '../../outbox';
import { formatDateTime } from '../format';
import { OutboxEntryActions } from './OutboxEntryActions';
import { OutboxStatusBadge } from './OutboxStatusBadge';

/** Schedule, reassign and notes: one call, nothing after it. */
function explainAction(entry: OutboxDoc): string {
  if (isCommitted(entry) || entry.status === 'done') return 'The office has it.';
  if (entry.status === 'queued') return 'Queued — it will be sent when you are online';
  if (entry.status === 'sending') return 'Sending…';
  return 'The server did not accept this. Retry, or discard it.';
}

function explain(entry: OutboxDoc): string {
  if (!isDeliveryEntry(entry)) return explainAction(entry);
  if (isCommitted(entry)) return 'Delivered. Sending the certificate and emails.';
  switch (entry.status) {
    case 'queued':
      return 'Delivery queued — it will be sent when you are online';
    case 'sending':
      return 'Attempting to deliver order';
    case 'needs_attention': {
      const code = entry.last_error?.code;
      if (code === 'OrderAlreadyDelivered') return 'The office already has this order as delivered. Nothing more to send.';
      if (code === 'NotFound') return 'This order is no longer yours to deliver: the office cancelled or reassigned it. Call the office.';
      return 'The server did not accept this delivery. Fix it and resubmit, or retry.';
    }
    case 'done':
      return 'Delivered';
  }
}

/** How the driver names the order: customer (or dealer), model, serial. */
export function entryTitle(entry: OutboxDoc, order?: OrderDoc): string {
  const name = order ? (order.customer_name ?? order.dealer_name) : entry.display?.name;
  const model = order?.building_model ?? entry.display?.model;
  const serial = order?.serial_number ?? entry.display?.serial;
  const parts = [name, model, serial ? `Serial ${serial}` : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'An order no longer on this device';
}

/** One queued driver action: what it is, where it stands, and what the driver can do. */
export function OutboxEntryCard({ entry, order }: { entry: OutboxDoc; order?: OrderDoc | undefined }) {
  const failedFollowups = Object.entries(entry.steps.followups).filter(([, r]) => r.status === 'failed');
  return (
    <Card.Root size="sm" data-testid="outbox-entry" data-entry-kind={entry.kind}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" align="start">
            <Stack gap="0">
              <Text fontWeight="semibold">{entryTitle(entry, order)}</Text>
              <Text color="fg.muted">
                {kindLabel(entry.kind)} · queued {formatDateTime(entry.created_at)}
                {entry.attempts > 0 ? ` · ${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}` : ''}
              </Text>
            </Stack>
            <OutboxStatusBadge status={entry.status} />
          </HStack>
          <Text>{explain(entry)}</Text>
          {entry.last_error ? (
            <Text color={entry.status === 'needs_attention' ? 'red.fg' : 'fg.muted'} data-testid="outbox-error">
              {entry.last_error.message}
            </Text>
          ) : null}
          {failedFollowups.map(([step, r]) => (
            <Text key={step} color="fg.muted" data-testid="outbox-followup-error">
              {step === 'certificate' ? 'Certificate' : 'Email'} not sent: {r.message}
            </Text>
          ))}
          <OutboxEntryActions entry={entry} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
