import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderDoc, OutboxDoc } from '../../db';
import { orderKey, type LatLon, type OrderKind, type OrderNote } from '../../domain';
import { useOrderDestination } from '../hooks/useOrderDestination';
import { orderActionQuery } from '../orderLinks';
import { Loading } from './Loading';
import { NavigateMenu } from './NavigateMenu';
import { NotesCard } from './NotesCard';
import { OutboxEntryCard } from './OutboxEntryCard';

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
  deliverPath: string;
  /** The order's notes as last downloaded (null: not yet). */
  notes: OrderNote[] | null;
  /** The delivery position the downloaded details carry (else the map snapshot's is used). */
  destination: LatLon | null | undefined;
  children: ReactNode;
}

/** The frame every order details screen shares: states, heading, queued entries, Schedule, Add note, Deliver. */
export function OrderScreenFrame({ kind, id, title, subtitle, order, hasDelivery, entry, actions, deliverPath, notes, destination, children }: Props) {
  const navigateTo = useOrderDestination(orderKey(kind, id), destination);
  if (order === undefined || hasDelivery === undefined) return <Loading />;
  if (!order && !hasDelivery) {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Not found</Alert.Title>
          <Alert.Description>This order is not on this device. It may have been delivered or reassigned.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-start" gap="3">
        <Stack gap="0" minW="0">
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
      <NotesCard notes={notes} />
      <HStack gap="2" flexWrap="wrap">
        <Button asChild colorPalette="primary" variant="outline" flex="1">
          <Link to={`/schedule/${id}?${orderActionQuery(kind, { reschedule: Boolean(order?.is_scheduled_for_delivery) })}`}>
            {order?.is_scheduled_for_delivery ? 'Reschedule' : 'Schedule'}
          </Link>
        </Button>
        <Button asChild colorPalette="primary" variant="outline" flex="1">
          <Link to={`/create-note/${id}?${orderActionQuery(kind)}`}>Add note</Link>
        </Button>
      </HStack>
      <Button asChild colorPalette="primary" size="lg">
        <Link to={deliverPath}>{entry ? 'View delivery' : 'Deliver'}</Link>
      </Button>
    </Stack>
  );
}
