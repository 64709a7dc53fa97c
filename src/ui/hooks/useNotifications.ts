import { useMemo } from 'react';
import type { OutboxDoc } from '../../db';
import { CACHE_KEYS } from '../../db/cache';
import { notificationTabs, type DriverNotification, type NotificationTabs } from '../../domain';
import { dismissalState, notificationDismissals$, refusedDismissals } from '../../outbox';
import { useSession } from './useAuth';
import { useCached } from './useCached';
import { useDbObservable } from './useDatabase';

export interface NotificationsView {
  /** False until the first pull stored the list on this phone (offline since sign-in). */
  stored: boolean;
  fetchedAt: string | null;
  tabs: NotificationTabs;
  /** Dismissals the server refused, for Retry or Discard. */
  refused: OutboxDoc[];
}

/**
 * The notifications snapshot with this phone's dismissals applied (`notificationTabs`):
 * undefined while PWADB is read. The screen and the app bar's count read the same view.
 */
export function useNotifications(): NotificationsView | undefined {
  const session = useSession();
  const snapshot = useCached<DriverNotification[]>(CACHE_KEYS.notifications);
  const entries = useDbObservable((db) => notificationDismissals$(db, session), [session]);
  return useMemo(() => {
    if (snapshot === undefined || entries === undefined) return undefined;
    return {
      stored: snapshot !== null,
      fetchedAt: snapshot?.fetchedAt ?? null,
      tabs: notificationTabs(snapshot?.data ?? [], dismissalState(entries)),
      refused: refusedDismissals(entries),
    };
  }, [snapshot, entries]);
}
