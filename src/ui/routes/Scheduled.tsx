import { Badge, Button, chakra, EmptyState, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderDoc } from '../../db';
import { CACHE_KEYS } from '../../db/cache';
import { formatDateHeader, formatTime, groupScheduled, type ClockStyle, type ScheduleGroup, type ScheduleListItem } from '../../domain';
import { Loading } from '../components/Loading';
import { ScreenTitle } from '../components/ScreenTitle';
import { ScheduledOrderCard } from '../components/ScheduledOrderCard';
import { useCached } from '../hooks/useCached';
import { useDeviceTime } from '../hooks/useDeviceTime';
import { outboxByOrder, useActiveOutbox, useOrders } from '../hooks/useOrders';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { activeLocale, registerTexts, t } from '../i18n';
import { scheduled } from '../i18n/en/screens';

registerTexts('scheduled', scheduled);

/**
 * /scheduled (SPEC §2): the driver's scheduled orders by day, soonest first, Overdue on top.
 * Whether and when an order is scheduled comes from the order list in PWADB (which already
 * shows schedule changes queued offline); the schedule-list snapshot adds where each goes.
 */
export default function Scheduled() {
  const orders = useOrders('');
  const snapshot = useCached<ScheduleListItem[]>(CACHE_KEYS.scheduleList);
  const entries = useActiveOutbox();
  const status = useSyncStatus();
  const { now, zone, clock } = useDeviceTime();
  const groups = useMemo(() => (orders ? groupScheduled(orders, now, zone, activeLocale()) : undefined), [orders, now, zone]);
  const listItems = useMemo(() => new Map((snapshot?.data ?? []).map((item) => [item.id, item])), [snapshot]);
  const byOrder = useMemo(() => outboxByOrder(entries), [entries]);

  if (!groups || snapshot === undefined) return <Loading label={t('scheduled.loading')} />;
  const count = groups.reduce((n, g) => n + g.items.length, 0);

  return (
    <Stack gap="3">
      <ScreenTitle title={t('scheduled.title')} count={t('scheduled.count', { count })} countTestId="scheduled-count" updatedAt={status.lastSyncAt} />
      {count === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{t('scheduled.emptyTitle')}</EmptyState.Title>
            <EmptyState.Description>
              {status.lastSyncAt || (orders?.length ?? 0) > 0 ? t('scheduled.emptySynced') : t('scheduled.emptyNotSynced')}
            </EmptyState.Description>
            <Button asChild colorPalette="primary">
              <Link to="/?f=unscheduled">{t('scheduled.seeUnscheduled')}</Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          {snapshot === null ? <Text color="fg.muted">{t('scheduled.addressesNextSync')}</Text> : null}
          {groups.map((group) => (
            <DayGroup
              key={group.key}
              group={group}
              render={(order) => (
                <ScheduledOrderCard order={order} listItem={listItems.get(order.id)} outbox={byOrder.get(order.id)} when={whenOf(group, order, zone, clock)} />
              )}
            />
          ))}
        </>
      )}
    </Stack>
  );
}

/** The time; under Overdue (and Date not set) the group names no day, so the row does. */
function whenOf(group: ScheduleGroup<OrderDoc>, order: OrderDoc, zone: string, clock: ClockStyle): string {
  const time = formatTime(order.scheduled_date, zone, clock, activeLocale());
  if (group.kind === 'day') return time;
  if (!time) return t('scheduled.noDate');
  return `${formatDateHeader(order.scheduled_date, zone, activeLocale())} · ${time}`;
}

function DayGroup({ group, render }: { group: ScheduleGroup<OrderDoc>; render: (order: OrderDoc) => ReactNode }) {
  const headingId = `scheduled-${group.key}`;
  return (
    <chakra.section aria-labelledby={headingId} data-testid="scheduled-group" data-group={group.key}>
      <HStack justify="space-between" gap="2" px="1" pt="2" pb="2" flexWrap="wrap">
        <HStack gap="2" flexWrap="wrap">
          <Heading as="h3" id={headingId} fontSize="h2" color={group.kind === 'overdue' ? 'fg.error' : 'fg'} data-testid="scheduled-group-title">
            {group.kind === 'overdue' ? t('scheduled.overdue') : group.kind === 'undated' ? t('scheduled.dateNotSet') : group.title}
          </Heading>
          {group.relative ? (
            <Badge colorPalette="primary" variant="solid">
              {t(`common.${group.relative}`)}
            </Badge>
          ) : null}
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          {t('scheduled.orders', { count: group.items.length })}
        </Text>
      </HStack>
      <chakra.ul listStyleType="none">
        {group.items.map((order) => (
          <chakra.li key={order.id} pb="2">
            {render(order)}
          </chakra.li>
        ))}
      </chakra.ul>
    </chakra.section>
  );
}
