import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { OutboxEntryCard } from './OutboxEntryCard';

/**
 * The top of an order action screen (schedule, note): what is being done, to which order, and
 * the order's actions already queued, so a driver does not queue the same thing twice.
 */
export function ActionScreenHeader({ title, order, orderId, actions, extra }: {
  title: string;
  order: OrderDoc | null | undefined;
  orderId: number;
  actions: readonly OutboxDoc[];
  /** A further line under the order (e.g. its current schedule). */
  extra?: ReactNode;
}) {
  return (
    <>
      <Stack gap="0">
        <Heading as="h2" fontSize="h1">
          {title}
        </Heading>
        <Text color="fg.muted">
          {order ? `${order.customer_name ?? order.dealer_name} · ${order.building_model} · Serial ${order.serial_number}` : `Order #${orderId}`}
        </Text>
        {extra}
      </Stack>
      {actions.map((action) => (
        <OutboxEntryCard key={action.id} entry={action} order={order ?? undefined} />
      ))}
    </>
  );
}
