import { Badge, Button, HStack, Spinner } from '@chakra-ui/react';
import type { OutboxDoc, SyncStatus } from '../../db';
import { queueCounts } from '../../outbox';
import { formatDateTime } from '../format';
import { t } from '../i18n';

interface Props {
  status: SyncStatus;
  entries: readonly OutboxDoc[];
  onOpenOutbox: () => void;
}

/**
 * App-bar status: connectivity, work waiting to be sent, and anything needing the driver.
 * On the dark brand bar the badges are light pills with dark text (green.800 on green.100
 * 9.4:1, gray.800 on gray.100 13.6:1, black on yellow.300 15:1); the outbox button is white
 * on secondary.solid (7.3:1) or red.700 (8.4:1).
 */
export function SyncIndicator({ status, entries, onOpenOutbox }: Props) {
  // The outbox's one vocabulary (src/outbox/status.ts): while the app cannot reach the server, what waits waits for
  // signal ("1 waiting" beside "Offline": the long words would leave the title no room on a 390 px bar).
  const { attention, waiting } = queueCounts(entries);
  return (
    // Left out of the cold-start picture of Home (homeSnapshot.ts): a stale "Online" would mislead.
    <HStack gap="1.5" flexShrink={0} data-testid="sync-indicator" data-snapshot-omit="">
      {status.syncing ? <Spinner size="sm" color="white" role="img" aria-label={t('common.appBar.syncing')} /> : null}
      {/* Online with work in the outbox, the outbox button says enough: a 390 px bar keeps room for the title. */}
      {!status.online || entries.length === 0 ? (
        <Badge
          size="md"
          variant="solid"
          bg={status.online ? 'green.100' : 'gray.100'}
          color={status.online ? 'green.800' : 'gray.800'}
          data-testid="connectivity"
          title={status.lastSyncAt ? t('common.appBar.lastSynced', { time: formatDateTime(status.lastSyncAt) }) : t('common.notSyncedYet')}
        >
          {status.online ? t('common.appBar.online') : t('common.appBar.offline')}
        </Badge>
      ) : null}
      {status.authPaused ? (
        <Badge size="md" variant="solid" colorPalette="yellow">
          {t('common.appBar.signInToSend')}
        </Badge>
      ) : null}
      {entries.length > 0 ? (
        <Button
          size="sm"
          px="3"
          variant="solid"
          colorPalette={attention > 0 ? 'red' : 'secondary'}
          bg={attention > 0 ? 'red.700' : undefined}
          onClick={onOpenOutbox}
          data-testid="outbox-button"
        >
          {attention > 0
            ? t('common.appBar.needsAttention', { count: attention })
            : t(status.online ? 'common.appBar.queued' : 'common.appBar.waiting', { count: waiting })}
        </Button>
      ) : null}
    </HStack>
  );
}
