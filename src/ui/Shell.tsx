import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { memo } from 'react';
import { AppBar } from './components/AppBar';
import { BackButton } from './components/BackButton';
import { DeliverySentSnackbars } from './components/DeliverySentSnackbars';
import { FetchFailureSnackbars } from './components/FetchFailureSnackbars';
import { ImpersonationBar } from './components/ImpersonationBar';
import { Loading } from './components/Loading';
import { LostWorkGate } from './components/LostWorkGate';
import { ChakraScreens, drawsWithoutChakra } from './chakra';
import { removeBootSnapshot } from './homeSnapshot';
import { screenChanged } from './toaster';
import { useScreenCodeAhead } from './hooks/useScreenCodeAhead';
import './Shell.css';

/** The app bar reads its own state; a navigation (a keystroke in Home's search) need not re-render it. */
const StableAppBar = memo(AppBar);

/** Screens with no Back control: Home is the top, the map its other view (List returns), Login is outside the shell. */
const TOP_LEVEL = new Set(['/', '/map', '/login']);
/** Screens that fill the phone's height themselves (no room to scroll past the last control). */
const FULL_HEIGHT = new Set(['/map']);

/**
 * The signed-in frame: app bar on top, a Back control on every screen below Home, the screen
 * below (lazy screens suspend here). The bottom padding (160 px) lets the last control of any
 * screen (Deliver) scroll above the snackbars, which stack at the bottom (toaster.tsx). Every
 * screen but Home renders inside Chakra's provider, which loads with the first of them.
 */
export function Shell() {
  const { pathname } = useLocation();
  // The cold-start picture is Home's: any other screen replaces it at once.
  useEffect(() => {
    if (pathname !== '/') removeBootSnapshot();
    // A snackbar about the screen left behind is stale here (toaster.tsx).
    screenChanged(pathname);
  }, [pathname]);
  const chakra = !drawsWithoutChakra(pathname);
  // The screen's code beside Chakra's, not once Chakra has arrived and rendered.
  useScreenCodeAhead(chakra);
  const top = TOP_LEVEL.has(pathname);
  const mainClass = ['shell__main', top ? 'shell__main--top' : '', FULL_HEIGHT.has(pathname) ? 'shell__main--full-height' : ''].filter(Boolean).join(' ');
  return (
    <div className="shell">
      <StableAppBar />
      <ImpersonationBar />
      <LostWorkGate />
      <FetchFailureSnackbars />
      <DeliverySentSnackbars />
      <main className={mainClass}>
        {top ? null : (
          <div className="shell__back">
            <BackButton />
          </div>
        )}
        <Suspense fallback={<Loading />}>
          {chakra ? (
            <ChakraScreens>
              <Outlet />
            </ChakraScreens>
          ) : (
            <Outlet />
          )}
        </Suspense>
      </main>
    </div>
  );
}
