import { Box, Flex, Heading, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { clearToken } from '../../db';
import { getSyncClient } from '../../workers/client';
import { useSession } from '../hooks/useAuth';
import { useDatabase } from '../hooks/useDatabase';
import { useActiveOutbox } from '../hooks/useOrders';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { TOOLBAR_HEIGHT } from '../theme';
import { LogoutDialog } from './LogoutDialog';
import { OutboxDrawer } from './OutboxDrawer';
import { SyncIndicator } from './SyncIndicator';

export function AppBar() {
  const db = useDatabase();
  const session = useSession();
  const navigate = useNavigate();
  const status = useSyncStatus();
  const entries = useActiveOutbox() ?? [];
  const [outboxOpen, setOutboxOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = async (): Promise<void> => {
    setLoggingOut(true);
    try {
      await getSyncClient().logout();
    } catch (error) {
      // The worker is gone or stuck: still sign out locally; queued entries stay either way.
      console.warn('logout via the sync worker failed', error);
      await clearToken(db);
    }
    setLoggingOut(false);
    setConfirmLogout(false);
    void navigate('/login', { replace: true });
  };

  const onMenu = (value: string): void => {
    if (value === 'sync') void getSyncClient().syncNow();
    else if (value === 'outbox') setOutboxOpen(true);
    else if (value === 'logout') {
      if (entries.length > 0) setConfirmLogout(true);
      else void logout();
    }
  };

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="primary.solid" color="white" boxShadow="sm" pt="env(safe-area-inset-top)">
      <Flex h={TOOLBAR_HEIGHT} px="3" align="center" gap="2" maxW="3xl" mx="auto">
        <Box flex="1" minW="0">
          <Link to="/">
            <Heading as="h1" fontSize="h1" lineHeight="1.2" truncate>
              Deliveries
            </Heading>
          </Link>
          <Text fontSize="xs" opacity={0.9} truncate>
            {session.claims.name} · {session.claims.company}
          </Text>
        </Box>
        <SyncIndicator status={status} entries={entries} onOpenOutbox={() => setOutboxOpen(true)} />
        <Menu.Root onSelect={(d) => onMenu(d.value)}>
          <Menu.Trigger asChild>
            <IconButton aria-label="Menu" variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.300' }} size="sm">
              <MenuIcon />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="sync">Sync now</Menu.Item>
                <Menu.Item value="outbox">Waiting to send ({entries.length})</Menu.Item>
                <Menu.Item value="logout" color="fg.error">
                  Sign out
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>
      <OutboxDrawer open={outboxOpen} onClose={() => setOutboxOpen(false)} entries={entries} />
      <LogoutDialog
        open={confirmLogout}
        pending={entries.length}
        busy={loggingOut}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => void logout()}
      />
    </Box>
  );
}

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <rect x="3" y="5" width="18" height="2" rx="1" />
      <rect x="3" y="11" width="18" height="2" rx="1" />
      <rect x="3" y="17" width="18" height="2" rx="1" />
    </svg>
  );
}
