import { Box, EmptyState, Field, HStack, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { OrderCard } from '../components/OrderCard';
import { outboxByOrder, useActiveOutbox, useOrders } from '../hooks/useOrders';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { formatDateTime } from '../format';

/** Home (SPEC §2): the driver's order list from PWADB, searchable, online or not. */
export default function Home() {
  // The search lives in the address so Back from an order returns to the same list.
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const deferred = useDeferredValue(search);
  const orders = useOrders(deferred);
  const entries = useActiveOutbox();
  const byOrder = useMemo(() => outboxByOrder(entries), [entries]);
  const status = useSyncStatus();

  const setSearch = (value: string): void => {
    setParams(value ? { q: value } : {}, { replace: true });
  };

  return (
    <Stack gap="3">
      <Field.Root>
        <VisuallyHidden asChild>
          <Field.Label>Search</Field.Label>
        </VisuallyHidden>
        <Input
          type="search"
          bg="bg"
          placeholder="Search dealer, customer, model, serial…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Field.Root>
      <HStack justify="space-between" fontSize="xs" color="fg.muted" px="1">
        <Text>{orders ? `${orders.length} order${orders.length === 1 ? '' : 's'}` : ''}</Text>
        <Text>{status.lastSyncAt ? `Updated ${formatDateTime(status.lastSyncAt)}` : 'Not synced yet'}</Text>
      </HStack>
      {!orders ? (
        <Loading label="Loading orders…" />
      ) : orders.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{search ? 'No orders match your search' : 'No orders to deliver'}</EmptyState.Title>
            <EmptyState.Description>
              {search
                ? 'Try another dealer, customer, model or serial number.'
                : status.lastSyncAt
                  ? 'Orders assigned to you appear here.'
                  : 'Your orders appear here once the app has synced while online.'}
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap="3" as="ul" listStyleType="none">
          {orders.map((order) => (
            <Box as="li" key={order.id}>
              <OrderCard order={order} outbox={byOrder.get(order.id)} />
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
