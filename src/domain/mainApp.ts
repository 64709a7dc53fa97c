// The main (non-driver) app lives on a sibling host (SPEC §2, §6): the office opens the
// driver app with an impersonation token in the address, and ending it goes back there.
// Links into the main app carry orderId and orderType. Pure functions of the location.
import { parseOrderRef, type OrderKind } from './orderId';

/**
 * The query parameter the main app puts the impersonation token in:
 * https://driver.example.com/?impersonation_token=<JWT> (any path of the driver app).
 */
export const IMPERSONATION_PARAM = 'impersonation_token';

/**
 * The main app's origin for the driver app's location: the first host label naming the driver
 * app (`driver-app` or `driver`, at any depth, so `master.driver.example.dev` works too) is
 * replaced by `app`; scheme and port are kept. driver.example.com → app.example.com,
 * driver-app.summitsheds.com → app.summitsheds.com, driver.localhost:5173 → app.localhost:5173.
 * A host with no such label (an IP, plain localhost) has no sibling: null.
 */
export function mainAppOrigin(location: { protocol: string; hostname: string; port: string }): string | null {
  const labels = location.hostname.toLowerCase().split('.');
  const index = labels.findIndex((label) => label === 'driver-app' || label === 'driver');
  if (index < 0) return null;
  labels[index] = 'app';
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${labels.join('.')}${port}`;
}

/** orderType values of main-app links: the main app's names of the three order kinds. */
export const MAIN_APP_ORDER_TYPE: Record<OrderKind, string> = {
  customer: 'customer-order',
  onlot: 'onlot-inventory-order',
  move: 'inventory-move-order',
};

/** A link into the main app at `origin`, carrying the order when there is one. */
export function mainAppLink(origin: string, order?: { kind: OrderKind; id: number } | null): string {
  const url = new URL('/', origin);
  if (order && order.id > 0) {
    url.searchParams.set('orderId', String(order.id));
    url.searchParams.set('orderType', MAIN_APP_ORDER_TYPE[order.kind]);
  }
  return url.toString();
}

/**
 * Takes the impersonation token out of an address: the token (or null) and the address
 * without it, so it never stays in the history, a bookmark or a shared link.
 */
export function takeImpersonationToken(href: string): { token: string | null; cleaned: string } {
  const url = new URL(href);
  const token = url.searchParams.get(IMPERSONATION_PARAM);
  if (token === null) return { token: null, cleaned: href };
  url.searchParams.delete(IMPERSONATION_PARAM);
  return { token: token.trim() || null, cleaned: `${url.pathname}${url.search}${url.hash}` };
}

/** Screens of one order kind; the others (delivery, schedule, note) name it in the query. */
const SCREEN_KIND: Record<string, OrderKind> = {
  'customer-order-details': 'customer',
  'onlot-inventory-order-details': 'onlot',
  'inventory-move-order-details': 'move',
  'customer-order-schedule-details': 'customer',
  'onlot-inventory-order-schedule-details': 'onlot',
  'inventory-move-order-schedule-details': 'move',
};
const FLAGGED_SCREENS = new Set(['delivery-details', 'schedule', 'create-note']);

/** The order an address of the driver app is about (SPEC §2 parsing), or null. */
export function orderOfAddress(pathname: string, search: string): { kind: OrderKind; id: number } | null {
  const [screen, segment] = pathname.split('/').filter(Boolean);
  if (!screen || (!SCREEN_KIND[screen] && !FLAGGED_SCREENS.has(screen))) return null;
  const params = new URLSearchParams(search);
  const known = SCREEN_KIND[screen];
  const ref = parseOrderRef(segment ?? params.get('orderId') ?? '', {
    customerOrder: known ? known === 'customer' : params.get('customerOrder') === 'true',
    onlotInventoryOrder: known ? known === 'onlot' : params.get('onlotInventoryOrder') === 'true',
    inventoryMoveOrder: known ? known === 'move' : params.get('inventoryMoveOrder') === 'true',
  });
  return ref.orderId > 0 ? { kind: ref.kind, id: ref.orderId } : null;
}
