import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { CACHE_KEYS } from '../../db';
import { ERROR_TEXT, isErrorCode, type CompanyContact } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { APP_VERSION } from '../appVersion';
import { DetailList } from '../components/DetailList';
import { EnvironmentBadge } from '../components/EnvironmentBadge';
import { Loading } from '../components/Loading';
import { SectionCard } from '../components/SectionCard';
import { telHref } from '../customerText';
import { countText, persistedText, storageUsedText } from '../diagnostics';
import { formatDateTime } from '../format';
import { useSession } from '../hooks/useAuth';
import { useCached } from '../hooks/useCached';
import { useActiveOutbox } from '../hooks/useOrders';
import { useStorageInfo } from '../hooks/useStorageInfo';
import { useSyncStatus } from '../hooks/useSyncStatus';

/**
 * /tech-support (SPEC §2): how to reach the office (the company's phone and email from the
 * company-contact snapshot, tappable) and a sync diagnostic the driver can read to the office
 * over the phone. Everything here is on the phone, so it works offline.
 */
export default function TechSupport() {
  const session = useSession();
  const contact = useCached<CompanyContact>(CACHE_KEYS.companyContact);
  const entries = useActiveOutbox();
  const status = useSyncStatus();
  // Read again after every sync: sending work and pulling change what is stored.
  const storage = useStorageInfo(status.lastSyncAt);

  if (contact === undefined || entries === undefined) return <Loading label="Loading…" />;
  const attention = entries.filter((e) => e.status === 'needs_attention').length;
  const waiting = entries.length - attention;
  const failures = status.fetchFailures.map((f) => (isErrorCode(f.code) ? ERROR_TEXT[f.code] : f.code));

  return (
    <Stack gap="3">
      <Flex align="center" justify="space-between" gap="2" wrap="wrap">
        <Heading as="h2" fontSize="h1">
          Tech support
        </Heading>
        <EnvironmentBadge />
      </Flex>
      <SectionCard title="Call or email the office" testId="support-contact">
        {contact === null ? (
          <Text color="fg.muted">The office&apos;s phone and email arrive with the first sync while online.</Text>
        ) : (
          <Stack gap="3">
            <Text fontWeight="semibold">{contact.data.name}</Text>
            {contact.data.phone ? (
              <Button asChild colorPalette="primary" size="lg">
                <a href={telHref(contact.data.phone)} data-testid="support-phone">
                  Call {contact.data.phone}
                </a>
              </Button>
            ) : (
              <Text color="fg.muted">No phone number on file.</Text>
            )}
            {contact.data.email ? (
              <Button asChild colorPalette="primary" variant="outline" size="lg" overflowWrap="anywhere" whiteSpace="normal" h="auto" minH="12" py="2">
                <a href={`mailto:${contact.data.email}`} data-testid="support-email">
                  Email {contact.data.email}
                </a>
              </Button>
            ) : (
              <Text color="fg.muted">No email address on file.</Text>
            )}
            {contact.data.address ? <Text color="fg.muted">{contact.data.address}</Text> : null}
          </Stack>
        )}
      </SectionCard>
      <SectionCard title="Read this to the office" testId="support-diagnostic">
        <DetailList
          items={[
            { label: 'App version', value: APP_VERSION },
            { label: 'Driver', value: `${session.claims.name} (account ${session.claims.account_id}, company ${session.claims.company_id})` },
            { label: 'Connection', value: status.online ? 'Online' : 'Offline' },
            { label: 'Waiting to send', value: countText(waiting, 'action', 'actions') },
            { label: 'Needs attention', value: countText(attention, 'action', 'actions') },
            { label: 'Last successful sync', value: status.lastSyncAt ? formatDateTime(status.lastSyncAt) : 'Never on this phone' },
            { label: 'Storage used', value: storage === undefined ? 'Checking…' : storageUsedText(storage) },
            { label: 'Storage kept', value: storage === undefined ? 'Checking…' : persistedText(storage) },
            ...(status.authPaused ? [{ label: 'Sign-in', value: 'Needed before anything is sent' }] : []),
            ...(status.clientTooOld ? [{ label: 'App version', value: 'Out of date: update the app before anything is sent' }] : []),
            ...(failures.length > 0 ? [{ label: 'Failing reads', value: failures.join('; ') }] : []),
          ]}
        />
        <Button mt="4" colorPalette="primary" variant="outline" onClick={() => void getSyncClient().syncNow()}>
          Sync now
        </Button>
      </SectionCard>
    </Stack>
  );
}
