import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { CACHE_KEYS } from '../../db/cache';
import { isErrorCode, PAYMENTS_V2_FLAG, type CompanyContact, type FeatureFlagsSnapshot } from '../../domain';
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
import { useDriverName } from '../hooks/useDriverName';
import { useActiveOutbox } from '../hooks/useOrders';
import { useStorageInfo } from '../hooks/useStorageInfo';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { registerTexts, t } from '../i18n';
import { errorText } from '../i18n/domainText';
import { nav } from '../i18n/en/nav';
import { support } from '../i18n/en/screens';

registerTexts('support', support);
registerTexts('nav', nav);

/**
 * /tech-support (SPEC §2): how to reach the office (the company's phone and email from the
 * company-contact snapshot, tappable) and a sync diagnostic the driver can read to the office
 * over the phone. Everything here is on the phone, so it works offline.
 */
export default function TechSupport() {
  const session = useSession();
  const driverName = useDriverName();
  const contact = useCached<CompanyContact>(CACHE_KEYS.companyContact);
  const flags = useCached<FeatureFlagsSnapshot>(CACHE_KEYS.featureFlags);
  const paymentsV2 = flags?.data.flags[PAYMENTS_V2_FLAG];
  const entries = useActiveOutbox();
  const status = useSyncStatus();
  // Read again after every sync: sending work and pulling change what is stored.
  const storage = useStorageInfo(status.lastSyncAt);

  if (contact === undefined || entries === undefined) return <Loading />;
  const attention = entries.filter((e) => e.status === 'needs_attention').length;
  const waiting = entries.length - attention;
  const failures = status.fetchFailures.map((f) => (isErrorCode(f.code) ? errorText(f.code) : f.code));

  return (
    <Stack gap="3">
      <Flex align="center" justify="space-between" gap="2" wrap="wrap">
        <Heading as="h2" fontSize="h1">
          {t('support.title')}
        </Heading>
        <EnvironmentBadge />
      </Flex>
      <SectionCard title={t('support.contactTitle')} testId="support-contact">
        {contact === null ? (
          <Text color="fg.muted">{t('support.contactLater')}</Text>
        ) : (
          <Stack gap="3">
            <Text fontWeight="semibold">{contact.data.name}</Text>
            {contact.data.phone ? (
              <Button asChild colorPalette="primary" size="lg">
                <a href={telHref(contact.data.phone)} data-testid="support-phone">
                  {t('support.call', { phone: contact.data.phone })}
                </a>
              </Button>
            ) : (
              <Text color="fg.muted">{t('support.noPhone')}</Text>
            )}
            {contact.data.email ? (
              <Button asChild colorPalette="primary" variant="outline" size="lg" overflowWrap="anywhere" whiteSpace="normal" h="auto" minH="12" py="2">
                <a href={`mailto:${contact.data.email}`} data-testid="support-email">
                  {t('support.email', { email: contact.data.email })}
                </a>
              </Button>
            ) : (
              <Text color="fg.muted">{t('support.noEmail')}</Text>
            )}
            {contact.data.address ? <Text color="fg.muted">{contact.data.address}</Text> : null}
          </Stack>
        )}
      </SectionCard>
      <SectionCard title={t('support.readThis')} testId="support-diagnostic">
        <DetailList
          items={[
            { label: t('support.appVersion'), value: APP_VERSION },
            {
              label: t('support.driver'),
              value: t('support.driverValue', { name: driverName, account: session.claims.account_id, company: session.claims.company_id }),
            },
            { label: t('support.connection'), value: status.online ? t('common.appBar.online') : t('common.appBar.offline') },
            { label: t('support.waitingToSend'), value: countText(waiting) },
            { label: t('support.needsAttention'), value: countText(attention) },
            { label: t('support.lastSync'), value: status.lastSyncAt ? formatDateTime(status.lastSyncAt) : t('support.never') },
            { label: t('support.storageUsed'), value: storage === undefined ? t('support.checking') : storageUsedText(storage) },
            { label: t('support.storageKept'), value: storage === undefined ? t('support.checking') : persistedText(storage) },
            ...(paymentsV2 === undefined
              ? []
              : [
                  {
                    label: t('support.paymentsV2'),
                    value: t(paymentsV2 ? 'support.flagOn' : 'support.flagOff', { environment: flags?.data.environment ?? '' }),
                  },
                ]),
            ...(status.authPaused ? [{ label: t('support.signIn'), value: t('support.signInNeeded') }] : []),
            ...(status.clientTooOld ? [{ label: t('support.appVersion'), value: t('support.outOfDate') }] : []),
            ...(failures.length > 0 ? [{ label: t('support.failingReads'), value: failures.join('; ') }] : []),
          ]}
        />
        <Button mt="4" colorPalette="primary" variant="outline" onClick={() => void getSyncClient().syncNow('driver')}>
          {t('nav.syncNow')}
        </Button>
      </SectionCard>
    </Stack>
  );
}
