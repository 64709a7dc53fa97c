import { Link } from 'react-router';
import { useNotifications } from '../hooks/useNotifications';
import { buttonClass } from '../plain/controls';
import { NavIcon } from './NavIcon';
import { t } from '../i18n';

/** The accessible name says the count, so a screen reader hears what the badge shows. */
export function notificationsLabel(unread: number): string {
  if (unread === 0) return t('common.appBar.notificationsNone');
  return t('common.appBar.notificationsUnread', { count: unread });
}

/**
 * The app bar's bell: how many notifications are not dismissed (here or on the server), a
 * 48x48 link to /notifications (growing with the text size, as its count does). The count is a white pill with dark red text on the brand bar
 * (red.800 on white 8.6:1); none shows no pill.
 */
export function NotificationsButton() {
  const view = useNotifications();
  const unread = view?.tabs.active.length ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={notificationsLabel(unread)}
      className={buttonClass({ variant: 'ghost', onBrand: true, className: 'notifications-button' })}
      data-testid="notifications-button"
      data-unread={unread}
    >
      <NavIcon name="notifications" />
      {unread > 0 ? (
        <span aria-hidden="true" className="notifications-button__count" data-testid="notifications-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
