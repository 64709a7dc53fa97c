import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration, type RouteObject } from 'react-router';
import { Loading } from './components/Loading';
import { t, useLanguage } from './i18n';
import { RequireAuth } from './components/RequireAuth';
import type { ScreenHandle, ScreenTitle } from './hooks/useScreenTitle';
import ErrorScreen from './routes/ErrorScreen';
import Home from './routes/Home';
import Login from './routes/Login';
import { Shell } from './Shell';
// Chakra's global CSS and tokens, made by the build (scripts/vite/chakraGlobalCss.ts).
import './chakraGlobal.css';
import { Toaster } from './toaster';

// Login, Home and the shell are in the first-load bundle; every other screen is its own
// chunk (DESIGN §3: 300 KB first-load budget). The service worker precaches all chunks.
const OnlotOrderDetails = lazy(() => import('./routes/OnlotOrderDetails'));
const MoveOrderDetails = lazy(() => import('./routes/MoveOrderDetails'));
const CustomerOrderDetails = lazy(() => import('./routes/CustomerOrderDetails'));
const DeliveryDetails = lazy(() => import('./routes/DeliveryDetails'));
const ScheduleOrder = lazy(() => import('./routes/ScheduleOrder'));
const CreateNote = lazy(() => import('./routes/CreateNote'));
const Scheduled = lazy(() => import('./routes/Scheduled'));
const CustomerOrderScheduleDetails = lazy(() => import('./routes/CustomerOrderScheduleDetails'));
const OnlotOrderScheduleDetails = lazy(() => import('./routes/OnlotOrderScheduleDetails'));
const MoveOrderScheduleDetails = lazy(() => import('./routes/MoveOrderScheduleDetails'));
const Notifications = lazy(() => import('./routes/Notifications'));
const TechSupport = lazy(() => import('./routes/TechSupport'));
const NotFound = lazy(() => import('./routes/NotFound'));
const DeliveryLog = lazy(() => import('./routes/DeliveryLog'));
const Settings = lazy(() => import('./routes/Settings'));
const SettingsEdit = lazy(() => import('./routes/SettingsEdit'));
// The map screen and maplibre: two chunks of their own, never in the first load (DESIGN §3).
const MapScreen = lazy(() => import('./routes/MapScreen'));

/** A screen route's handle: its title in the app bar (hooks/useScreenTitle.ts). */
const titled = (title: ScreenTitle): ScreenHandle => ({ title });

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
  { path: '/map', element: <MapScreen />, handle: titled('map') },
  { path: '/onlot-inventory-order-details/:id', element: <OnlotOrderDetails />, handle: titled('orderDetails') },
  { path: '/inventory-move-order-details/:id', element: <MoveOrderDetails />, handle: titled('orderDetails') },
  { path: '/customer-order-details/:id', element: <CustomerOrderDetails />, handle: titled('orderDetails') },
  { path: '/delivery-details/:id', element: <DeliveryDetails />, handle: titled('deliveryDetails') },
  { path: '/schedule/:id', element: <ScheduleOrder />, handle: titled('schedule') },
  { path: '/create-note', element: <CreateNote />, handle: titled('createNote') },
  { path: '/create-note/:id', element: <CreateNote />, handle: titled('createNote') },
  { path: '/scheduled', element: <Scheduled />, handle: titled('scheduled') },
  { path: '/customer-order-schedule-details/:id', element: <CustomerOrderScheduleDetails />, handle: titled('scheduleDetails') },
  { path: '/onlot-inventory-order-schedule-details/:id', element: <OnlotOrderScheduleDetails />, handle: titled('scheduleDetails') },
  { path: '/inventory-move-order-schedule-details/:id', element: <MoveOrderScheduleDetails />, handle: titled('scheduleDetails') },
  { path: '/notifications', element: <Notifications />, handle: titled('notifications') },
  { path: '/tech-support', element: <TechSupport />, handle: titled('techSupport') },
  { path: '/delivery-log', element: <DeliveryLog />, handle: titled('deliveryLog') },
  { path: '/settings', element: <Settings />, handle: titled('settings') },
  { path: '/settings/edit', element: <SettingsEdit />, handle: titled('settingsEdit') },
  { path: '*', element: <NotFound />, handle: titled('notFound') },
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
