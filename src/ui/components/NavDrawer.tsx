import { Box, Button, Drawer, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { OutboxDoc } from '../../db';
import { clearToken } from '../../db/localState';
import { getSyncClient } from '../../workers/client';
import { useSession } from '../hooks/useAuth';
import { useDatabase } from '../hooks/useDatabase';
import { useDriverName } from '../hooks/useDriverName';
import { isCurrentEntry, NAV_MENU } from '../navigation';
import { AppDrawer } from './AppDrawer';
import { NavIcon } from './NavIcon';
import { registerTexts, t } from '../i18n';
import { nav } from '../i18n/en/nav';
import { kindCountText } from '../i18n/kindText';

registerTexts('nav', nav);

interface Props {
  open: boolean;
  /** The driver's actions not sent yet (the app bar's outbox list). */
  entries: readonly OutboxDoc[];
  /** The app can reach the server (useSyncStatus): signing in again needs it. */
  online: boolean;
  onClose: () => void;
  onOpenOutbox: () => void;
}

/**
 * The app's one menu (the app bar's Menu button): the screens of `navigation.ts` on top, the
 * current one filled in the brand colour; the driver's account at the bottom (sync now, work
 * waiting to be sent, sign out). Choosing a screen closes it.
 */
export default function NavDrawer({ open, entries, online, onClose, onOpenOutbox }: Props) {
  const session = useSession();
  const driverName = useDriverName();
  const { pathname } = useLocation();
  const [confirming, setConfirming] = useState(false);

  const close = (): void => {
    setConfirming(false);
    onClose();
  };

  return (
    <AppDrawer
      open={open}
      onClose={close}
      placement="start"
      size="xs"
      header={
        <Stack gap="0" minW="0">
          {/* Wrapped, not cut: the menu has the room a large text size needs. */}
          <Drawer.Title overflowWrap="anywhere" data-testid="menu-driver">
            {driverName}
          </Drawer.Title>
          <Text fontSize="md" color="fg.muted" overflowWrap="anywhere">
            {session.claims.company}
          </Text>
        </Stack>
      }
      bodyProps={{ px: '3' }}
      scrollWhole
      footer={
        <AccountActions entries={entries} online={online} confirming={confirming} setConfirming={setConfirming} onClose={close} onOpenOutbox={onOpenOutbox} />
      }
    >
      <Box as="nav" aria-label={t('nav.screens')}>
        <Stack as="ul" gap="1" listStyleType="none" data-testid="nav-menu">
          {NAV_MENU.map((entry) => {
            const current = isCurrentEntry(entry, pathname);
            return (
              <li key={entry.path}>
                <Button
                  asChild
                  size="lg"
                  w="full"
                  px="4"
                  gap="4"
                  justifyContent="flex-start"
                  textStyle="lg"
                  colorPalette={current ? 'primary' : 'gray'}
                  variant={current ? 'solid' : 'ghost'}
                  fontWeight={current ? 'bold' : 'semibold'}
                >
                  <Link to={entry.path} aria-current={current ? 'page' : undefined} onClick={close}>
                    <NavIcon name={entry.icon} />
                    {t(entry.label)}
                  </Link>
                </Button>
              </li>
            );
          })}
        </Stack>
      </Box>
    </AppDrawer>
  );
}

interface AccountProps {
  entries: readonly OutboxDoc[];
  online: boolean;
  confirming: boolean;
  setConfirming: (confirming: boolean) => void;
  onClose: () => void;
  onOpenOutbox: () => void;
}

/**
 * Sync now, waiting to send, sign out. Signing out asks first when it costs the driver
 * something (DESIGN §5): offline, because signing in again needs signal (until then the phone
 * cannot open the app), and with unsent work, counted by kind ("1 delivery, 1 note"), which
 * is kept and sent after the next sign-in. Staying signed in is the first choice offered.
 */
function AccountActions({ entries, online, confirming, setConfirming, onClose, onOpenOutbox }: AccountProps) {
  const db = useDatabase();
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const pending = entries.length;

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

  return (
    <Stack gap="3" data-testid="account-actions">
      {/* A token handed over by the main app may carry no email (SPEC §6 promises only company_id, role, exp). */}
      {session.claims.email ? (
        <Text fontSize="md" color="fg.muted" overflowWrap="anywhere">
          {t('nav.signedInAs', { email: session.claims.email })}
        </Text>
      ) : null}
      {/* Primary outlines (2 px, 3.1:1) show in the sun; the grey default border does not. */}
      <Button colorPalette="primary" variant="outline" onClick={() => void getSyncClient().syncNow('driver')}>
        {t('nav.syncNow')}
      </Button>
      <Button colorPalette="primary" variant="outline" onClick={onOpenOutbox}>
        {t('nav.waitingToSend', { count: pending })}
      </Button>
      {confirming ? (
        <Stack gap="2" p="3" rounded="l2" bg="red.subtle" role="alert" data-testid="sign-out-confirm">
          {!online ? <Text fontSize="md">{t('nav.offlineSignOut')}</Text> : null}
          {pending > 0 ? <Text fontSize="md">{t('nav.unsentWarning', { count: pending, list: kindCountText(entries.map((e) => e.kind)) })}</Text> : null}
          <Button colorPalette="primary" onClick={() => setConfirming(false)}>
            {t('nav.staySignedIn')}
          </Button>
          <Button colorPalette="red" loading={busy} onClick={() => void logout()}>
            {t('nav.signOutAnyway')}
          </Button>
        </Stack>
      ) : (
        <Button colorPalette="red" variant="subtle" loading={busy} onClick={() => (pending > 0 || !online ? setConfirming(true) : void logout())}>
          {t('nav.signOut')}
        </Button>
      )}
    </Stack>
  );
}
