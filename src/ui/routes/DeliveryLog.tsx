import { Button, EmptyState, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CACHE_KEYS } from '../../db/cache';
import {
  describeLogFilters,
  logFiltersFromSearch,
  logFiltersToSearch,
  sameLogFilters,
  type DeliveryLogSnapshot,
  type DeliveryStatsSnapshot,
  type LogFilters,
} from '../../domain';
import { Loading } from '../components/Loading';
import { OnlineOnlyNote } from '../components/OnlineOnlyNote';
import { DeliveryLogList } from '../components/log/DeliveryLogList';
import { DeliveryStatsCard } from '../components/log/DeliveryStatsCard';
import { ExportLogButton } from '../components/log/ExportLogButton';
import { LogFiltersCard } from '../components/log/LogFiltersCard';
import { formatDateTime } from '../format';
import { useCached } from '../hooks/useCached';
import { useDeliveryLogRead } from '../hooks/useDeliveryLogRead';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { registerTexts, t } from '../i18n';
import { log as logTexts } from '../i18n/en/log';

registerTexts('log', logTexts);

/**
 * /delivery-log?startDate=&endDate=&orderTypes= (SPEC §2): the driver's deliveries with totals,
 * the delivery stats and the undelivered orders by category. The filters live in the address
 * (replaced, so Back returns to the same log); the worker reads the log online and keeps the
 * last one seen, with its filters, so the screen still shows it offline and says from when.
 */
export default function DeliveryLog() {
  const [params, setParams] = useSearchParams();
  const filtersKey = logFiltersToSearch(logFiltersFromSearch(params)).toString();
  const filters = useMemo(() => logFiltersFromSearch(new URLSearchParams(filtersKey)), [filtersKey]);
  const setFilters = useCallback((next: LogFilters) => setParams(logFiltersToSearch(next), { replace: true }), [setParams]);
  // An address with values that are not valid is rewritten to what the screen shows.
  useEffect(() => {
    if (params.toString() !== filtersKey) setParams(new URLSearchParams(filtersKey), { replace: true });
  }, [params, filtersKey, setParams]);

  const { online } = useSyncStatus();
  const log = useCached<DeliveryLogSnapshot>(CACHE_KEYS.deliveryLog);
  const stats = useCached<DeliveryStatsSnapshot>(CACHE_KEYS.deliveryStats);
  const { state, retry } = useDeliveryLogRead(filters, filtersKey, online);
  if (log === undefined || stats === undefined) return <Loading label={t('log.loading')} />;

  const matches = log !== null && sameLogFilters(log.data.filters, filters);
  const waitingForAnswer = state === 'reading' && !matches;
  const stale = log !== null && (state === 'offline' || state === 'failed');

  return (
    <Stack gap="3">
      <HStack justify="space-between" align="center" gap="2" flexWrap="wrap">
        <Heading as="h2" fontSize="h1">
          {t('log.title')}
        </Heading>
        {state === 'reading' && matches ? (
          <Text textStyle="sm" color="fg.muted">
            {t('log.updating')}
          </Text>
        ) : null}
      </HStack>
      <LogFiltersCard filters={filters} onChange={setFilters} />
      {stale ? (
        <OnlineOnlyNote title={t(state === 'offline' ? 'log.staleOffline' : 'log.staleFailed', { time: formatDateTime(log.fetchedAt) })} testId="log-stale">
          <Stack gap="2" as="span" display="flex">
            {!matches ? <span>{t('log.readFor', { filters: describeLogFilters(log.data.filters) })}</span> : null}
            <HStack as="span" gap="2" flexWrap="wrap">
              {!matches ? (
                <Button size="sm" variant="outline" colorPalette="primary" bg="bg" onClick={() => setFilters(log.data.filters)}>
                  {t('log.useThoseFilters')}
                </Button>
              ) : null}
              {state === 'failed' ? (
                <Button size="sm" variant="outline" colorPalette="primary" bg="bg" onClick={retry}>
                  {t('common.tryAgain')}
                </Button>
              ) : null}
            </HStack>
          </Stack>
        </OnlineOnlyNote>
      ) : null}
      <ExportLogButton filters={filters} online={online} />
      <DeliveryStatsCard snapshot={stats?.data ?? null} />
      <Heading as="h3" fontSize="h2" px="1">
        {t('log.deliveries')}
      </Heading>
      {waitingForAnswer ? <Loading label={t('log.reading')} /> : null}
      {!waitingForAnswer && log ? <DeliveryLogList key={`${log.fetchedAt}:${filtersKey}`} log={log.data.log} /> : null}
      {!waitingForAnswer && !log ? <NoLogYet state={state} retry={retry} /> : null}
    </Stack>
  );
}

/** Nothing read on this phone yet: offline it says the log needs a connection once; a failure offers a retry. */
function NoLogYet({ state, retry }: { state: ReturnType<typeof useDeliveryLogRead>['state']; retry: () => void }) {
  return (
    <EmptyState.Root data-testid="log-none">
      <EmptyState.Content>
        <EmptyState.Title>{state === 'failed' ? t('log.failedTitle') : t('log.noneTitle')}</EmptyState.Title>
        <EmptyState.Description>{state === 'failed' ? t('log.failedText') : t('log.noneText')}</EmptyState.Description>
        {state === 'failed' ? (
          <Button colorPalette="primary" onClick={retry}>
            {t('common.tryAgain')}
          </Button>
        ) : (
          <Button asChild colorPalette="primary">
            <Link to="/">{t('common.backToOrders')}</Link>
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
