import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OutboxDoc } from '../../db';
import { parseOrderKey } from '../../domain';
import { dropDeliveredEntry } from '../../outbox';
import { useSession } from '../hooks/useAuth';
import { useBlobStore, useDatabase } from '../hooks/useDatabase';
import { errorText, t } from '../i18n/domainText';
import { deliveryPath } from '../orderLinks';
import { notify } from '../toaster';

/**
 * A delivery of an order that left the driver (reassigned, or delivered by someone else: issue
 * 23). It can never be sent, so neither Retry nor Fix and resubmit is offered; the driver's
 * work stays viewable until the driver discards it, after a confirmation.
 */
export function OutboxKeptWorkActions({ entry, showView }: { entry: OutboxDoc; showView: boolean }) {
  const db = useDatabase();
  const blobs = useBlobStore();
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = parseOrderKey(entry.order_key);

  const discard = async (): Promise<void> => {
    setBusy(true);
    try {
      await dropDeliveredEntry(db, blobs, session, entry.id);
      notify(t('outbox.keptDiscarded'), 'info');
    } catch (error) {
      notify(error instanceof Error ? error.message : errorText('GeneralError'), 'error');
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <Stack gap="2" data-testid="outbox-discard-confirm">
        <Text fontWeight="semibold">{t('outbox.discardConfirm')}</Text>
        <HStack gap="2" flexWrap="wrap">
          <Button colorPalette="red" loading={busy} onClick={() => void discard()}>
            {t('outbox.discardForGood')}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
            {t('outbox.keep')}
          </Button>
        </HStack>
      </Stack>
    );
  }
  return (
    <HStack gap="2" flexWrap="wrap">
      {showView && ref ? (
        <Button asChild colorPalette="primary">
          <Link to={deliveryPath(ref.kind, ref.id)}>{t('outbox.viewDelivery')}</Link>
        </Button>
      ) : null}
      <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
        {t('outbox.discard')}
      </Button>
    </HStack>
  );
}
