import { Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { updateApp } from '../appUpdate';
import { t } from '../i18n';

/**
 * Persistent while the sync status says clientTooOld (the outbox is paused, nothing is lost):
 * under the app bar, with "Update app", which loads the newest build (appUpdate.ts).
 * Black on yellow.200 is over 15:1.
 */
export function ClientTooOldBanner() {
  const [updating, setUpdating] = useState(false);
  return (
    <Flex
      role="alert"
      data-testid="client-too-old"
      bg="yellow.200"
      color="black"
      px="3"
      py="2"
      gap="3"
      align="center"
      justify="space-between"
      maxW="3xl"
      mx="auto"
    >
      <Text fontSize="md" fontWeight="medium">
        {t('common.clientTooOld.text')}
      </Text>
      <Button
        size="sm"
        flexShrink={0}
        colorPalette="gray"
        variant="solid"
        loading={updating}
        onClick={() => {
          setUpdating(true);
          void updateApp().finally(() => setUpdating(false));
        }}
        data-testid="update-app"
      >
        {t('common.clientTooOld.update')}
      </Button>
    </Flex>
  );
}
