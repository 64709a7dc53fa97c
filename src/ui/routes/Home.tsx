import { Button, chakra, EmptyState, Field, HStack, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OrderDoc, OutboxDoc } from '../../db';
import { FILTER_KEYS, FILTER_LABELS, filterParams, filterPrepared, prepareOrders, parseFilterParams, toggleFilter, type FilterKey } from '../../domain';
import { Loading } from '../components/Loading';
import { OrderCard } from '../components/OrderCard';
import { outboxByOrder, useActiveOutbox, useOrders } from '../hooks/useOrders';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { formatDateTime } from '../format';

/**
 * Lists up to this long are rendered whole (a driver's usual day); longer ones are windowed
 * by a lazily loaded list, so the virtualizer stays out of the first-load bundle.
 */
const RENDER_ALL_UP_TO = 60;
const VirtualOrderList = lazy(() => import('../components/VirtualOrderList'));

const startOfToday = (): number => new Date().setHours(0, 0, 0, 0);

/** Home (SPEC §2, §4): the driver's order list from PWADB, filtered and searchable, online or not. */
export default function Home() {
  // Filters and search live in the address (replaced, not pushed), so Back from an order
  // returns to the same list.
  const [params, setParams] = useSearchParams();
  const { selected, search } = useMemo(() => parseFilterParams(params), [params]);
  const [typed, setTyped] = useTypedSearch(search, (next) => setParams((prev) => filterParams(parseFilterParams(prev).selected, next), { replace: true }));
  const deferred = useDeferredValue(typed);
  const typedNow = useRef(typed);
  useEffect(() => {
    typedNow.current = typed;
  }, [typed]);
  const all = useOrders('');
  // Sorted and lowercased once per list change; a keystroke only filters (10,000 orders).
  const prepared = useMemo(() => (all ? prepareOrders(all) : undefined), [all]);
  const orders = useMemo(() => (prepared ? filterPrepared(prepared, selected, deferred) : undefined), [prepared, selected, deferred]);
  const entries = useActiveOutbox();
  const byOrder = useMemo(() => outboxByOrder(entries), [entries]);
  const status = useSyncStatus();
  const narrowed = selected.length > 0 || typed.trim() !== '';

  const update = (nextSelected: readonly FilterKey[], nextSearch: string): void => {
    setParams(filterParams(nextSelected, nextSearch), { replace: true });
  };
  // Stable across keystrokes, so the chips (memoized) do not re-render while the driver types.
  const toggle = useCallback(
    (key: FilterKey) => setParams((prev) => {
      const current = parseFilterParams(prev);
      // The search as typed, even if it has not reached the address yet.
      return filterParams(toggleFilter(current.selected, key), typedNow.current);
    }, { replace: true }),
    [setParams],
  );
  // The map shows the same selection: it carries the filters and the search along.
  const mapQuery = filterParams(selected, typed).toString();

  return (
    <Stack gap="3">
      <HStack gap="2" align="flex-end">
        <Field.Root flex="1" minW="0">
          <VisuallyHidden asChild>
            <Field.Label>Search</Field.Label>
          </VisuallyHidden>
          <Input
            type="search"
            bg="bg"
            placeholder="Search name, model, serial…"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </Field.Root>
        <Button asChild colorPalette="primary" variant="outline" bg="bg" flexShrink={0}>
          <Link to={mapQuery ? `/map?${mapQuery}` : '/map'} data-testid="map-link">
            <MapIcon />
            Map
          </Link>
        </Button>
      </HStack>
      <FilterChips selected={selected} onToggle={toggle} />
      <HStack justify="space-between" textStyle="xs" color="fg.muted" px="1">
        <Text data-testid="order-count">
          {orders && all ? (narrowed ? `${orders.length} of ${all.length} orders` : `${orders.length} order${orders.length === 1 ? '' : 's'}`) : ''}
        </Text>
        <Text>{status.lastSyncAt ? `Updated ${formatDateTime(status.lastSyncAt)}` : 'Not synced yet'}</Text>
      </HStack>
      {!orders || !all ? (
        <Loading label="Loading orders…" />
      ) : orders.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{all.length > 0 ? 'No orders match these filters' : 'No orders to deliver'}</EmptyState.Title>
            <EmptyState.Description>
              {all.length > 0
                ? `None of your ${all.length} orders match${typed.trim() ? ` "${typed.trim()}"` : ''} with the filters you picked.`
                : status.lastSyncAt
                  ? 'Orders assigned to you appear here.'
                  : 'Your orders appear here once the app has synced while online.'}
            </EmptyState.Description>
            {all.length > 0 && narrowed ? (
              <Button colorPalette="primary" onClick={() => update([], '')}>
                Clear filters
              </Button>
            ) : null}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <OrderList orders={orders} byOrder={byOrder} />
      )}
    </Stack>
  );
}

