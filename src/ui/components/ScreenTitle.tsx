import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../format';
import { t } from '../i18n';

/**
 * A list screen's title with its count and how fresh the data is ("Updated 11/23/2026 20:49",
 * or "Not synced yet"), one header for every list the driver reads offline.
 */
export function ScreenTitle({
  title,
  count,
  countTestId,
  updatedAt,
}: {
  title: string;
  count: string;
  countTestId: string;
  updatedAt: string | null | undefined;
}) {
  return (
    <Stack gap="0">
      <Heading as="h2" fontSize="h1">
        {title}
      </Heading>
      <HStack justify="space-between" textStyle="xs" color="fg.muted" flexWrap="wrap" columnGap="3">
        <Text data-testid={countTestId}>{count}</Text>
        <Text>{updatedAt ? t('home.updated', { time: formatDateTime(updatedAt) }) : t('common.notSyncedYet')}</Text>
      </HStack>
    </Stack>
  );
}
