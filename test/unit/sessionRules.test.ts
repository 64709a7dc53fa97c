import { describe, expect, it } from 'vitest';
import {
  environmentOf,
  featureFlagEnvironment,
  judgeClaims,
  mainAppLink,
  mainAppOrigin,
  msUntilTokenUnusable,
  orderOfAddress,
  signedOutText,
  takeImpersonationToken,
  tokenUsableUntilMs,
  type TokenClaims,
} from '../../src/domain';

// A fixed clock: nothing here depends on the real date.
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const claims = (over: Partial<TokenClaims> = {}): TokenClaims => ({
  company_id: 1,
  role: 'driver',
  exp: NOW / 1000 + 3600,
  account_id: 7,
  company: 'Summit Sheds',
  name: 'Dale Driver',
  email: 'd@x.test',
  ...over,
});

describe('token rules (SPEC §4, §6, §9)', () => {
  it('accepts a driver token until 15 minutes before it expires', () => {
    const exp = NOW / 1000 + 15 * 60 + 1; // 15 min and 1 s left
    expect(judgeClaims(claims({ exp }), NOW)).toBe('ok');
    expect(judgeClaims(claims({ exp }), NOW + 999)).toBe('ok');
    expect(judgeClaims(claims({ exp }), NOW + 1000)).toBe('expired'); // exactly 15 min left
    expect(judgeClaims(claims({ exp: NOW / 1000 + 14 * 60 }), NOW)).toBe('expired');
    expect(judgeClaims(claims({ exp: NOW / 1000 - 60 }), NOW)).toBe('expired');
  });

  it('refuses every role but driver, and claims that do not parse', () => {
    for (const role of ['office_admin', 'dispatch', 'super_admin', 'customer', 'Driver', '']) expect(judgeClaims(claims({ role }), NOW)).toBe('role');
    expect(judgeClaims({ ...claims(), company_id: '1' }, NOW)).toBe('malformed');
    expect(judgeClaims(null, NOW)).toBe('malformed');
  });

  it('knows when the token stops counting, for the sign-out timer', () => {
    const c = claims({ exp: NOW / 1000 + 3600 });
    expect(tokenUsableUntilMs(c)).toBe(NOW + 45 * 60_000);
    expect(msUntilTokenUnusable(c, NOW)).toBe(45 * 60_000);
    expect(msUntilTokenUnusable(c, NOW + 50 * 60_000)).toBe(0);
  });

  it('tells the driver why they were signed out and what waits on the phone', () => {
    expect(signedOutText('expired', 2)).toEqual({
      title: 'You were signed out because your session expired.',
      detail: '2 actions wait on this phone and will be sent after you sign in.',
    });
    expect(signedOutText('expired', 1).detail).toBe('1 action waits on this phone and will be sent after you sign in.');
    expect(signedOutText('expired', 0).detail).toBeNull();
    expect(signedOutText('removed', 3)).toEqual({
      title: 'Your account was removed by the office.',
      detail: 'Call the office: 3 actions on this phone were not sent.',
    });
    expect(signedOutText('removed', 1).detail).toBe('Call the office: 1 action on this phone was not sent.');
    expect(signedOutText('removed', 0).detail).toBe('Call the office if this is a mistake.');
    expect(signedOutText('role', 0).title).toBe('Not authorized');
  });
});

describe('environment naming (SPEC §9)', () => {
  it.each([
    ['driver-app.summitsheds.net', 'Production'],
    ['driver-app', 'Production'],
    ['driver.summitsheds.com', 'Production'],
    ['master.driver.example.com', 'Production'], // a host ending in com is production
    ['master.driver.example.dev', 'Master'],
    ['master', 'Master'],
    ['feature-login.driver.example.dev', 'Development'],
    ['fix/session-rules', 'Development'],
    ['localhost', 'Development'],
    ['127.0.0.1', 'Development'],
    ['DRIVER-APP.Example.Org', 'Production'],
    ['driver.localhost:5173', 'Development'],
    ['com', 'Development'], // a bare label is a branch name, not a host
  ])('%s → %s', (host, name) => {
    expect(environmentOf(host)).toBe(name);
  });

  it('names the feature-flag environment of each', () => {
    expect(featureFlagEnvironment('Production')).toBe('production');
    expect(featureFlagEnvironment('Master')).toBe('master');
    expect(featureFlagEnvironment('Development')).toBe('branch');
  });
});

