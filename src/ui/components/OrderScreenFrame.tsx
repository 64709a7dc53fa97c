import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderDoc, OutboxDoc } from '../../db';
import { orderKey, type LatLon, type OrderKind, type OrderNote } from '../../domain';
import { queuedNotes } from '../../outbox';
import { useOrderDestination } from '../hooks/useOrderDestination';
import { orderActionQuery, RETURN_HERE } from '../orderLinks';
import { Loading } from './Loading';
import { NavigateMenu } from './NavigateMenu';
import { NotesCard } from './NotesCard';
import { OrderNotFound } from './OrderNotFound';
import { OutboxEntryCard } from './OutboxEntryCard';
import { registerTexts, t } from '../i18n';
import { order as orderTexts } from '../i18n/en/order';

registerTexts('order', orderTexts);

interface Props {
  kind: OrderKind;
  id: number;
  title: string;
  subtitle: string;
  order: OrderDoc | null | undefined;
  /** undefined while loading; null when this device has no delivery document. */
  hasDelivery: boolean | undefined;
  entry: OutboxDoc | undefined;
  /** The order's other queued actions (schedule, reassign, notes), newest first. */
  actions: OutboxDoc[];
  /** Where Deliver leads; without it the screen has no Deliver button (schedule details). */
  deliverPath?: string;
  /** The order's notes as last downloaded (null: not yet). */
  notes: OrderNote[] | null;
  /** Further order actions, shown below Schedule and Add note. */
  moreActions?: ReactNode;
  /** The delivery position the downloaded details carry (else the map snapshot's is used). */
  destination?: LatLon | null;
  children: ReactNode;
}

/** The frame every order screen shares (details, schedule details): states, heading, queued entries, Navigate, Schedule, Add note, Deliver. */
export function OrderScreenFrame({
  kind,
  id,
  title,
  subtitle,
  order,
  hasDelivery,
  entry,
  actions,
  deliverPath,
  notes,
  moreActions,
  destination,
  children,
}: Props) {
  const navigateTo = useOrderDestination(orderKey(kind, id), destination);
  if (order === undefined || hasDelivery === undefined) return <Loading />;
  if (!order && !hasDelivery) return <OrderNotFound orderKey={orderKey(kind, id)} />;
  return (
    <Stack gap="4">
      {/* Navigate goes below the title when both would not fit (a large text size). */}
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="0" minW="0" flex="1 1 12rem">
          <Heading as="h2" fontSize="h1">
            {title}
          </Heading>
          <Text color="fg.muted">{subtitle}</Text>
        </Stack>
        {/* Hidden when this device knows no position for the order. */}
        <NavigateMenu to={navigateTo} label={title} buttonProps={{ flexShrink: 0 }} />
      </HStack>
      {entry ? <OutboxEntryCard entry={entry} order={order ?? undefined} /> : null}
      {actions.map((action) => (
        <OutboxEntryCard key={action.id} entry={action} order={order ?? undefined} />
      ))}
      {children}
      <NotesCard notes={notes} queued={queuedNotes(actions)} />
      <HStack gap="2" flexWrap="wrap">
        {/* Without Deliver, (re)scheduling is the screen's main action. */}
        <Button asChild colorPalette="primary" variant={deliverPath ? 'outline' : 'solid'} flex="1 1 9rem">
          <Link to={`/schedule/${id}?${orderActionQuery(kind, { reschedule: Boolean(order?.is_scheduled_for_delivery) })}`} state={RETURN_HERE}>
            {order?.is_scheduled_for_delivery ? t('order.reschedule') : t('order.schedule')}
          </Link>
        </Button>
        <Button asChild colorPalette="primary" variant="outline" flex="1 1 9rem">
          <Link to={`/create-note/${id}?${orderActionQuery(kind)}`} state={RETURN_HERE}>
            {t('order.addNote')}
          </Link>
        </Button>
      </HStack>
      {moreActions}
      {deliverPath ? (
        <Button asChild colorPalette="primary" size="lg">
          <Link to={deliverPath}>{entry ? t('order.viewDelivery') : t('order.deliver')}</Link>
        </Button>
      ) : null}
    </Stack>
  );
}
