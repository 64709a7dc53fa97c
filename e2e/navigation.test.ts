// The navigation drawer on a 390x844 phone: the Menu button at the start of the app bar opens
// the app's screens (from src/ui/navigation.ts) with the current one marked; choosing one
// navigates and closes it; Back returns. Screens not built yet are not offered, and an order
// that is not on this device leads back Home.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { RESULTS, signIn, useBrowserHarness } from './support';
import { expectReadable, MIN_TARGET } from './themeAudit';

let server: TestServer;
let page: Page;

useBrowserHarness({}, (h) => ({ server, page } = h));

const menuButton = () => page.getByRole('button', { name: 'Menu', exact: true });
const drawer = () => page.getByRole('dialog');
const entry = (label: string) => drawer().getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: label, exact: true });

async function openMenu(): Promise<void> {
  await menuButton().click();
  await drawer().waitFor();
  // The drawer slides in; measure and click once it stands still.
  await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.getAnimations().length === 0);
}

describe('navigation drawer', () => {
  it('opens from the Menu button with the available screens, the current one marked, legible with gloves in the sun', async () => {
    await signIn(page, server.url);
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
    // The app bar names the screen (SPEC §2), and the tab says it too.
    await expect.poll(() => page.getByTestId('screen-title').textContent()).toBe('Orders');
    expect(await page.title()).toBe('Orders · Driver App');

    // The Menu button is the first control of the app bar, a 48x48 target.
    const bar = await page.locator('header').boundingBox();
    const button = await menuButton().boundingBox();
    expect(bar && button).toBeTruthy();
    expect(button!.width).toBeGreaterThanOrEqual(MIN_TARGET);
    expect(button!.height).toBeGreaterThanOrEqual(MIN_TARGET);
    expect(button!.x).toBeLessThan(bar!.x + 16);

    await openMenu();
    const links = drawer().getByRole('navigation', { name: 'Screens' }).getByRole('link');
    expect(await links.allTextContents()).toEqual(['Orders', 'Map', 'Scheduled', 'Notifications', 'Delivery log', 'Settings', 'Tech support']);
    expect(await entry('Orders').getAttribute('aria-current')).toBe('page');
    expect(await entry('Map').getAttribute('aria-current')).toBeNull();
    expect(await entry('Map').getAttribute('href')).toBe('/map');
    expect(await entry('Scheduled').getAttribute('href')).toBe('/scheduled');
    for (const label of ['Orders', 'Map', 'Scheduled']) {
      const box = await entry(label).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(MIN_TARGET);
    }
    // The account actions sit at the bottom of the same drawer.
    for (const name of ['Sync now', 'Waiting to send (0)', 'Sign out']) await drawer().getByRole('button', { name }).waitFor();

    await page.screenshot({ path: resolve(RESULTS, 'navigation-menu.png') });
    await expectReadable(page);

    await page.getByRole('button', { name: 'Close' }).click();
    await drawer().waitFor({ state: 'hidden' });
  });

  it('reaches the map and the schedule, each marked current while open', async () => {
    for (const [label, path, shows, title] of [
      ['Scheduled', '/scheduled', () => page.getByTestId('scheduled-count'), 'Scheduled orders'],
      ['Map', '/map', () => page.getByTestId('map-summary'), 'Order map'],
    ] as const) {
      await openMenu();
      await entry(label).click();
      await page.waitForURL((url) => url.pathname === path);
      await drawer().waitFor({ state: 'hidden' });
      await shows().first().waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('screen-title').textContent()).toBe(title);
      await openMenu();
      expect(await entry(label).getAttribute('aria-current')).toBe('page');
      await page.getByRole('button', { name: 'Close' }).click();
      await drawer().waitFor({ state: 'hidden' });
    }
    await openMenu();
    await entry('Orders').click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('navigates to an entry and closes; Back returns to where the driver was', async () => {
    await page.getByTestId('order-card').first().click();
    await page.waitForURL((url) => url.pathname !== '/');
    const details = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Deliver', exact: true }).waitFor({ timeout: 30_000 });

    await openMenu();
    // An order's details is not one of the menu's screens: nothing is marked.
    expect(await drawer().locator('[aria-current="page"]').count()).toBe(0);
    await entry('Orders').click();
    await page.waitForURL((url) => url.pathname === '/');
    await drawer().waitFor({ state: 'hidden' });
    await page.getByTestId('order-card').first().waitFor();

    // The phone's Back returns to the order; the app's Back control then to the list.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === details);
    await page.getByRole('link', { name: 'Deliver', exact: true }).waitFor({ timeout: 30_000 });
    expect(await drawer().count()).toBe(0);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The phone's Back with the menu open closes it along with the navigation.
    await page.getByTestId('order-card').first().click();
    await page.waitForURL((url) => url.pathname === details);
    await openMenu();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await drawer().waitFor({ state: 'hidden' });
  });

  it('an order that is not on this device leads back Home', async () => {
    for (const address of [
      '/inventory-move-order-details/987654321',
      '/schedule/987654321?customerOrder=true',
      '/delivery-details/987654321?onlotInventoryOrder=true',
    ]) {
      await page.goto(`${server.url}${address}`);
      await page.getByText('This order is not on this device.', { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Back to Home Page' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    }
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
  });
});
