// What /notifications shows (SPEC §2: tabIndex 0 or 1, default 0) from the stored snapshot
// and the dismissals still on their way to the server. Pure: the screen, the app bar's count
// and the tests share it.
import { NOTIFICATION_TABS, type DriverNotification } from './profile/notifications';

export type NotificationTabIndex = (typeof NOTIFICATION_TABS)[keyof typeof NOTIFICATION_TABS];

/** The address's `tabIndex`: "1" is the dismissed tab; anything else (missing, "2", "x") the active one. */
export function parseTabIndex(raw: string | null | undefined): NotificationTabIndex {
  return raw?.trim() === '1' ? NOTIFICATION_TABS.dismissed : NOTIFICATION_TABS.active;
}

/**
 * Dismissals the stored snapshot may not show yet: single ids, and the highest id a Clear all
 * covers (`Infinity` for one that named no id).
 */
export interface PendingDismissals {
  ids: ReadonlySet<number>;
  upToId: number | null;
}

export const NO_PENDING_DISMISSALS: PendingDismissals = { ids: new Set(), upToId: null };

/** Dismissals still on their way (`waiting`) and those the server took (`sent`) that a pull may not have brought yet. */
export interface DismissalState {
  waiting: PendingDismissals;
  sent: PendingDismissals;
}

export const NO_DISMISSALS: DismissalState = { waiting: NO_PENDING_DISMISSALS, sent: NO_PENDING_DISMISSALS };

function covers(n: DriverNotification, pending: PendingDismissals): boolean {
  return pending.ids.has(n.id) || (pending.upToId !== null && n.id <= pending.upToId);
}

export interface DismissedRow {
  notification: DriverNotification;
  /** Dismissed on this phone; the server does not have it yet. */
  queued: boolean;
}

export interface NotificationTabs {
  active: DriverNotification[];
  dismissed: DismissedRow[];
}

/**
 * Splits the snapshot (newest first, kept) into the two tabs. A notification with a dismissal
 * waiting leaves the active tab at once and shows in the dismissed one as queued; one the
 * server already took shows as dismissed until the next pull says so itself. (The server
 * never un-dismisses, so a sent dismissal is true whatever the snapshot's age.)
 */
export function notificationTabs(list: readonly DriverNotification[], state: DismissalState): NotificationTabs {
  const active: DriverNotification[] = [];
  const dismissed: DismissedRow[] = [];
  for (const n of list) {
    if (n.dismissed || covers(n, state.sent)) dismissed.push({ notification: n, queued: false });
    else if (covers(n, state.waiting)) dismissed.push({ notification: n, queued: true });
    else active.push(n);
  }
  return { active, dismissed };
}

/** The app bar's count: notifications not dismissed, here or on the server. */
export function unreadCount(list: readonly DriverNotification[], state: DismissalState): number {
  return notificationTabs(list, state).active.length;
}

/** The newest id of a list: what "Clear all" covers (the driver saw up to here). */
export function newestId(list: readonly Pick<DriverNotification, 'id'>[]): number | null {
  return list.reduce<number | null>((max, n) => (max === null || n.id > max ? n.id : max), null);
}
