// A fresh /login on a 390x844 phone (issue 10: the first screen a new driver loads): the page
// paints and uses the form with neither Chakra nor the app's code nor a database on the page;
// the app arrives once the worker says the driver is signed in, at the address asked for.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { DIST, openPhone, RESULTS, SUMMIT_DRIVER, useBrowserHarness } from './support';
import { expectReadable, MIN_TARGET } from './themeAudit';

let server: TestServer;
let page: Page;

useBrowserHarness({}, (h) => ({ server, page } = h));

/** The app's chunk (src/ui/App.tsx) and the chunk with RxDB's code, as the build named them. */
const APP_CODE = readdirSync(resolve(DIST, 'assets')).filter(
  (file) => /^App-[\w-]+\.js$/.test(file) || (file.endsWith('.js') && readFileSync(resolve(DIST, 'assets', file), 'utf8').includes('addCollections')),
);

/** Records the scripts the page's own thread parses (its workers are other targets). */
async function recordPageScripts(): Promise<string[]> {
  const parsed: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Debugger.scriptParsed', (event) => parsed.push(event.url));
  await cdp.send('Debugger.enable');
  return parsed;
}

describe('a fresh /login', () => {
  it('shows a usable form without the app, refuses a wrong password, then opens the page asked for', async () => {
    expect(APP_CODE.length).toBe(2);
    const parsed = await recordPageScripts();
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/scheduled')}`);
    // LoginScreen's form (main's chunk) has taken over login.html's; networkidle alone came
    // before main's chunk was even parsed on a busy CI machine.
    await page.locator('form.login-form:not([data-login-html])').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(parsed.some((url) => url.includes('/assets/main-'))).toBe(true);
    for (const file of APP_CODE)
      expect(
        parsed.some((url) => url.endsWith(`/assets/${file}`)),
        file,
      ).toBe(false);
    // Chakra (emotion) has inserted no style.
    expect(await page.locator('style[data-emotion]').count()).toBe(0);

    // Gloves: 48 px fields, a 56 px button; 16 px text.
    for (const field of [page.getByLabel('Email'), page.getByLabel('Password')]) expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
    expect((await page.getByRole('button', { name: 'Sign in' }).boundingBox())!.height).toBeGreaterThanOrEqual(56);
    expect(await page.getByLabel('Email').evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');

    await page.getByLabel('Email').fill(SUMMIT_DRIVER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Email or password is incorrect');
    await page.screenshot({ path: resolve(RESULTS, 'login-first-load-error.png') });
    await expectReadable(page);

    await page.getByLabel('Password').fill(SUMMIT_DRIVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/scheduled', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Scheduled', level: 2 }).first().waitFor({ timeout: 30_000 });
    expect(await page.locator('style[data-emotion]').count()).toBeGreaterThan(0);
    for (const file of APP_CODE)
      expect(
        parsed.some((url) => url.endsWith(`/assets/${file}`)),
        file,
      ).toBe(true);
  });

  it('says what the app is to a search engine, and that only the sign-in page may be indexed (a valid robots.txt)', async () => {
    await page.goto(`${server.url}/login`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/delivery drivers/);
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await robots.text()).split('\n')).toEqual(['User-agent: *', 'Allow: /login', 'Disallow: /', '']);
  });

  it("is login.html's own form until the page's code arrives, which takes it over with what was typed and the cursor where it was", async () => {
    const phone = await openPhone({ serviceWorkers: 'block' });
    try {
      const fresh = await phone.context.newPage();
      // The page's code (LoginScreen's chunk) is held until the driver has typed on the HTML form.
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await fresh.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await fresh.goto(`${server.url}/login`);
      const htmlForm = fresh.locator('form[data-login-html]');
      await htmlForm.waitFor();
      // The same screen as LoginScreen's, in English: 16 px text, 48 px fields, a 56 px button, readable.
      expect(await fresh.getByRole('heading', { name: 'Driver App', level: 1 }).isVisible()).toBe(true);
      expect(await fresh.getByText('Sign in to see your deliveries.').isVisible()).toBe(true);
      for (const field of [fresh.getByLabel('Email'), fresh.getByLabel('Password')])
        expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
      expect((await fresh.getByRole('button', { name: 'Sign in' }).boundingBox())!.height).toBeGreaterThanOrEqual(56);
      expect(await fresh.getByLabel('Email').evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
      await fresh.screenshot({ path: resolve(RESULTS, 'login-html-form.png') });
      await expectReadable(fresh);

      await fresh.getByLabel('Email').pressSequentially(SUMMIT_DRIVER.email);
      await fresh.getByLabel('Password').pressSequentially('summit-');
      release();
      await fresh.locator('form.login-form:not([data-login-html])').waitFor({ timeout: 30_000 });
      expect(await htmlForm.count()).toBe(0);
      expect(await fresh.getByLabel('Email').inputValue()).toBe(SUMMIT_DRIVER.email);
      expect(await fresh.getByLabel('Password').inputValue()).toBe('summit-');
      expect(await fresh.getByLabel('Password').evaluate((el) => el === document.activeElement)).toBe(true);
      // The keys after the takeover land where the cursor was.
      await fresh.keyboard.type(SUMMIT_DRIVER.password.slice('summit-'.length));
      expect(await fresh.getByLabel('Password').inputValue()).toBe(SUMMIT_DRIVER.password);
      await fresh.getByRole('button', { name: 'Sign in' }).click();
      await fresh.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
      await fresh.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
    } finally {
      await phone.close();
    }
  });

  it('moves a driver who is already signed in to Home', async () => {
    await page.goto(`${server.url}/login`);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
  });

  it("signs in when the app's code did not arrive (twice): the page loads the target afresh", async () => {
    const phone = await openPhone({ serviceWorkers: 'block' });
    try {
      const fresh = await phone.context.newPage();
      // The app's code never arrives on the /login document and arrives once the page loads
      // /scheduled afresh. Refusing the first N requests instead made the test depend on timing:
      // one load of the chunk is one or two requests (Vite's modulepreload link, then import(),
      // which shares the link's request while it is in flight), so a slow answer put the second
      // refusal on the reloaded page and none was left for the load after the sign-in.
      let reloaded = false;
      fresh.on('request', (request) => {
        if (request.isNavigationRequest() && new URL(request.url()).pathname === '/scheduled') reloaded = true;
      });
      let refused = 0;
      await fresh.route(/\/assets\/App-[\w-]+\.js$/, (route) => {
        refused++;
        return reloaded ? route.continue() : route.abort('internetdisconnected');
      });
      await fresh.goto(`${server.url}/login?redirect=${encodeURIComponent('/scheduled')}`);
      // Twice: the load that starts as the driver types fails before Sign in is pressed, then the
      // load after the sign-in fails too.
      const warmUpFailed = fresh.waitForEvent('pageerror', { predicate: (error) => error.message.includes('dynamically imported module') });
      await fresh.getByLabel('Email').fill(SUMMIT_DRIVER.email);
      await warmUpFailed;
      await fresh.getByLabel('Password').fill(SUMMIT_DRIVER.password);
      await fresh.getByRole('button', { name: 'Sign in' }).click();
      await fresh.getByRole('heading', { name: 'Scheduled', level: 2 }).first().waitFor({ timeout: 30_000 });
      expect(new URL(fresh.url()).pathname).toBe('/scheduled');
      expect(refused).toBeGreaterThanOrEqual(3);
    } finally {
      await phone.close();
    }
  });
});

describe('a cold start away from /login', () => {
  it('whose app code does not arrive says so instead of a splash that stays, and opens the app on Try again', async () => {
    const phone = await openPhone({ serviceWorkers: 'block' });
    try {
      const fresh = await phone.context.newPage();
      let arrives = false;
      let served = 0;
      await fresh.route(/\/assets\/App-[\w-]+\.js$/, (route) => {
        if (!arrives) return route.abort('internetdisconnected');
        served++;
        return route.continue();
      });
      await fresh.goto(`${server.url}/scheduled`);
      const failure = fresh.getByTestId('boot-failure');
      await failure.waitFor({ timeout: 30_000 });
      expect(await failure.textContent()).toContain('The app did not finish loading');
      const retry = failure.getByRole('button', { name: 'Try again' });
      expect((await retry.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
      await fresh.screenshot({ path: resolve(RESULTS, 'boot-failure.png') });
      await expectReadable(fresh);

      arrives = true;
      await retry.click();
      // The app (the router, every screen) is on the page: a signed-out driver is sent to its /login.
      await fresh.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
      await fresh.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
      expect(served).toBeGreaterThan(0);
      expect(await fresh.getByTestId('boot-failure').count()).toBe(0);
    } finally {
      await phone.close();
    }
  });
});