describe('the main app on the sibling host (SPEC §2, §6)', () => {
  const at = (href: string) => {
    const u = new URL(href);
    return { protocol: u.protocol, hostname: u.hostname, port: u.port };
  };

  it('swaps the driver label for app, keeping scheme, the rest of the host and the port', () => {
    expect(mainAppOrigin(at('https://driver.example.com/scheduled'))).toBe('https://app.example.com');
    expect(mainAppOrigin(at('https://driver-app.summitsheds.com/'))).toBe('https://app.summitsheds.com');
    expect(mainAppOrigin(at('https://master.driver.example.dev/'))).toBe('https://master.app.example.dev');
    expect(mainAppOrigin(at('http://driver.localhost:5173/'))).toBe('http://app.localhost:5173');
    expect(mainAppOrigin(at('http://127.0.0.1:4000/'))).toBeNull();
    expect(mainAppOrigin(at('http://localhost:4000/'))).toBeNull();
    expect(mainAppOrigin(at('https://mydriver.example.com/'))).toBeNull();
  });

  it('links carry orderId and orderType when an order is on screen', () => {
    expect(mainAppLink('https://app.example.com')).toBe('https://app.example.com/');
    expect(mainAppLink('https://app.example.com', { kind: 'customer', id: 42 })).toBe('https://app.example.com/?orderId=42&orderType=customer-order');
    expect(mainAppLink('https://app.example.com', { kind: 'move', id: 7 })).toBe('https://app.example.com/?orderId=7&orderType=inventory-move-order');
    expect(mainAppLink('https://app.example.com', { kind: 'onlot', id: 0 })).toBe('https://app.example.com/');
  });

  it('reads the order from a driver-app address', () => {
    expect(orderOfAddress('/customer-order-details/42', '')).toEqual({ kind: 'customer', id: 42 });
    expect(orderOfAddress('/onlot-inventory-order-schedule-details/9', '')).toEqual({ kind: 'onlot', id: 9 });
    expect(orderOfAddress('/delivery-details/12', '?inventoryMoveOrder=true')).toEqual({ kind: 'move', id: 12 });
    expect(orderOfAddress('/create-note', '?orderId=5&onlotInventoryOrder=true')).toEqual({ kind: 'onlot', id: 5 });
    expect(orderOfAddress('/scheduled', '')).toBeNull();
    expect(orderOfAddress('/', '')).toBeNull();
    expect(orderOfAddress('/customer-order-details/abc', '')).toBeNull();
  });

  it('takes the impersonation token out of the address', () => {
    expect(takeImpersonationToken('https://driver.example.com/scheduled?impersonation_token=a.b.c&x=1#top')).toEqual({
      token: 'a.b.c',
      cleaned: '/scheduled?x=1#top',
    });
    expect(takeImpersonationToken('https://driver.example.com/?impersonation_token=')).toEqual({ token: null, cleaned: '/' });
    expect(takeImpersonationToken('https://driver.example.com/?x=1')).toEqual({ token: null, cleaned: 'https://driver.example.com/?x=1' });
  });
});

describe('a 401 naming AccountRemoved', () => {
  it('is an auth failure the engine can tell from an expired token', async () => {
    const { httpError } = await import('../../src/replication/transportError');
    const removed = httpError(401, JSON.stringify({ error: 'AccountRemoved', message: 'Your account was removed by the office' }));
    expect([removed.kind, removed.code]).toEqual(['auth', 'AccountRemoved']);
    const plain = httpError(401, JSON.stringify({ error: 'NotAuthenticated', message: 'Not authenticated' }));
    expect([plain.kind, plain.code]).toEqual(['auth', 'NotAuthenticated']);
  });
});
