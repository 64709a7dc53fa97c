import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { OutboxEntryCard } from './OutboxEntryCard';
import { registerTexts, t } from '../i18n';
import { schedule as scheduleTexts } from '../i18n/en/schedule';

registerTexts('schedule', scheduleTexts);

/**
 * The top of an order action screen (schedule, note): what is being done, to which order, and
 * the order's actions already queued, so a driver does not queue the same thing twice.
 */
export function ActionScreenHeader({
  title,
  order,
  orderId,
  actions,
  extra,
}: {
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
          {order
            ? t('schedule.orderLine', { name: order.customer_name ?? order.dealer_name, model: order.building_model, serial: order.serial_number })
            : t('schedule.orderNumber', { id: orderId })}
        </Text>
        {extra}
      </Stack>
      {actions.map((action) => (
        <OutboxEntryCard key={action.id} entry={action} order={order ?? undefined} />
      ))}
    </>
  );
}
