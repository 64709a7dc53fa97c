import { describe, expect, it } from 'vitest';
import { CONTRACT_VERSION, contractIncompatibility } from '../../src/domain';
import { backoffMs, BACKOFF_CAP_MS, buildUrl, createHttpClient, hostFor, httpError } from '../../src/replication';

describe('SPEC §8 transport rule', () => {
  it('maps the login failure text, 404, 401 and the rest', () => {
    expect(httpError(401, 'Invalid email or password')).toMatchObject({ code: 'IncorrectEmailOrPassword', message: 'Email or password is incorrect' });
    expect(httpError(404, '')).toMatchObject({ code: 'NotFound', kind: 'permanent' });
    // SPEC §8: 401 gives not authorized; only a call without a token is "not authenticated" (below).
    expect(httpError(401, '')).toMatchObject({ code: 'NotAuthorized', message: 'Not authorized', kind: 'auth' });
    expect(httpError(500, '<html>')).toMatchObject({ code: 'GeneralError', message: 'There was an error', kind: 'retry' });
  });

  it('uses the server error body and classifies what to retry', () => {
    expect(httpError(400, JSON.stringify({ error: 'DeliveryMilesRequired', message: 'Delivery miles required' }))).toMatchObject({
      code: 'DeliveryMilesRequired',
      kind: 'permanent',
    });
    expect(httpError(409, JSON.stringify({ error: 'IdempotencyKeyInFlight', message: 'x' })).kind).toBe('retry');
    expect(httpError(409, JSON.stringify({ error: 'OrderAlreadyDelivered', message: 'x' })).kind).toBe('permanent');
    expect(httpError(429, '').kind).toBe('retry');
    expect(httpError(503, '').kind).toBe('retry');
  });

  it('keeps who has the order when a deliver refusal names them (issue 23), and nothing else of the body', () => {
    const body = { error: 'OrderReassigned', message: 'This order was reassigned to Bea Miller', assigned_to: 'Bea Miller', errors: ['x'] };
    expect(httpError(409, JSON.stringify(body))).toMatchObject({ code: 'OrderReassigned', kind: 'permanent', holder: { assigned_to: 'Bea Miller' } });
    const delivered = { error: 'OrderAlreadyDelivered', message: 'x', delivered_by: null, delivered_at: '2026-11-20T12:00:00.000Z' };
    expect(httpError(409, JSON.stringify(delivered)).holder).toEqual({ delivered_by: null, delivered_at: '2026-11-20T12:00:00.000Z' });
    expect(httpError(409, JSON.stringify({ error: 'OrderAlreadyDelivered', message: 'x' })).holder).toBeNull();
  });

  it('426 ClientTooOld pauses for an update, with or without the server body', () => {
    expect(httpError(426, JSON.stringify({ error: 'ClientTooOld', message: 'x' }))).toMatchObject({ code: 'ClientTooOld', kind: 'upgrade' });
    expect(httpError(426, '')).toMatchObject({ code: 'ClientTooOld', kind: 'upgrade', status: 426 });
  });
});

describe('contract version', () => {
  it('every call carries X-Contract-Version', async () => {
    const seen: Headers[] = [];
    const http = createHttpClient({
      hosts: { main: 'https://main', remix: 'https://remix', report: 'https://report' },
      getToken: () => Promise.resolve('t'),
      fetch: (url, init) => {
        seen.push(new Headers(init.headers));
        // Answers each call's schema accepts: a boolean, the sign-in token.
        return Promise.resolve(new Response(url.endsWith('/auth/login') ? '"t"' : 'true', { status: 200 }));
      },
    });
    await http.read('GET /api/company-user-is-removed');
    await http.call('POST /auth/login', { email: 'a@b.c', password: 'p' }, { auth: false });
    await http.getRaw('/files/x.jpg');
    expect(seen.map((h) => h.get('x-contract-version'))).toEqual([String(CONTRACT_VERSION), String(CONTRACT_VERSION), String(CONTRACT_VERSION)]);
  });

  it('the server judges a header: none is current, older than the minimum is too old, garbage is invalid', () => {
    expect(contractIncompatibility(undefined, 2)).toBeNull();
    expect(contractIncompatibility('2', 2)).toBeNull();
    expect(contractIncompatibility('3', 2)).toBeNull();
    expect(contractIncompatibility('1', 2)).toBe('ClientTooOld');
    for (const bad of ['0', '', 'x', '1.0', '-2', ['1', '2']]) expect(contractIncompatibility(bad, 1), String(bad)).toBe('InvalidContractVersion');
  });
});

describe('SPEC §7 request building', () => {
  const hosts = { main: 'https://main', remix: 'https://remix', report: 'https://report' };
  it('routes by path prefix', () => {
    expect(hostFor(hosts, '/secure/report/email_office_admin_customer_order_delivered')).toBe('https://report');
    expect(hostFor(hosts, '/api/driver/order-list')).toBe('https://remix');
    expect(hostFor(hosts, '/rmaembed/x')).toBe('https://remix');
    expect(hostFor(hosts, '/secure/driver/deliver_onlot_inventory_order')).toBe('https://main');
  });
  it('leaves empty query values out', () => {
    expect(buildUrl('', '/api/x', { a: 1, b: '', c: null, d: undefined, e: false })).toBe('/api/x?a=1&e=false');
  });
});

describe('back-off', () => {
  it('grows exponentially and stays under the cap', () => {
    expect(backoffMs(1, () => 1)).toBe(2_000);
    expect(backoffMs(3, () => 1)).toBe(8_000);
    expect(backoffMs(50, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(3, () => 0)).toBe(4_000);
  });
});
