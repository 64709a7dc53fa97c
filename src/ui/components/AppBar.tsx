import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../hooks/useAuth';
import { useDriverName } from '../hooks/useDriverName';
import { useActiveOutbox } from '../hooks/useOrders';
import { useScreenTitle } from '../hooks/useScreenTitle';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { ChakraScreens } from '../chakra';
import { Button, VisuallyHidden } from '../plain/controls';
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
    <header className="app-bar">
      {/* One row when it fits: Menu, the title block, the bell, the connection state. At a large
          text size or with several states (offline, waiting, syncing), the states wrap to a
          second row of their own instead of squeezing the title ("Del…", issue 25): the title
          block is as wide as its title (the name below does not count and is the one cut
          short), and the bell, before the states, stays on the first row. Heights are
          minimums (the theme's toolbar heights, 56 and 64 from sm), so rows grow with the text. */}
      <div className="app-bar__row" data-testid="app-bar">
        {/* The one menu: the app's screens and the driver's account (NavDrawer). 48x48 whatever the text size: it holds an icon. */}
        <Button
          aria-label={t('common.appBar.menu')}
          aria-haspopup="dialog"
          aria-expanded={panel === 'nav'}
          variant="ghost"
          onBrand
          icon
          onClick={() => open('nav')}
          data-testid="menu-button"
        >
          <MenuIcon />
        </Button>
        {/* White on primary.solid is 7.96:1; the whole title block is the (48 px tall) Home link. */}
        {/* The screen's title (SPEC §2's name), then who is signed in. Named by what it shows (label in name, WCAG 2.5.3); "home" is said, not shown. */}
        <Link to="/" className="app-bar__title" data-testid="app-bar-title">
          <span className="app-bar__title-block">
            {/* Wraps rather than being cut: a long title at a large text size takes two lines. */}
            <h1 data-testid="screen-title">{title}</h1>
            <span className="app-bar__driver" data-testid="app-bar-driver">
              {[driverName, session.claims.company].filter(Boolean).join(' · ')}
            </span>
            <VisuallyHidden>{t('common.appBar.home')}</VisuallyHidden>
          </span>
        </Link>
        <NotificationsButton />
        <SyncIndicator status={status} entries={entries} onOpenOutbox={() => open('outbox')} />
      </div>
      {status.clientTooOld ? <ClientTooOldBanner /> : null}
      {/* The drawers draw with Chakra: its chunk loads with the first one opened. */}
      {loaded.outbox || loaded.nav ? (
        <Suspense fallback={null}>
          <ChakraScreens>
            {loaded.outbox ? <OutboxDrawer open={panel === 'outbox'} onClose={close} entries={entries} /> : null}
            {loaded.nav ? (
              <NavDrawer open={panel === 'nav'} entries={entries} online={status.online} onClose={close} onOpenOutbox={() => open('outbox')} />
            ) : null}
          </ChakraScreens>
        </Suspense>
      ) : null}
    </header>
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
