import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
import { getDatabase, keepOrderListWarm } from '../db';
import { Loading } from './components/Loading';
import { t, useLanguage } from './i18n';
import { RequireAuth } from './components/RequireAuth';
import ErrorScreen from './routes/ErrorScreen';
import Home from './routes/Home';
import Login from './routes/Login';
import { Shell } from './Shell';
import { system } from './theme';
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

/**
 * Opens PWADB on the page and runs the order list's query ahead of the first screen that reads
 * them (main.tsx: as the app loads, and on the login path while the driver types): see orderList.ts.
 */
export function openPageDatabase(): void {
  getDatabase().then(keepOrderListWarm, (error: unknown) => console.error('PWADB did not open', error));
}

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
              children: [
                { index: true, element: <Home /> },
                { path: '/map', element: <MapScreen /> },
                { path: '/onlot-inventory-order-details/:id', element: <OnlotOrderDetails /> },
                { path: '/inventory-move-order-details/:id', element: <MoveOrderDetails /> },
                { path: '/customer-order-details/:id', element: <CustomerOrderDetails /> },
                { path: '/delivery-details/:id', element: <DeliveryDetails /> },
                { path: '/schedule/:id', element: <ScheduleOrder /> },
                { path: '/create-note', element: <CreateNote /> },
                { path: '/create-note/:id', element: <CreateNote /> },
                { path: '/scheduled', element: <Scheduled /> },
                { path: '/customer-order-schedule-details/:id', element: <CustomerOrderScheduleDetails /> },
                { path: '/onlot-inventory-order-schedule-details/:id', element: <OnlotOrderScheduleDetails /> },
                { path: '/inventory-move-order-schedule-details/:id', element: <MoveOrderScheduleDetails /> },
                { path: '/notifications', element: <Notifications /> },
                { path: '/tech-support', element: <TechSupport /> },
                { path: '/delivery-log', element: <DeliveryLog /> },
                { path: '/settings', element: <Settings /> },
                { path: '/settings/edit', element: <SettingsEdit /> },
                { path: '*', element: <NotFound /> },
              ],
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
    <ChakraProvider value={system}>
      <RouterProvider key={language} router={router} />
      <Toaster />
    </ChakraProvider>
  );
}
