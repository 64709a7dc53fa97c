import type { OutboxDoc, SyncStatus } from '../../db';
import { queueCounts } from '../../outbox';
import { formatDateTime } from '../format';
import { Button, Spinner } from '../plain/controls';
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
    // At the end of the bar's first row when it fits, else on a row of its own (AppBar); its
    // own items wrap too, so a large text size never pushes one off the screen.
    <div className="sync-indicator" data-testid="sync-indicator" data-snapshot-omit="">
      {status.syncing ? <Spinner size="sm" label={t('common.appBar.syncing')} /> : null}
      {/* Online with work in the outbox, the outbox button says enough: a 390 px bar keeps room for the title. */}
      {!status.online || entries.length === 0 ? (
        <span
          className={status.online ? 'badge sync-indicator__online' : 'badge sync-indicator__offline'}
          data-testid="connectivity"
          title={status.lastSyncAt ? t('common.appBar.lastSynced', { time: formatDateTime(status.lastSyncAt) }) : t('common.notSyncedYet')}
        >
          {status.online ? t('common.appBar.online') : t('common.appBar.offline')}
        </span>
      ) : null}
      {status.authPaused ? <span className="badge sync-indicator__paused">{t('common.appBar.signInToSend')}</span> : null}
      {entries.length > 0 ? (
        <Button size="sm" palette={attention > 0 ? 'red' : 'secondary'} className="sync-indicator__outbox" onClick={onOpenOutbox} data-testid="outbox-button">
          {attention > 0
            ? t('common.appBar.needsAttention', { count: attention })
            : t(status.online ? 'common.appBar.queued' : 'common.appBar.waiting', { count: waiting })}
        </Button>
      ) : null}
    </div>
  );
}
