import { Drawer, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import type { OutboxDoc } from '../../db';
import { isDeliveryEntry } from '../../outbox';
import { useOrders, useRecentOutbox } from '../hooks/useOrders';
import { AppDrawer } from './AppDrawer';
import { ExportOutboxButton } from './ExportOutboxButton';
import { OutboxEntryCard } from './OutboxEntryCard';
import { registerTexts, t } from '../i18n';
import { outbox as outboxTexts } from '../i18n/en/order';

registerTexts('outbox', outboxTexts);

interface Props {
  open: boolean;
  onClose: () => void;
  entries: readonly OutboxDoc[];
}

/** Everything the driver did that has not reached the server yet, with Retry/Discard. */
export default function OutboxDrawer({ open, onClose, entries }: Props) {
  const orders = useOrders('');
  const byKey = useMemo(() => new Map((orders ?? []).map((o) => [o.id, o])), [orders]);
  const orderKeys = useMemo(() => [...byKey.keys()], [byKey]);
  const recent = useRecentOutbox() ?? [];
  // Committed deliveries, and other actions the office has but whose email or notification failed.
  const delivered = recent.filter(isDeliveryEntry);
  const actions = recent.filter((entry) => !isDeliveryEntry(entry));
  // A card's link (View delivery) leads to another screen: the drawer gets out of its way.
  const { key } = useLocation();
  const shownAt = useRef(key);
  useEffect(() => {
    if (open && key !== shownAt.current) onClose();
    shownAt.current = key;
  }, [key, open, onClose]);
  return (
    <AppDrawer
      open={open}
      onClose={onClose}
      placement="bottom"
      header={<Drawer.Title>{t('outbox.title')}</Drawer.Title>}
      contentProps={{ roundedTop: 'l3', maxH: '80dvh' }}
      bodyProps={{ pb: '6' }}
    >
      {entries.length === 0 ? (
        <Text color="fg.muted">{t('outbox.allSent')}</Text>
      ) : (
        <Stack gap="3" data-testid="outbox-pending">
          {entries.map((entry) => (
            <OutboxEntryCard key={entry.id} entry={entry} order={byKey.get(entry.order_key)} />
          ))}
        </Stack>
      )}
      {delivered.length > 0 ? (
        <Stack gap="3" mt="6" data-testid="outbox-recent">
          <Text fontWeight="semibold">{t('outbox.recentlyDelivered')}</Text>
          {delivered.map((entry) => (
            <OutboxEntryCard key={entry.id} entry={entry} order={byKey.get(entry.order_key)} />
          ))}
        </Stack>
      ) : null}
      {actions.length > 0 ? (
        <Stack gap="3" mt="6" data-testid="outbox-recent-actions">
          <Text fontWeight="semibold">{t('outbox.sentWithProblem')}</Text>
          {actions.map((entry) => (
            <OutboxEntryCard key={entry.id} entry={entry} order={byKey.get(entry.order_key)} />
          ))}
        </Stack>
      ) : null}
      {entries.length + recent.length > 0 ? <ExportOutboxButton entries={[...entries, ...recent]} orderKeys={orderKeys} /> : null}
    </AppDrawer>
  );
}
