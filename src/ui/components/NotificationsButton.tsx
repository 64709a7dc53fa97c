import { Box, IconButton } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useNotifications } from '../hooks/useNotifications';
import { NavIcon } from './NavIcon';

/** The accessible name says the count, so a screen reader hears what the badge shows. */
export function notificationsLabel(unread: number): string {
  if (unread === 0) return 'Notifications, none unread';
  return `Notifications, ${unread} unread`;
}

/**
 * The app bar's bell: how many notifications are not dismissed (here or on the server), a
 * 48x48 link to /notifications. The count is a white pill with dark red text on the brand bar
 * (red.800 on white 8.6:1); none shows no pill.
 */
export function NotificationsButton() {
  const view = useNotifications();
  const unread = view?.tabs.active.length ?? 0;
  return (
    <IconButton asChild aria-label={notificationsLabel(unread)} variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.300' }} size="md" position="relative" flexShrink={0}>
      <Link to="/notifications" data-testid="notifications-button" data-unread={unread}>
        <NavIcon name="notifications" />
        {unread > 0 ? (
          <Box
            as="span"
            aria-hidden="true"
            position="absolute"
            top="1"
            insetEnd="0.5"
            minW="5"
            h="5"
            px="1"
            rounded="full"
            bg="white"
            color="red.800"
            fontSize="xs"
            fontWeight="bold"
            lineHeight="5"
            textAlign="center"
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        ) : null}
      </Link>
    </IconButton>
  );
}
