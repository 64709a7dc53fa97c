import { chakra, IconButton } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useNotifications } from '../hooks/useNotifications';
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
    <IconButton
      asChild
      aria-label={notificationsLabel(unread)}
      variant="ghost"
      color="white"
      _hover={{ bg: 'whiteAlpha.300' }}
      size="md"
      position="relative"
      flexShrink={0}
    >
      <Link to="/notifications" data-testid="notifications-button" data-unread={unread}>
        <NavIcon name="notifications" />
        {unread > 0 ? (
          <chakra.span
            aria-hidden="true"
            position="absolute"
            top="0.5"
            insetEnd="0"
            display="flex"
            alignItems="center"
            justifyContent="center"
            minW="6"
            h="6"
            px="1"
            rounded="full"
            bg="white"
            color="red.800"
            fontSize="xs"
            fontWeight="bold"
            lineHeight="1"
            data-testid="notifications-unread"
          >
            {unread > 99 ? '99+' : unread}
          </chakra.span>
        ) : null}
      </Link>
    </IconButton>
  );
}
