import { matchRoutes } from 'react-router';
import { ORDER_KINDS } from '../domain';
import { loadChakra } from './chakra';
import type { ScreenTitle } from './hooks/useScreenTitle';
import { detailsPath } from './orderLinks';
import { loadWhenIdle, screenCode, type ScreenCode } from './screenCode';

// Login, Home and the shell are in the first-load bundle; every other screen is its own
// chunk (DESIGN §3: 300 KB first-load budget). The service worker precaches all chunks.
export const SCREENS = {
  onlotOrderDetails: screenCode(() => import('./routes/OnlotOrderDetails')),
  moveOrderDetails: screenCode(() => import('./routes/MoveOrderDetails')),
  customerOrderDetails: screenCode(() => import('./routes/CustomerOrderDetails')),
  deliveryDetails: screenCode(() => import('./routes/DeliveryDetails')),
  scheduleOrder: screenCode(() => import('./routes/ScheduleOrder')),
  createNote: screenCode(() => import('./routes/CreateNote')),
  scheduled: screenCode(() => import('./routes/Scheduled')),
  customerOrderScheduleDetails: screenCode(() => import('./routes/CustomerOrderScheduleDetails')),
  onlotOrderScheduleDetails: screenCode(() => import('./routes/OnlotOrderScheduleDetails')),
  moveOrderScheduleDetails: screenCode(() => import('./routes/MoveOrderScheduleDetails')),
  notifications: screenCode(() => import('./routes/Notifications')),
  techSupport: screenCode(() => import('./routes/TechSupport')),
  notFound: screenCode(() => import('./routes/NotFound')),
  deliveryLog: screenCode(() => import('./routes/DeliveryLog')),
  settings: screenCode(() => import('./routes/Settings')),
  settingsEdit: screenCode(() => import('./routes/SettingsEdit')),
  // The map screen and maplibre: two chunks of their own, never in the first load (DESIGN §3).
  map: screenCode(() => import('./routes/MapScreen')),
} as const;

/** The lazy screens' addresses, code and app-bar titles (SPEC §2): App.tsx makes its routes from it; any other address is NotFound. */
export const SCREEN_TABLE: readonly { path: string; code: ScreenCode; title: ScreenTitle }[] = [
  { path: '/map', code: SCREENS.map, title: 'map' },
  { path: '/onlot-inventory-order-details/:id', code: SCREENS.onlotOrderDetails, title: 'orderDetails' },
  { path: '/inventory-move-order-details/:id', code: SCREENS.moveOrderDetails, title: 'orderDetails' },
  { path: '/customer-order-details/:id', code: SCREENS.customerOrderDetails, title: 'orderDetails' },
  { path: '/delivery-details/:id', code: SCREENS.deliveryDetails, title: 'deliveryDetails' },
  { path: '/schedule/:id', code: SCREENS.scheduleOrder, title: 'schedule' },
  { path: '/create-note', code: SCREENS.createNote, title: 'createNote' },
  { path: '/create-note/:id', code: SCREENS.createNote, title: 'createNote' },
  { path: '/scheduled', code: SCREENS.scheduled, title: 'scheduled' },
  { path: '/customer-order-schedule-details/:id', code: SCREENS.customerOrderScheduleDetails, title: 'scheduleDetails' },
  { path: '/onlot-inventory-order-schedule-details/:id', code: SCREENS.onlotOrderScheduleDetails, title: 'scheduleDetails' },
  { path: '/inventory-move-order-schedule-details/:id', code: SCREENS.moveOrderScheduleDetails, title: 'scheduleDetails' },
  { path: '/notifications', code: SCREENS.notifications, title: 'notifications' },
  { path: '/tech-support', code: SCREENS.techSupport, title: 'techSupport' },
  { path: '/delivery-log', code: SCREENS.deliveryLog, title: 'deliveryLog' },
  { path: '/settings', code: SCREENS.settings, title: 'settings' },
  { path: '/settings/edit', code: SCREENS.settingsEdit, title: 'settingsEdit' },
  { path: '*', code: SCREENS.notFound, title: 'notFound' },
];

/** The code of the screen at `pathname`, as the router would match it. */
function codeAt(pathname: string): ScreenCode | undefined {
  return matchRoutes(
    SCREEN_TABLE.map((screen) => ({ path: screen.path, handle: screen.code })),
    pathname,
  )?.at(-1)?.route.handle;
}

let warmed = false;

/**
 * What a tap on one of Home's cards opens: Chakra with the theme and each order kind's screen,
 * loaded while the page is idle once Home's live cards are drawn, when the service worker holds
 * them. Without it the first tap after a start waited for Chakra, then for the screen's code
 * (issue 24: ~0.9 s at 10,000 orders, 4× CPU).
 */
export function warmOrderScreens(): void {
  // Only code the phone holds (the service worker answers it): on a first sign-in over one bar
  // of signal these ~47 KB would share the link with the first sync (issue 24, bench: sign-in ->
  // 10,034 orders sent 230 -> 277 KB with them).
  if (warmed || !navigator.serviceWorker?.controller) return;
  warmed = true;
  // Each order kind's details screen, as the order-kind registry addresses it.
  const orderScreens = ORDER_KINDS.flatMap((kind) => codeAt(detailsPath(kind, 1)) ?? []);
  void loadWhenIdle([loadChakra, ...orderScreens.map((code) => code.load)]);
}
