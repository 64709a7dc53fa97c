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

/**
 * /settings (SPEC §2, §3): the driver's profile and the three email-notification flags, from
 * the `settings` snapshot (read again from the office each time it opens online, so it also
 * opens offline). Editing is /settings/edit; the flags save at once, online.
 */
export default function Settings() {
  const { online } = useSyncStatus();
  const { settings, failed, retry } = useDriverSettings(online);
  const draft = useSettingsDraft();
  if (settings === undefined || draft === undefined) return <Loading label="Loading your settings…" />;
  if (settings === null) {
    if (online && !failed) return <Loading label="Reading your settings from the office…" />;
    return (
      <EmptyState.Root data-testid="settings-none">
        <EmptyState.Content>
          <EmptyState.Title>{online ? 'Your settings could not be read' : 'Settings are not on this phone yet'}</EmptyState.Title>
          <EmptyState.Description>
            {online
              ? 'The office server did not answer properly. Try again in a moment.'
              : 'Your profile is read from the office while online. Open Settings once with a connection and it stays readable offline.'}
          </EmptyState.Description>
          {online ? (
            <Button colorPalette="primary" onClick={retry}>Try again</Button>
          ) : (
            <Button asChild colorPalette="primary"><Link to="/">Back to orders</Link></Button>
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const s = settings.data;
  const name = `${s.first_name} ${s.last_name}`;
  return (
    <Stack gap="3">
      <Heading as="h2" fontSize="h1">Settings</Heading>
      {!online ? (
        <OnlineOnlyNote title={`Offline, showing your settings from ${formatDateTime(settings.fetchedAt)}`} testId="settings-offline" />
      ) : null}
      <SectionCard title="Profile" testId="settings-profile">
        <Stack gap="4">
          <HStack gap="4">
            <ProfilePicture guid={s.profile_image_attributes?.guid ?? null} name={name} />
            <Stack gap="0" minW="0">
              <Text fontSize="lg" fontWeight="semibold" overflowWrap="anywhere" data-testid="settings-name">{name}</Text>
              <Text color="fg.muted" overflowWrap="anywhere">{s.email}</Text>
            </Stack>
          </HStack>
          <DetailList
            items={[
              { label: 'First name', value: s.first_name },
              { label: 'Last name', value: s.last_name },
              { label: 'Phone', value: s.phone_number },
              { label: 'Email', value: s.email },
            ]}
          />
          {draft ? (
            <Badge colorPalette="orange" variant="subtle" alignSelf="start" data-testid="settings-unsaved">
              Unsaved changes kept on this phone
            </Badge>
          ) : null}
          <Button asChild colorPalette="primary" size="lg">
            <Link to="/settings/edit">{draft ? 'Continue editing' : 'Edit profile'}</Link>
          </Button>
        </Stack>
      </SectionCard>
      <NotificationToggles settings={s} online={online} />
    </Stack>
  );
}
