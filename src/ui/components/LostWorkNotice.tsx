import { Alert, Box, Button, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { LostWorkNote } from '../../db';
import { closeLostWorkNote } from '../../db/deviceReport';
import { lostCount, parseOrderKey, type LostWork } from '../../domain';
import { formatDateTime } from '../format';
import { useDatabase } from '../hooks/useDatabase';
import { registerTexts, t } from '../i18n';
import { lostWork } from '../i18n/en/lostWork';
import { kindText } from '../i18n/kindText';

registerTexts('lostWork', lostWork);

/** How the driver named the order when the action was taken, else its number on the phone. */
function orderText(entry: LostWork['entries'][number]): string {
  if (entry.display) return entry.display;
  const ref = entry.order_key ? parseOrderKey(entry.order_key) : null;
  return ref ? t('lostWork.orderId', { id: ref.id }) : t('lostWork.noOrder');
}

/**
 * Issue 24 item 7: what a phone of this driver held unsent when the browser cleared it, by action
 * and order, and what to do. Shown above every screen until the driver closes it; a lazy chunk,
 * loaded only when there is such a notice (components/LostWorkGate.tsx).
 */
export function LostWorkNotice({ note }: { note: LostWorkNote }) {
  const db = useDatabase();
  const [closing, setClosing] = useState(false);
  const close = async (): Promise<void> => {
    setClosing(true);
    await closeLostWorkNote(db, note);
  };
  return (
    <Box as="section" aria-labelledby="lost-work-title" maxW="3xl" mx="auto" px="3" pt="3" data-testid="lost-work">
      <Alert.Root status="error" alignItems="flex-start">
        <Alert.Indicator />
        <Alert.Content>
          <Stack gap="2">
            <Alert.Title id="lost-work-title" fontSize="md" fontWeight="bold">
              {t('lostWork.title', { count: lostCount(note) })}
            </Alert.Title>
            <Text fontSize="md">{t('lostWork.why', { when: formatDateTime(note.reported_at) })}</Text>
            <List.Root as="ul" listStyleType="disc" ps="5" gap="1" fontSize="md" data-testid="lost-work-entries">
              {note.entries.map((entry) => (
                <List.Item key={entry.id}>{t('lostWork.entry', { action: kindText(entry.kind), order: orderText(entry) })}</List.Item>
              ))}
              {note.unlisted > 0 ? <List.Item>{t('lostWork.unlisted', { count: note.unlisted })}</List.Item> : null}
            </List.Root>
            <Text fontSize="md" fontWeight="bold">
              {note.office_notified ? t('lostWork.officeTold') : t('lostWork.tellOffice')}
            </Text>
            <Text fontSize="md">{t('lostWork.redo')}</Text>
            <Box>
              <Button size="lg" colorPalette="primary" variant="solid" loading={closing} onClick={() => void close()} data-testid="lost-work-close">
                {t('lostWork.close')}
              </Button>
            </Box>
          </Stack>
        </Alert.Content>
      </Alert.Root>
    </Box>
  );
}
