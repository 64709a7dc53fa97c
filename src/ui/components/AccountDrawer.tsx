import { Button, Drawer, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clearToken } from '../../db';
import { getSyncClient } from '../../workers/client';
import { useSession } from '../hooks/useAuth';
import { useDatabase } from '../hooks/useDatabase';
import { AppDrawer } from './AppDrawer';

interface Props {
  open: boolean;
  pending: number;
  onClose: () => void;
  onOpenOutbox: () => void;
}

/**
 * The app-bar menu: sync now, work waiting to be sent, sign out. Signing out with unsent
 * work asks first (DESIGN §5); the work is kept and sent after the next sign-in.
 */
export default function AccountDrawer({ open, pending, onClose, onOpenOutbox }: Props) {
  const db = useDatabase();
  const session = useSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const logout = async (): Promise<void> => {
    setBusy(true);
    try {
      await getSyncClient().logout();
    } catch (error) {
      // The worker is gone or stuck: still sign out locally; queued entries stay either way.
      console.warn('logout via the sync worker failed', error);
      await clearToken(db);
    }
    setBusy(false);
    onClose();
    void navigate('/login', { replace: true });
  };

  const close = (): void => {
    setConfirming(false);
    onClose();
  };

  return (
    <AppDrawer
      open={open}
      onClose={close}
      placement="end"
      size="xs"
      header={
        <Stack gap="0">
          <Drawer.Title>{session.claims.name}</Drawer.Title>
          <Text fontSize="md" color="fg.muted">
            {session.claims.email} · {session.claims.company}
          </Text>
        </Stack>
      }
    >
      <Stack gap="3">
        <Button variant="outline" onClick={() => void getSyncClient().syncNow()}>
          Sync now
        </Button>
        <Button variant="outline" onClick={onOpenOutbox}>
          Waiting to send ({pending})
        </Button>
        {confirming ? (
          <Stack gap="2" p="3" rounded="l2" bg="red.subtle" role="alert">
            <Text fontSize="md">
              {pending === 1 ? '1 delivery has' : `${pending} deliveries have`} not been sent yet. They stay on
              this device and are sent after you sign in again.
            </Text>
            <Button colorPalette="red" loading={busy} onClick={() => void logout()}>
              Sign out anyway
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </Stack>
        ) : (
          <Button colorPalette="red" variant="subtle" loading={busy} onClick={() => (pending > 0 ? setConfirming(true) : void logout())}>
            Sign out
          </Button>
        )}
      </Stack>
    </AppDrawer>
  );
}
