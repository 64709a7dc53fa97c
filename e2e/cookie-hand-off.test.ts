// Issue 22 item 8 in Chromium: the main app hands a driver over with its `jwt` cookie (SPEC
// §6/§9, path /). A forged token in it is refused: Login says "Not authorized" and nobody is
// signed in. A token of only SPEC's confirmed claims (company_id, role, exp) and `sub`, signed
// like the main app's, opens Home with that driver's orders, no sign-in typed; a reload keeps
// the session (it lives in PWADB) and a sign-out is not undone by the same cookie.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { SUMMIT_DRIVER as DRIVER, useBrowserHarness, type BrowserHarness, type Proxy } from './support';

const JWT_SECRET = randomBytes(32).toString('hex');
let server: TestServer;
let proxy: Proxy;
let page: Page;
let harness: BrowserHarness;

useBrowserHarness({ server: { jwtSecret: JWT_SECRET } }, (h) => {
  ({ server, proxy, page } = h);
  harness = h;
});

/** A token of exactly SPEC's confirmed claims and the account as `sub`, as the main app might mint it. */
async function mainAppToken(secret = JWT_SECRET): Promise<string> {
  const [account] = await server.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [DRIVER.email]);
  return new SignJWT({ company_id: account?.company_id, role: 'driver', sub: String(account?.id), exp: Math.floor(Date.now() / 1000) + 86_400 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

const setJwtCookie = (value: string) => harness.phone.context.addCookies([{ name: 'jwt', value, url: `${proxy.url}/` }]);

describe('the jwt cookie hand-off', () => {
  it('a forged token is refused with "Not authorized" and no session; a good one opens Home without signing in', async () => {
    await setJwtCookie(await mainAppToken('a-forged-secret-a-forged-secret-a-forged'));
    await page.goto(`${proxy.url}/`);
    await page.getByRole('alert').filter({ hasText: 'Not authorized' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email').waitFor();

    await setJwtCookie(await mainAppToken());
    await page.goto(`${proxy.url}/`);
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByLabel('Email').count()).toBe(0);

    // The session lives in PWADB: a reload stays signed in.
    await page.reload();
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });

    // A sign-out is the driver's: the same cookie does not sign them in again on the next load.
    await page.getByTestId('menu-button').click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').waitFor({ timeout: 30_000 });
    await page.goto(`${proxy.url}/`);
    await page.getByLabel('Email').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
