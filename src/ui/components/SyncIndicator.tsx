import { Badge, Button, HStack, Spinner } from '@chakra-ui/react';
import type { OutboxDoc, SyncStatus } from '../../db';

interface Props {
  status: SyncStatus;
  entries: readonly OutboxDoc[];
  onOpenOutbox: () => void;
}

/** App-bar status: connectivity, work waiting to be sent, and anything needing the driver. */
export function SyncIndicator({ status, entries, onOpenOutbox }: Props) {
  const attention = entries.filter((e) => e.status === 'needs_attention').length;
  const waiting = entries.length - attention;
  return (
    <HStack gap="1.5" data-testid="sync-indicator">
      {status.syncing ? <Spinner size="xs" color="white" aria-label="Syncing" /> : null}
      <Badge
        variant="solid"
        colorPalette={status.online ? 'green' : 'gray'}
        data-testid="connectivity"
        title={status.lastSyncAt ? `Last synced ${new Date(status.lastSyncAt).toLocaleString()}` : 'Not synced yet'}
      >
        {status.online ? 'Online' : 'Offline'}
      </Badge>
      {status.authPaused ? (
        <Badge variant="solid" colorPalette="orange">
          Sign in to send
        </Badge>
      ) : null}
      {entries.length > 0 ? (
        <Button
          size="2xs"
          variant="solid"
          colorPalette={attention > 0 ? 'red' : 'secondary'}
          onClick={onOpenOutbox}
          data-testid="outbox-button"
        >
          {attention > 0 ? `${attention} need${attention === 1 ? 's' : ''} attention` : `${waiting} queued`}
        </Button>
      ) : null}
    </HStack>
  );
}
