import { Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { DriverEmailNotifications, DriverSettings } from '../../../domain';
import { getSyncClient } from '../../../workers/client';
import { dismissNotice, notify } from '../../toaster';

import { OnlineOnlyNote } from '../OnlineOnlyNote';
import { SectionCard } from '../SectionCard';
import { t } from '../../i18n';
import { knownText } from '../../i18n/domainText';

type Flag = keyof DriverEmailNotifications;

/** SPEC §3's three email-notification flags, in the words a driver reads. */
const FLAGS = [
  { key: 'email_notifications_new_order_assigned', label: 'settings.newOrderAssigned', hint: 'settings.newOrderAssignedHint' },
  { key: 'email_notifications_order_reassigned', label: 'settings.orderReassigned', hint: 'settings.orderReassignedHint' },
  { key: 'email_notifications_order_finished_at_shop', label: 'settings.orderFinished', hint: 'settings.orderFinishedHint' },
] as const satisfies readonly { key: Flag; label: string; hint: string }[];

const flagsOf = (s: DriverSettings): DriverEmailNotifications => ({
  email_notifications_new_order_assigned: s.email_notifications_new_order_assigned,
  email_notifications_order_reassigned: s.email_notifications_order_reassigned,
  email_notifications_order_finished_at_shop: s.email_notifications_order_finished_at_shop,
});

/**
 * The toggles save at once, online (update_driver_email_notifications, all three flags). While
 * a save runs the switch shows the new value; refused, it shows the stored one again.
 */
export function NotificationToggles({ settings, online }: { settings: DriverSettings; online: boolean }) {
  const [pending, setPending] = useState<DriverEmailNotifications | null>(null);
  const shown = pending ?? flagsOf(settings);

  const toggle = async (key: Flag, checked: boolean): Promise<void> => {
    const next = { ...shown, [key]: checked };
    setPending(next);
    const progress = t('settings.updating');
    notify(progress, 'info');
    try {
      const outcome = await getSyncClient().saveNotificationSettings(next);
      dismissNotice(progress, 'info');
      if (outcome.ok) notify(t('settings.updated'), 'success');
      else notify(outcome.offline ? t('settings.needsConnection') : knownText(outcome.message), 'error');
    } finally {
      setPending(null);
    }
  };

  return (
    <SectionCard title={t('settings.notificationsTitle')} testId="settings-notifications">
      <Stack gap="3">
        {FLAGS.map((flag) => (
          <Switch.Root
            key={flag.key}
            checked={shown[flag.key]}
            disabled={!online || pending !== null}
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
              {/* Readable while it waits for a connection (the note below says why it cannot change). */}
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
        {!online ? (
          <OnlineOnlyNote title={t('settings.needsConnectionTitle')} testId="notifications-offline">
            {t('settings.lastRead')}
          </OnlineOnlyNote>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
