import { CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { OutboxDoc } from '../../db';
import { useOrders } from '../hooks/useOrders';
import { OutboxEntryCard } from './OutboxEntryCard';

interface Props {
  open: boolean;
  onClose: () => void;
  entries: readonly OutboxDoc[];
}

/** Everything the driver did that has not reached the server yet, with Retry/Discard. */
export default function OutboxDrawer({ open, onClose, entries }: Props) {
  const orders = useOrders('');
  const byKey = useMemo(() => new Map((orders ?? []).map((o) => [o.id, o])), [orders]);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="bottom">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3" maxH="80dvh">
            <Drawer.Header>
              <Drawer.Title>Waiting to send</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="6">
              {entries.length === 0 ? (
                <Text color="fg.muted">Everything has been sent.</Text>
              ) : (
                <Stack gap="3">
                  {entries.map((entry) => (
                    <OutboxEntryCard key={entry.id} entry={entry} order={byKey.get(entry.order_key)} />
                  ))}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
