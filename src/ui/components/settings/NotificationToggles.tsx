import { Badge, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { OutboxDoc } from '../../../db';
import { CACHE_KEYS } from '../../../db/cache';
import type { DriverEmailNotifications, DriverSettings } from '../../../domain';
import { queueKind, withWaitingChanges } from '../../../outbox';
import { announceQueued } from '../../announce';
import { useSession } from '../../hooks/useAuth';
import { useDatabase } from '../../hooks/useDatabase';
import { useWaitingChanges } from '../../hooks/useCached';
import { useSyncStatus } from '../../hooks/useSyncStatus';
import { notify } from '../../toaster';
import { SectionCard } from '../SectionCard';
import { t } from '../../i18n';
import { errorText } from '../../i18n/domainText';

type Flag = keyof DriverEmailNotifications;

/** SPEC §3's three email-notification flags, in the words a driver reads. */
const FLAGS = [
  { key: 'email_notifications_new_order_assigned', label: 'settings.newOrderAssigned', hint: 'settings.newOrderAssignedHint' },
  { key: 'email_notifications_order_reassigned', label: 'settings.orderReassigned', hint: 'settings.orderReassignedHint' },
  { key: 'email_notifications_order_finished_at_shop', label: 'settings.orderFinished', hint: 'settings.orderFinishedHint' },
] as const satisfies readonly { key: Flag; label: string; hint: string }[];

const flagsOf = (s: DriverEmailNotifications): DriverEmailNotifications => ({
  email_notifications_new_order_assigned: s.email_notifications_new_order_assigned,
  email_notifications_order_reassigned: s.email_notifications_order_reassigned,
  email_notifications_order_finished_at_shop: s.email_notifications_order_finished_at_shop,
});

/**
 * The toggles queue a change at once, online or not (the outbox kind
 * update_driver_email_notifications, all three flags). They show the stored settings with the
 * driver's changes still waiting to be sent laid over them, marked as waiting; a change the
 * server refused shows the stored flags again (its entry is in the outbox drawer).
 */
export function NotificationToggles({ settings }: { settings: DriverSettings }) {
  const db = useDatabase();
  const session = useSession();
  const { online } = useSyncStatus();
  const waiting = useWaitingChanges(CACHE_KEYS.settings);
  // A flip just pressed, shown until the outbox list it was pressed on changes (its entry shows up).
  const [pressed, setPressed] = useState<{ flags: DriverEmailNotifications; on: OutboxDoc[] | undefined } | null>(null);
  const inserting = pressed !== null && pressed.on === waiting;
  const shown = inserting ? pressed.flags : flagsOf(withWaitingChanges(settings, waiting ?? []));

  const toggle = async (key: Flag, checked: boolean): Promise<void> => {
    const next = { ...shown, [key]: checked };
    setPressed({ flags: next, on: waiting });
    try {
      const result = await queueKind(db, session, 'update_driver_email_notifications', { payload: next, name: t('settings.notificationsTitle') });
      if (!result.ok) throw new Error(result.message);
      announceQueued(
        db,
        result.entryId,
        {
          progress: t('settings.updating'),
          success: t('settings.updated'),
          failure: errorText('FailedToSaveDriverNotificationSettings'),
        },
        online,
      );
    } catch (error) {
      setPressed(null);
      notify(error instanceof Error ? error.message : errorText('FailedToSaveDriverNotificationSettings'), 'error');
    }
  };

  return (
    <SectionCard title={t('settings.notificationsTitle')} testId="settings-notifications">
      <Stack gap="3">
        {FLAGS.map((flag) => (
          <Switch.Root
            key={flag.key}
            checked={shown[flag.key]}
            // Read before the first change (else one waiting could be overlooked), and one at a time.
            disabled={waiting === undefined || inserting}
            onCheckedChange={(e) => void toggle(flag.key, e.checked)}
            display="flex"
            justifyContent="space-between"
            alignItems="center"
            gap="3"
            minH="12"
            w="full"
            colorPalette="primary"
            size="lg"
            data-flag={flag.key}
          >
            <Switch.HiddenInput />
            <Stack gap="0" flex="1">
              <Switch.Label fontSize="md" fontWeight="semibold" _disabled={{ opacity: 1 }}>
                {t(flag.label)}
              </Switch.Label>
              <Text textStyle="sm" color="fg.muted">
                {t(flag.hint)}
              </Text>
            </Stack>
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
          </Switch.Root>
        ))}
        {waiting?.length ? (
          <Badge colorPalette="orange" variant="subtle" alignSelf="start" whiteSpace="normal" data-testid="notifications-waiting" role="status">
            {t('settings.waitingToSend')}
          </Badge>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
