import { Button, Field, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { LOG_ORDER_TYPES, sameLogFilters, NO_LOG_FILTERS, toggleLogOrderType, type LogFilters } from '../../../domain';
import { SectionCard } from '../SectionCard';
import { t } from '../../i18n';

interface Props {
  filters: LogFilters;
  onChange: (next: LogFilters) => void;
}

/** The log's filters (SPEC §2): two days and the order-type chips; every change goes to the address. */
export function LogFiltersCard({ filters, onChange }: Props) {
  return (
    <SectionCard title={t('log.filters')} testId="log-filters">
      <Stack gap="3">
        <SimpleGrid columns={2} gap="3">
          <Field.Root>
            <Field.Label>{t('log.from')}</Field.Label>
            <Input
              type="date"
              bg="bg"
              value={filters.startDate ?? ''}
              max={filters.endDate ?? undefined}
              onChange={(e) => onChange({ ...filters, startDate: e.target.value || null })}
              data-testid="log-start-date"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('log.to')}</Field.Label>
            <Input
              type="date"
              bg="bg"
              value={filters.endDate ?? ''}
              min={filters.startDate ?? undefined}
              onChange={(e) => onChange({ ...filters, endDate: e.target.value || null })}
              data-testid="log-end-date"
            />
          </Field.Root>
        </SimpleGrid>
        <HStack role="group" aria-label={t('log.orderTypes')} gap="2" flexWrap="wrap">
          {LOG_ORDER_TYPES.map((type) => {
            const on = filters.orderTypes.includes(type);
            return (
              <Button
                key={type}
                data-order-type={type}
                aria-pressed={on}
                size="sm"
                rounded="full"
                colorPalette="primary"
                variant={on ? 'solid' : 'outline'}
                bg={on ? undefined : 'bg'}
                onClick={() => onChange(toggleLogOrderType(filters, type))}
              >
                {on ? <span aria-hidden="true">✓</span> : null}
                {t(`log.type-${type}`)}
              </Button>
            );
          })}
        </HStack>
        {!sameLogFilters(filters, NO_LOG_FILTERS) ? (
          <Button variant="outline" colorPalette="primary" alignSelf="start" onClick={() => onChange(NO_LOG_FILTERS)}>
            {t('log.clearFilters')}
          </Button>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
