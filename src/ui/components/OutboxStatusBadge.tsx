import { Badge } from '@chakra-ui/react';
import type { OutboxStatus } from '../../db';
import { t } from '../i18n';

const PALETTE: Record<OutboxStatus, string> = { queued: 'primary', sending: 'orange', needs_attention: 'red', done: 'green' };

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="solid" data-testid="outbox-status">
      {t(`common.outboxStatus.${status}`)}
    </Badge>
  );
}
