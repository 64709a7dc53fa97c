import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { t } from '../i18n';

/** Shown while PWADB opens or a lazy screen loads; never while waiting on the network. */
export function Loading({ label, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Center minH={fullScreen ? '100dvh' : '40dvh'} role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="primary.solid" borderWidth="3px" />
        <Text color="fg.muted" fontSize="md">
          {label ?? t('common.loading')}
        </Text>
      </VStack>
    </Center>
  );
}
