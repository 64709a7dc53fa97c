import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import type { OutboxDoc } from '../../db';
import { discardOutboxEntry, dropDeliveredEntry, isCommitted, isDeliveryEntry, isKeptApart, retryOutboxEntry } from '../../outbox';
import { getSyncClient } from '../../workers/client';
import { useSession } from '../hooks/useAuth';
import { useBlobStore, useDatabase } from '../hooks/useDatabase';
import { notify } from '../toaster';
import { t } from '../i18n';
import { errorText } from '../i18n/domainText';
import { kindText } from '../i18n/kindText';
import { OutboxKeptWorkActions } from './OutboxKeptWorkActions';

type Action = 'retry' | 'discard' | 'drop';

/**
 * What the driver can do with an entry the server refused (needs_attention): fix and
 * resubmit (Discard keeps the draft), or Retry. An order the server already has as
 * delivered offers only removing it from this phone; one that left the driver (reassigned,
 * delivered by someone else) only viewing the kept work and discarding it.
 */
export function OutboxEntryActions({ entry, onDeliveryScreen = false }: { entry: OutboxDoc; onDeliveryScreen?: boolean }) {
  const db = useDatabase();
  const blobs = useBlobStore();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  if (entry.status !== 'needs_attention' || isCommitted(entry)) return null;
  const delivery = isDeliveryEntry(entry);
  // Given back to the driver meanwhile (a later pull, `order_back`), it may be sent again: the usual actions.
  if (isKeptApart(entry)) return <OutboxKeptWorkActions entry={entry} showView={!onDeliveryScreen} />;
  const alreadyDelivered = delivery && entry.last_error?.code === 'OrderAlreadyDelivered';

  const run = async (action: Action): Promise<void> => {
    setBusy(true);
    try {
      if (action === 'retry') {
        await retryOutboxEntry(db, session, entry.id);
        void getSyncClient().syncNow();
      } else if (action === 'drop') {
        await dropDeliveredEntry(db, blobs, session, entry.id);
        notify(t('outbox.removed'), 'info');
      } else {
        // The draft and photos stay, so the driver can fix the delivery and submit again.
        await discardOutboxEntry(db, session, entry.id);
        notify(delivery ? t('outbox.deliveryDiscarded') : t('outbox.discarded', { action: kindText(entry.kind) }), 'info');
      }
    } catch (error) {
      notify(error instanceof Error ? error.message : errorText('GeneralError'), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (alreadyDelivered) {
    return (
      <Button colorPalette="primary" loading={busy} onClick={() => void run('drop')}>
        {t('outbox.removeFromPhone')}
      </Button>
    );
  }
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button colorPalette="primary" variant="outline" disabled={busy} onClick={() => void run('discard')}>
        {delivery ? t('outbox.fixAndResubmit') : t('outbox.discard')}
      </Button>
      <Button variant="ghost" loading={busy} onClick={() => void run('retry')}>
        {t('common.retry')}
      </Button>
    </HStack>
  );
}
