import { Badge, Button, Card, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DELIVERY_LOG_LIMIT, type DeliveryLogEntry, type DeliveryLogResponse, type HappyListResult } from '../../../domain';
import { formatDateTime, formatNumber } from '../../format';
import { t } from '../../i18n';

/** Rows shown at first and per "Show more": a year of deliveries must not freeze the phone. */
const PAGE = 50;

const miles = (n: number | null): string => (n === null ? t('log.milesNotRecorded') : t('log.miles', { miles: formatNumber(n, 1) }));

/** A customer delivery's happy list as recorded by the server: what was ticked, then what was not. */
function HappyList({ results }: { results: HappyListResult[] }) {
  if (results.length === 0) return null;
  const names = (value: boolean): string =>
    results
      .filter((r) => r.value === value)
      .map((r) => r.item)
      .join(', ');
  const ticked = names(true);
  const notTicked = names(false);
  return (
    <Stack gap="0" data-testid="log-happy-list">
      {ticked ? <Text>{t('log.happyListTicked', { items: ticked })}</Text> : null}
      {notTicked ? <Text color="fg.muted">{t('log.happyListNotTicked', { items: notTicked })}</Text> : null}
    </Stack>
  );
}

function LogRow({ entry }: { entry: DeliveryLogEntry }) {
  return (
    <Card.Root size="sm" data-testid="log-row" data-delivery-id={entry.delivery_id} data-order-type={entry.log_order_type}>
      <Card.Body>
        <Stack gap="1">
          <HStack justify="space-between" align="start" gap="2">
            <Text fontWeight="semibold">#{entry.order_number}</Text>
            <Badge colorPalette="primary" variant="subtle">
              {t(`log.type-${entry.log_order_type}`)}
            </Badge>
          </HStack>
          <Text>{entry.customer_name ?? entry.dealer_name}</Text>
          <Text color="fg.muted">
            {entry.building_model} · {entry.serial_number}
          </Text>
          <HStack justify="space-between" flexWrap="wrap" columnGap="3">
            <Text>{t('log.delivered', { time: formatDateTime(entry.date_delivered) })}</Text>
            <Text>{miles(entry.miles_driven)}</Text>
          </HStack>
          <HappyList results={entry.happy_list_results ?? []} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The filtered log: its totals, then the deliveries newest first, a page at a time. */
export function DeliveryLogList({ log }: { log: DeliveryLogResponse }) {
  const [shown, setShown] = useState(PAGE);
  const { totals, deliveries } = log;
  return (
    <Stack gap="2">
      <HStack justify="space-between" px="1" data-testid="log-totals">
        <Text fontWeight="semibold">{t('log.count', { count: totals.deliveries })}</Text>
        <Text fontWeight="semibold">{t('log.milesTotal', { miles: miles(totals.miles) })}</Text>
      </HStack>
      {deliveries.length === 0 ? (
        <Text color="fg.muted" px="1" data-testid="log-empty">
          {t('log.noMatch')}
        </Text>
      ) : (
        <chakra.ul listStyleType="none">
          {deliveries.slice(0, shown).map((entry) => (
            <chakra.li key={entry.delivery_id} pb="2">
              <LogRow entry={entry} />
            </chakra.li>
          ))}
        </chakra.ul>
      )}
      {deliveries.length > shown ? (
        <Button variant="outline" colorPalette="primary" onClick={() => setShown((n) => n + PAGE)}>
          {t('log.showMore', { count: deliveries.length - shown })}
        </Button>
      ) : null}
      {log.truncated ? (
        <Text color="fg.muted" px="1">
          {t('log.truncated', { count: DELIVERY_LOG_LIMIT })}
        </Text>
      ) : null}
    </Stack>
  );
}
