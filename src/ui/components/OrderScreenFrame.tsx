import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderDoc, OutboxDoc } from '../../db';
import type { OrderNote } from '../../domain';
import { Loading } from './Loading';
import { NotesCard } from './NotesCard';
import { OutboxEntryCard } from './OutboxEntryCard';

interface Props {
  title: string;
  subtitle: string;
  order: OrderDoc | null | undefined;
  /** undefined while loading; null when this device has no delivery document. */
  hasDelivery: boolean | undefined;
  entry: OutboxDoc | undefined;
  deliverPath: string;
  /** The order's notes as last downloaded (null: not yet). */
  notes: OrderNote[] | null;
  children: ReactNode;
}

/** The frame every order details screen shares: states, heading, queued entry, Deliver. */
export function OrderScreenFrame({ title, subtitle, order, hasDelivery, entry, deliverPath, notes, children }: Props) {
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
      <Stack gap="0">
        <Heading as="h2" fontSize="h1">
          {title}
        </Heading>
        <Text color="fg.muted">{subtitle}</Text>
      </Stack>
      {entry ? <OutboxEntryCard entry={entry} order={order ?? undefined} /> : null}
      {children}
      <NotesCard notes={notes} />
      <Button asChild colorPalette="primary" size="lg">
        <Link to={deliverPath}>{entry ? 'View delivery' : 'Deliver'}</Link>
      </Button>
    </Stack>
  );
}
