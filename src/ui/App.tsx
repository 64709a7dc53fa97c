import { Suspense, useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration, type RouteObject } from 'react-router';
import { Loading } from './components/Loading';
import { t, useLanguage } from './i18n';
import { RequireAuth } from './components/RequireAuth';
import type { ScreenHandle, ScreenTitle } from './hooks/useScreenTitle';
import ErrorScreen from './routes/ErrorScreen';
import Home from './routes/Home';
import Login from './routes/Login';
import { SCREEN_TABLE } from './screens';
import type { ScreenCode } from './screenCode';
import { Shell } from './Shell';
// Chakra's global CSS and tokens, made by the build (scripts/vite/chakraGlobalCss.ts).
import './chakraGlobal.css';
import { Toaster } from './toaster';

/** A screen route's handle: its title in the app bar (hooks/useScreenTitle.ts) and its code's load (Shell.tsx). */
const titled = (title: ScreenTitle, code?: ScreenCode): ScreenHandle => ({ title, load: code?.load });

/** A lazy screen's route: its element and its handle. */
const screen = (path: string, code: ScreenCode, title: ScreenTitle): RouteObject => ({ path, element: <code.Component />, handle: titled(title, code) });

function Root() {
  return (
    <>
      {/* SPEC §2: scroll position is restored on navigation. */}
      <ScrollRestoration />
      <Suspense fallback={<Loading fullScreen label={t('common.openingLocalData')} />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The signed-in screens, each titled in the app bar (SPEC §2's names); any other address is NotFound. */
export const SCREEN_ROUTES: RouteObject[] = [
  { index: true, element: <Home />, handle: titled('home') },
  ...SCREEN_TABLE.map(({ path, code, title }) => screen(path, code, title)),
];

// Made on the app's first render, not when this module loads: on the login path the module
// loads while the driver types (main.tsx), before the address moves to where they go next.
const createRouter = () =>
  createBrowserRouter([
    {
      element: <Root />,
      errorElement: <ErrorScreen />,
      children: [
        { path: '/login', element: <Login /> },
        {
          element: (
            <RequireAuth>
              <Shell />
            </RequireAuth>
          ),
          children: [
            {
              // Errors inside a screen keep the app bar (and its sync status) on screen.
              errorElement: <ErrorScreen />,
              children: SCREEN_ROUTES,
            },
          ],
        },
      ],
    },
  ]);

export function App() {
  const [router] = useState(createRouter);
  // A new language re-renders every screen at once (memoized rows and module-level labels
  // too): the router's screens remount under the same address, nothing is reloaded.
  const language = useLanguage();
  return (
    <>
      <RouterProvider key={language} router={router} />
      <Toaster />
    </>
  );
}
