import { chakra, HStack, Stack, Text } from '@chakra-ui/react';
import type { DeliveryStatsSnapshot, PeriodStats } from '../../../domain';
import { SectionCard } from '../SectionCard';
import { formatNumber } from '../../format';
import { t } from '../../i18n';
import { domainText } from '../../i18n/domainText';

const miles = (n: number): string => t('log.miles', { miles: formatNumber(n, 1) });
const deliveries = (n: number): string => t('log.count', { count: n });

function Period({ label, stats }: { label: string; stats: PeriodStats }) {
  return (
    <Stack gap="0" flex="1" minW="0" data-testid="log-period">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold">{deliveries(stats.deliveries)}</Text>
      <Text>{miles(stats.miles)}</Text>
    </Stack>
  );
}

/** Delivery stats (week, month, year) and the undelivered orders by SPEC §4 category code. */
export function DeliveryStatsCard({ snapshot }: { snapshot: DeliveryStatsSnapshot | null }) {
  if (!snapshot) {
    return (
      <SectionCard title={t('log.stats')} testId="log-stats">
        <Text color="fg.muted">{t('log.statsLater')}</Text>
      </SectionCard>
    );
  }
  const { stats, undelivered } = snapshot;
  return (
    <SectionCard title={t('log.stats')} testId="log-stats">
      <Stack gap="4">
        <HStack gap="3" align="start">
          <Period label={t('log.thisWeek')} stats={stats.this_week} />
          <Period label={t('log.thisMonth')} stats={stats.this_month} />
          <Period label={t('log.thisYear')} stats={stats.this_year} />
        </HStack>
        <Stack gap="1">
          <Text fontWeight="semibold" data-testid="undelivered-total">
            {t('log.undelivered', { count: undelivered.total })}
          </Text>
          <chakra.ul listStyleType="none" data-testid="undelivered-categories">
            {undelivered.categories.map((c) => (
              <chakra.li key={c.code} data-code={c.code} py="1" borderBottomWidth="1px" borderColor="border.muted">
                <HStack justify="space-between">
                  <Text>{domainText(`categories.${c.key}`, c.label)}</Text>
                  <Text fontWeight="semibold">{c.count}</Text>
                </HStack>
              </chakra.li>
            ))}
          </chakra.ul>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
