import { chakra, HStack, Stack, Text } from '@chakra-ui/react';
import type { DeliveryStatsSnapshot, PeriodStats } from '../../../domain';
import { SectionCard } from '../SectionCard';

const miles = (n: number): string => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi`;
const deliveries = (n: number): string => (n === 1 ? '1 delivery' : `${n} deliveries`);

function Period({ label, stats }: { label: string; stats: PeriodStats }) {
  return (
    <Stack gap="0" flex="1" minW="0" data-testid="log-period">
      <Text textStyle="sm" color="fg.muted">{label}</Text>
      <Text fontWeight="semibold">{deliveries(stats.deliveries)}</Text>
      <Text>{miles(stats.miles)}</Text>
    </Stack>
  );
}

/** Delivery stats (week, month, year) and the undelivered orders by SPEC §4 category code. */
export function DeliveryStatsCard({ snapshot }: { snapshot: DeliveryStatsSnapshot | null }) {
  if (!snapshot) {
    return (
      <SectionCard title="Stats" testId="log-stats">
        <Text color="fg.muted">Stats appear after the log is read online once.</Text>
      </SectionCard>
    );
  }
  const { stats, undelivered } = snapshot;
  return (
    <SectionCard title="Stats" testId="log-stats">
      <Stack gap="4">
        <HStack gap="3" align="start">
          <Period label="This week" stats={stats.this_week} />
          <Period label="This month" stats={stats.this_month} />
          <Period label="This year" stats={stats.this_year} />
        </HStack>
        <Stack gap="1">
          <Text fontWeight="semibold" data-testid="undelivered-total">
            Undelivered orders: {undelivered.total}
          </Text>
          <chakra.ul listStyleType="none" data-testid="undelivered-categories">
            {undelivered.categories.map((c) => (
              <chakra.li key={c.code} data-code={c.code} py="1" borderBottomWidth="1px" borderColor="border.muted">
                <HStack justify="space-between">
                  <Text>{c.label}</Text>
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
