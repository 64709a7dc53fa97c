// The main (non-driver) app lives on a sibling host (SPEC §2, §6): the office opens the
// driver app with an impersonation token in the address, and ending it goes back there.
// Links into the main app carry orderId and orderType. Pure functions of the location.
import { orderFlagsOf, parseOrderRef } from './orderId';
import { byKind, kindWhere, type OrderKind } from './orderKinds';

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
export const MAIN_APP_ORDER_TYPE: Record<OrderKind, string> = byKind((spec) => spec.mainAppType);

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

/** SPEC §6/§9: the main app keeps the driver's token in a cookie of this name (7 days, path /). */
export const JWT_COOKIE = 'jwt';

/** The `jwt` cookie's value in a `document.cookie` text, or null (none, empty, or not a JWT's shape). */
export function jwtCookieOf(cookies: string): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== JWT_COOKIE) continue;
    let value = pair.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(value) ? value : null;
  }
  return null;
}

/** The kind whose own screen (details, schedule details) this is; the others name it in the query. */
const screenKind = (screen: string): OrderKind | null => kindWhere((spec) => spec.screens.details === screen || spec.screens.scheduleDetails === screen);
const FLAGGED_SCREENS = new Set(['delivery-details', 'schedule', 'create-note']);

/** The order an address of the driver app is about (SPEC §2 parsing), or null. */
export function orderOfAddress(pathname: string, search: string): { kind: OrderKind; id: number } | null {
  const [screen, segment] = pathname.split('/').filter(Boolean);
  const known = screen ? screenKind(screen) : null;
  if (!screen || (!known && !FLAGGED_SCREENS.has(screen))) return null;
  const params = new URLSearchParams(search);
  const ref = parseOrderRef(segment ?? params.get('orderId') ?? '', orderFlagsOf(known, params));
  return ref.orderId > 0 ? { kind: ref.kind, id: ref.orderId } : null;
}