/** How long typing pauses before the search is written to the address (one navigation, not one per key). */
const SEARCH_TO_ADDRESS_MS = 250;

/**
 * The search box's text: the driver's keystrokes stay local (the list filters on them at once)
 * and reach the address after a short pause, so Back still returns to the same list; a change
 * of the address from elsewhere (Clear filters, Back) replaces the text.
 */
function useTypedSearch(fromAddress: string, write: (value: string) => void): [string, (value: string) => void] {
  const [typed, setTyped] = useState(fromAddress);
  const written = useRef(fromAddress);
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });
  useEffect(() => {
    if (fromAddress !== written.current) {
      written.current = fromAddress;
      setTyped(fromAddress);
    }
  }, [fromAddress]);
  useEffect(() => {
    if (typed === written.current) return;
    const timer = setTimeout(() => {
      written.current = typed;
      writeRef.current(typed);
    }, SEARCH_TO_ADDRESS_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return [typed, setTyped];
}

/** One row of toggle chips (aria-pressed), scrolled sideways; every chip a 48 px target. */
const FilterChips = memo(function FilterChips({ selected, onToggle }: { selected: readonly FilterKey[]; onToggle: (key: FilterKey) => void }) {
  return (
    <HStack role="group" aria-label="Filters" gap="2" overflowX="auto" mx="-3" px="3" pb="1" css={{ scrollbarWidth: 'none' }}>
      {FILTER_KEYS.map((key) => {
        const on = selected.includes(key);
        return (
          <Button
            key={key}
            data-filter={key}
            aria-pressed={on}
            size="sm"
            rounded="full"
            flexShrink={0}
            colorPalette="primary"
            variant={on ? 'solid' : 'outline'}
            bg={on ? undefined : 'bg'}
            onClick={() => onToggle(key)}
          >
            {on ? <span aria-hidden="true">✓</span> : null}
            {FILTER_LABELS[key]}
          </Button>
        );
      })}
    </HStack>
  );
}, (a, b) => a.onToggle === b.onToggle && a.selected.join() === b.selected.join());

/** A driver's usual list, rendered whole (cards stay findable in the page). */
function OrderList({ orders, byOrder }: { orders: OrderDoc[]; byOrder: Map<string, OutboxDoc> }) {
  const todayStart = startOfToday();
  if (orders.length > RENDER_ALL_UP_TO) {
    return (
      <Suspense fallback={<Loading label="Loading orders…" />}>
        <VirtualOrderList orders={orders} byOrder={byOrder} todayStart={todayStart} />
      </Suspense>
    );
  }
  return (
    <chakra.ul listStyleType="none">
      {orders.map((order) => (
        <chakra.li key={order.id} pb="2">
          <OrderCard order={order} outbox={byOrder.get(order.id)} todayStart={todayStart} />
        </chakra.li>
      ))}
    </chakra.ul>
  );
}

function MapIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M3 6.5l6-2.5 6 2.5 6-2.5v13.5l-6 2.5-6-2.5-6 2.5z" />
      <path d="M9 4v13.5M15 6.5V20" />
    </svg>
  );
}
