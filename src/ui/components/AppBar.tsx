import { Box, Flex, Heading, IconButton, Text, VisuallyHidden } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../hooks/useAuth';
import { useDriverName } from '../hooks/useDriverName';
import { useActiveOutbox } from '../hooks/useOrders';
import { useScreenTitle } from '../hooks/useScreenTitle';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { TOOLBAR_HEIGHT } from '../theme';
import { ClientTooOldBanner } from './ClientTooOldBanner';
import { NotificationsButton } from './NotificationsButton';
import { SyncIndicator } from './SyncIndicator';
import { t } from '../i18n';

// The drawers (and Chakra's dialog machinery) load on first open: not first-load weight.
const OutboxDrawer = lazy(() => import('./OutboxDrawer'));
const NavDrawer = lazy(() => import('./NavDrawer'));

type Panel = 'none' | 'outbox' | 'nav';

export function AppBar() {
  const session = useSession();
  const title = useScreenTitle();
  const driverName = useDriverName();
  const status = useSyncStatus();
  const entries = useActiveOutbox() ?? [];
  const [panel, setPanel] = useState<Panel>('none');
  // Keep a drawer mounted after its first open so it can animate closed.
  const [loaded, setLoaded] = useState<{ outbox: boolean; nav: boolean }>({ outbox: false, nav: false });
  const open = (next: Exclude<Panel, 'none'>): void => {
    setLoaded((l) => ({ ...l, [next]: true }));
    setPanel(next);
  };
  const close = (): void => setPanel('none');
  // Any navigation (a menu entry, the phone's Back) closes whichever drawer is open.
  const { key } = useLocation();
  useEffect(() => setPanel('none'), [key]);

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="primary.solid" color="white" boxShadow="sm" pt="env(safe-area-inset-top)">
      {/* Tight gaps: with the bell, a syncing spinner and "1 needs attention", the Home link still keeps 48 px on a 390 px phone. */}
      <Flex h={TOOLBAR_HEIGHT} ps="1" pe="1" align="center" gap="0.5" maxW="3xl" mx="auto">
        {/* The one menu: the app's screens and the driver's account (NavDrawer). 48x48. */}
        <IconButton
          aria-label={t('common.appBar.menu')}
          aria-haspopup="dialog"
          aria-expanded={panel === 'nav'}
          variant="ghost"
          color="white"
          _hover={{ bg: 'whiteAlpha.300' }}
          _expanded={{ bg: 'whiteAlpha.300' }}
          size="md"
          onClick={() => open('nav')}
          data-testid="menu-button"
        >
          <MenuIcon />
        </IconButton>
        {/* White on primary.solid is 7.96:1; the whole title block is the (48 px tall) Home link. */}
        {/* The screen's title (SPEC §2's name), then who is signed in. Named by what it shows (label in name, WCAG 2.5.3); "home" is said, not shown. */}
        <Link to="/" style={{ flex: 1, minWidth: 0 }}>
          <Flex direction="column" justify="center" minH="target">
            <Heading as="h1" fontSize="h1" lineHeight="1.25" fontWeight="bold" truncate data-testid="screen-title">
              {title}
            </Heading>
            <Text fontSize="xs" lineHeight="1.25" fontWeight="medium" truncate data-testid="app-bar-driver">
              {[driverName, session.claims.company].filter(Boolean).join(' · ')}
            </Text>
            <VisuallyHidden>{t('common.appBar.home')}</VisuallyHidden>
          </Flex>
        </Link>
        <SyncIndicator status={status} entries={entries} onOpenOutbox={() => open('outbox')} />
        <NotificationsButton />
      </Flex>
      {status.clientTooOld ? <ClientTooOldBanner /> : null}
      <Suspense fallback={null}>
        {loaded.outbox ? <OutboxDrawer open={panel === 'outbox'} onClose={close} entries={entries} /> : null}
        {loaded.nav ? <NavDrawer open={panel === 'nav'} entries={entries} online={status.online} onClose={close} onOpenOutbox={() => open('outbox')} /> : null}
      </Suspense>
    </Box>
  );
}

function MenuIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <rect x="3" y="5" width="18" height="2" rx="1" />
      <rect x="3" y="11" width="18" height="2" rx="1" />
      <rect x="3" y="17" width="18" height="2" rx="1" />
    </svg>
  );
}
