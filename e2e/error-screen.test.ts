// SPEC §2's generic error screen in Debian's Chromium, for an unexpected failure: a screen's
// code that does not arrive (a deploy replaced it while the app was open; no service worker
// holds a copy). The screen says 'Something went wrong' and SPEC §8's fallback 'There was an
// error', keeps the app bar, and 'Back to Home Page' leads to a working app.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { openPhone, RESULTS, signIn, useBrowserHarness } from './support';

let server: TestServer;

useBrowserHarness({}, (h) => ({ server } = h));

describe('the generic error screen', () => {
  it('an unexpected failure shows Something went wrong, There was an error and a way back Home', async () => {
    // Without a service worker every chunk comes from the network, so one can be refused.
    const phone = await openPhone({ serviceWorkers: 'block' });
    try {
      const page = phone.context.pages()[0] ?? (await phone.context.newPage());
      let arrives = false;
      await page.route(/\/assets\/TechSupport-[\w-]+\.js$/, (route) => (arrives ? route.continue() : route.abort('internetdisconnected')));
      await signIn(page, server.url);
      await page.locator('[data-order-key]').first().waitFor({ timeout: 30_000 });

      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Tech support' }).click();
      const screen = page.getByTestId('error-screen');
      await screen.waitFor({ timeout: 30_000 });
      expect(await screen.getByRole('heading', { name: 'Something went wrong' }).isVisible()).toBe(true);
      expect(await screen.getByText('There was an error', { exact: true }).isVisible()).toBe(true);
      // The app bar stays: the failure is the screen's, not the app's.
      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
      await page.screenshot({ path: resolve(RESULTS, 'error-screen.png'), fullPage: true });

      arrives = true;
      await screen.getByRole('button', { name: 'Back to Home Page' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('[data-order-key]').first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('error-screen').count()).toBe(0);
      // The app works again: the screen that failed opens now that its code arrives.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Tech support' }).click();
      await page.waitForURL((url) => url.pathname === '/tech-support');
      await page.getByRole('heading', { name: 'Tech support', level: 2 }).first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('error-screen').count()).toBe(0);
    } finally {
      await phone.close();
    }
  });
});
