import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { discardOutboxEntry, retryOutboxEntry, type OutboxDoc } from '../../db';
import { getSyncClient } from '../../workers/client';
import { useDatabase } from '../hooks/useDatabase';
import { notify } from '../toaster';

/** Retry / Discard for an entry the server refused (needs_attention); nothing otherwise. */
export function OutboxEntryActions({ entry }: { entry: OutboxDoc }) {
  const db = useDatabase();
  const [busy, setBusy] = useState(false);
  if (entry.status !== 'needs_attention') return null;

  const run = async (action: 'retry' | 'discard'): Promise<void> => {
    setBusy(true);
    try {
      if (action === 'retry') {
        await retryOutboxEntry(db, entry.id);
        void getSyncClient().syncNow();
      } else {
        // The draft and photos stay, so the driver can fix the delivery and submit again.
        await discardOutboxEntry(db, entry.id);
        notify('Delivery discarded — you can fix it and deliver again', 'info');
      }
    } catch (error) {
      notify(error instanceof Error ? error.message : 'There was an error', 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <HStack gap="2">
      <Button size="sm" colorPalette="primary" loading={busy} onClick={() => void run('retry')}>
        Retry
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={() => void run('discard')}>
        Discard
      </Button>
    </HStack>
  );
}
