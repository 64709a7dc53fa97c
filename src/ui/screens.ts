import { loadChakra } from './chakra';
import { loadWhenIdle, screenCode } from './screenCode';

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

let warmed = false;

/**
 * What a tap on one of Home's cards opens: Chakra with the theme and the three order screens,
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
  void loadWhenIdle([loadChakra, SCREENS.customerOrderDetails.load, SCREENS.onlotOrderDetails.load, SCREENS.moveOrderDetails.load]);
}
