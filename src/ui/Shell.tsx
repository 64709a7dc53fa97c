import { Box } from '@chakra-ui/react';
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
import { removeBootSnapshot } from './homeSnapshot';
import { screenChanged } from './toaster';

/** The app bar reads its own state; a navigation (a keystroke in Home's search) need not re-render it. */
const StableAppBar = memo(AppBar);

/** Screens with no Back control: Home is the top, the map its other view (List returns), Login is outside the shell. */
const TOP_LEVEL = new Set(['/', '/map', '/login']);
/** Screens that fill the phone's height themselves (no room to scroll past the last control). */
const FULL_HEIGHT = new Set(['/map']);

/**
 * The signed-in frame: app bar on top, a Back control on every screen below Home, the screen
 * below (lazy screens suspend here). The bottom padding (160 px) lets the last control of any
 * screen (Deliver) scroll above the snackbars, which stack at the bottom (toaster.tsx).
 */
export function Shell() {
  const { pathname } = useLocation();
  // The cold-start picture is Home's: any other screen replaces it at once.
  useEffect(() => {
    if (pathname !== '/') removeBootSnapshot();
    // A snackbar about the screen left behind is stale here (toaster.tsx).
    screenChanged(pathname);
  }, [pathname]);
  return (
    <Box minH="100dvh" bg="appBg">
      <StableAppBar />
      <ImpersonationBar />
      <LostWorkGate />
      <FetchFailureSnackbars />
      <DeliverySentSnackbars />
      {/* 12 px at the sides at any text size: a large text needs the width (FilterChips.css bleeds by as much). */}
      <Box as="main" maxW="3xl" mx="auto" px="12px" pt={TOP_LEVEL.has(pathname) ? '4' : '1'} pb={FULL_HEIGHT.has(pathname) ? '3' : '40'}>
        {TOP_LEVEL.has(pathname) ? null : (
          <Box mb="1">
            <BackButton />
          </Box>
        )}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
