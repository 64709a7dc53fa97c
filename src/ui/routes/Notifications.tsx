import { Button, chakra, EmptyState, HStack, Stack, Text } from '@chakra-ui/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { NOTIFICATION_TABS, newestId, parseTabIndex, type DriverNotification, type NotificationTabIndex } from '../../domain';
import { kindDef, queueDismissAll, queueDismissNotification, type ActionResult } from '../../outbox';
import { announceQueued } from '../announce';
import { Loading } from '../components/Loading';
import { ScreenTitle } from '../components/ScreenTitle';
import { NotificationCard } from '../components/NotificationCard';
import { OutboxEntryCard } from '../components/OutboxEntryCard';
import { useSession } from '../hooks/useAuth';
import { useDatabase } from '../hooks/useDatabase';
import { useNotifications } from '../hooks/useNotifications';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { notify } from '../toaster';
import { registerTexts, t } from '../i18n';
import { errorText } from '../i18n/domainText';
import { notifications } from '../i18n/en/screens';

registerTexts('notifications', notifications);
const TAB_LABEL = { [NOTIFICATION_TABS.active]: 'notifications.tabNew', [NOTIFICATION_TABS.dismissed]: 'notifications.tabDismissed' } as const;
const TABS: readonly NotificationTabIndex[] = [NOTIFICATION_TABS.active, NOTIFICATION_TABS.dismissed];

/**
 * /notifications?tabIndex=0|1 (SPEC §2): what the office sent, from the snapshot the sync
 * worker stores, so it opens offline. Tab 0 lists the new ones with Dismiss and Clear all, tab
 * 1 those dismissed in the last 30 days. Dismissals are queued outbox intents: the card moves
 * to Dismissed at once (marked queued) and is sent once back online; one the server refuses
 * comes back with SPEC §8's text and Retry or Discard.
 */
export default function Notifications() {
  const db = useDatabase();
  const session = useSession();
  const view = useNotifications();
  const status = useSyncStatus();
  const [params, setParams] = useSearchParams();
  const tab = parseTabIndex(params.get('tabIndex'));

  if (!view) return <Loading label={t('notifications.loading')} />;
  const { active, dismissed } = view.tabs;

  const selectTab = (next: NotificationTabIndex): void => {
    // Replaced, like Home's filters: Back leaves the screen instead of replaying tab taps.
    setParams(
      (p) => {
        p.set('tabIndex', String(next));
        return p;
      },
      { replace: true },
    );
  };
  const onTabKey = (event: KeyboardEvent): void => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === NOTIFICATION_TABS.active ? NOTIFICATION_TABS.dismissed : NOTIFICATION_TABS.active;
    selectTab(next);
    document.getElementById(`notifications-tab-${next}`)?.focus();
  };

  const queued = async (queueIt: () => Promise<ActionResult>, failure: string): Promise<void> => {
    try {
      const result = await queueIt();
      if (result.ok) announceQueued(db, result.entryId, { failure }, status.online);
      // The card just left the list: keep the keyboard and screen reader in the panel.
      document.getElementById('notifications-panel')?.focus();
    } catch (e) {
      notify(e instanceof Error ? e.message : errorText('GeneralError'), 'error');
    }
  };
  const dismiss = (n: DriverNotification) => () => void queued(() => queueDismissNotification(db, session, n), errorText('FailedToDismissNotification'));
  const upTo = newestId(active);
  const clearAll = upTo === null ? null : () => void queued(() => queueDismissAll(db, session, upTo), errorText('FailedToClearAllNotifications'));

  return (
    <Stack gap="3">
      <ScreenTitle
        title={t('notifications.title')}
        count={t('notifications.countNew', { count: active.length })}
        countTestId="notifications-count"
        updatedAt={view.fetchedAt}
      />
      {!status.online && view.stored ? (
        <Text color="fg.muted" data-testid="notifications-offline">
          {t('notifications.offline')}
        </Text>
      ) : null}
      {view.refused.map((entry) => {
        const failure = kindDef(entry.kind)?.failure;
        return (
          <Stack key={entry.id} gap="1" data-testid="notification-refused">
            <Text color="fg.error" fontWeight="semibold">
              {errorText(failure ?? 'GeneralError')}
            </Text>
            <OutboxEntryCard entry={entry} />
          </Stack>
        );
      })}
      <HStack role="tablist" aria-label={t('notifications.title')} gap="2" flexWrap="wrap" onKeyDown={onTabKey}>
        {TABS.map((index) => {
          const selected = index === tab;
          const count = index === NOTIFICATION_TABS.active ? active.length : dismissed.length;
          return (
            <Button
              key={index}
              id={`notifications-tab-${index}`}
              role="tab"
              aria-selected={selected}
              aria-controls="notifications-panel"
              tabIndex={selected ? 0 : -1}
              flex="1"
              colorPalette="primary"
              variant={selected ? 'solid' : 'outline'}
              onClick={() => selectTab(index)}
              data-testid={`notifications-tab-${index}`}
            >
              {t(TAB_LABEL[index])} ({count})
            </Button>
          );
        })}
      </HStack>
      <chakra.div
        id="notifications-panel"
        role="tabpanel"
        aria-labelledby={`notifications-tab-${tab}`}
        tabIndex={-1}
        outline="none"
        data-testid="notifications-panel"
        data-tab={tab}
      >
        {!view.stored ? (
          <Empty title={t('notifications.noneYetTitle')} text={t('notifications.noneYetText')} />
        ) : tab === NOTIFICATION_TABS.active ? (
          active.length === 0 ? (
            <Empty title={t('notifications.nothingNewTitle')} text={t('notifications.nothingNewText')} />
          ) : (
            <Stack gap="2">
              {clearAll ? (
                <Button alignSelf="end" colorPalette="primary" variant="outline" onClick={clearAll} data-testid="clear-all-notifications">
                  {t('notifications.clearAll')}
                </Button>
              ) : null}
              <List items={active.map((n) => ({ key: n.id, node: <NotificationCard notification={n} onDismiss={dismiss(n)} /> }))} />
            </Stack>
          )
        ) : dismissed.length === 0 ? (
          <Empty title={t('notifications.nothingDismissedTitle')} text={t('notifications.nothingDismissedText')} />
        ) : (
          <List
            items={dismissed.map((row) => ({ key: row.notification.id, node: <NotificationCard notification={row.notification} queued={row.queued} /> }))}
          />
        )}
      </chakra.div>
    </Stack>
  );
}

function List({ items }: { items: { key: number; node: ReactNode }[] }) {
  return (
    <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="2">
      {items.map((item) => (
        <chakra.li key={item.key}>{item.node}</chakra.li>
      ))}
    </chakra.ul>
  );
}

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState.Root data-testid="notifications-empty">
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        <EmptyState.Description>{text}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
