import { Badge, Button, EmptyState, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { DetailList } from '../components/DetailList';
import { Loading } from '../components/Loading';
import { OnlineOnlyNote } from '../components/OnlineOnlyNote';
import { SectionCard } from '../components/SectionCard';
import { NotificationToggles } from '../components/settings/NotificationToggles';
import { ProfilePicture } from '../components/settings/ProfilePicture';
import { formatDateTime } from '../format';
import { useDriverSettings, useSettingsDraft } from '../hooks/useSettings';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { LanguageChoice } from '../components/settings/LanguageChoice';
import { registerTexts, t } from '../i18n';
import { settings as settingsTexts } from '../i18n/en/screens';

registerTexts('settings', settingsTexts);

/**
 * /settings (SPEC §2, §3): the driver's profile and the three email-notification flags, from
 * the `settings` snapshot (read again from the office each time it opens online, so it also
 * opens offline). Editing is /settings/edit (online); the flags are queued at once, online or
 * not, like every other driver action.
 */
export default function Settings() {
  const { online } = useSyncStatus();
  const { settings, failed, retry } = useDriverSettings(online);
  const draft = useSettingsDraft();
  if (settings === undefined || draft === undefined) return <Loading label={t('settings.loading')} />;
  if (settings === null) {
    if (online && !failed) return <Loading label={t('settings.reading')} />;
    return (
      <Stack gap="3">
        <EmptyState.Root data-testid="settings-none">
          <EmptyState.Content>
            <EmptyState.Title>{online ? t('settings.unreadableTitle') : t('settings.notHereTitle')}</EmptyState.Title>
            <EmptyState.Description>{online ? t('settings.unreadableText') : t('settings.notHereText')}</EmptyState.Description>
            {online ? (
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
        <LanguageChoice />
      </Stack>
    );
  }
  const s = settings.data;
  const name = `${s.first_name} ${s.last_name}`;
  return (
    <Stack gap="3">
      <Heading as="h2" fontSize="h1">
        {t('settings.title')}
      </Heading>
      {!online ? <OnlineOnlyNote title={t('settings.offlineFrom', { time: formatDateTime(settings.fetchedAt) })} testId="settings-offline" /> : null}
      <SectionCard title={t('settings.profile')} testId="settings-profile">
        <Stack gap="4">
          <HStack gap="4" flexWrap="wrap">
            <ProfilePicture guid={s.profile_image_attributes?.guid ?? null} name={name} />
            <Stack gap="0" minW="0" flex="1 1 10rem">
              <Text fontSize="lg" fontWeight="semibold" overflowWrap="anywhere" data-testid="settings-name">
                {name}
              </Text>
              <Text color="fg.muted" overflowWrap="anywhere">
                {s.email}
              </Text>
            </Stack>
          </HStack>
          <DetailList
            items={[
              { label: t('settings.firstName'), value: s.first_name },
              { label: t('settings.lastName'), value: s.last_name },
              { label: t('settings.phone'), value: s.phone_number },
              { label: t('settings.email'), value: s.email },
            ]}
          />
          {draft ? (
            <Badge colorPalette="orange" variant="subtle" alignSelf="start" data-testid="settings-unsaved">
              {t('settings.unsaved')}
            </Badge>
          ) : null}
          <Button asChild colorPalette="primary" size="lg">
            <Link to="/settings/edit">{draft ? t('settings.continueEditing') : t('settings.editProfile')}</Link>
          </Button>
        </Stack>
      </SectionCard>
      <NotificationToggles settings={s} />
      <LanguageChoice />
    </Stack>
  );
}
