import { Badge } from '@chakra-ui/react';
import type { OutboxStatus } from '../../db';

const LOOK: Record<OutboxStatus, { label: string; palette: string }> = {
  queued: { label: 'Queued', palette: 'primary' },
  sending: { label: 'Sending', palette: 'orange' },
  needs_attention: { label: 'Needs attention', palette: 'red' },
  done: { label: 'Sent', palette: 'green' },
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const look = LOOK[status];
  return (
    <Badge colorPalette={look.palette} variant="solid" data-testid="outbox-status">
      {look.label}
    </Badge>
  );
}
