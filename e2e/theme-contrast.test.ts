// The theme in the sun and with gloves (390x844 phone): on Login, Home, the on-lot order
// details and the on-lot delivery screen every visible text is at least 4.5:1 against what
// is behind it, every link, button and input is at least 48x48 px, and body text is 16 px.
// Also: a Back control on the screens below Home, and the validation snackbar never hides
// the Deliver button.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { openInApp, RESULTS, SUMMIT_DRIVER as DRIVER, useBrowserHarness } from './support';
import { assertReadable, MIN_TARGET, THEME_AUDIT_SOURCE, type ThemeAudit } from './themeAudit';
import { animationsSettled } from './settle';

let server: TestServer;
let page: Page;
let onlotId: number;

async function audit(name: string): Promise<ThemeAudit> {
  await page.screenshot({ path: resolve(RESULTS, `theme-${name}.png`) });
  return page.evaluate<ThemeAudit>(THEME_AUDIT_SOURCE);
}

/** Every rule, and at least one control was measured. */
function expectReadable(result: ThemeAudit): void {
  expect(result.targetCount).toBeGreaterThan(0);
  assertReadable(result);
}

const deliverButton = () => page.getByRole('button', { name: 'Deliver', exact: true });
const backButton = () => page.getByRole('button', { name: 'Back', exact: true });

useBrowserHarness({}, async (h) => {
  ({ server, page } = h);
  const rows = await server.query<{ id: number }>(
    `select o.id from orders o join accounts a on a.id = o.driver_id
      where a.email = $1 and o.kind = 'onlot' and o.delivered_at is null and o.cancelled_at is null
      order by o.id limit 1`,
    [DRIVER.email],
  );
  onlotId = Number(rows[0]?.id);
});

describe('theme: legible in the sun, usable with gloves', () => {
  it('Login', async () => {
    expect(onlotId).toBeGreaterThan(0);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const result = await audit('login');
    // Sign in before judging, so a failure here does not also fail every later screen.
    await page.getByLabel('Email').fill(DRIVER.email);
    await page.getByLabel('Password').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    expectReadable(result);
  });

  it('Home (no Back control on the top screen)', async () => {
    await page.locator(`[data-order-key="oio-${onlotId}"]`).waitFor({ timeout: 30_000 });
    expectReadable(await audit('home'));
    expect(await backButton().count()).toBe(0);
  });

  it('on-lot order details, with a Back control', async () => {
    await page.locator(`[data-order-key="oio-${onlotId}"]`).click();
    await page.waitForURL(new RegExp(`/onlot-inventory-order-details/${onlotId}$`));
    await expect.poll(() => page.getByTestId('delivery-details').getByText('Name on order').isVisible(), { timeout: 30_000 }).toBe(true);
    expectReadable(await audit('onlot-details'));
    const box = await backButton().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(MIN_TARGET);
    expect(box?.height).toBeGreaterThanOrEqual(MIN_TARGET);
  });

  it('on-lot delivery screen; Back returns to the previous screen', async () => {
    await page.getByRole('link', { name: 'Deliver', exact: true }).click();
    await page.waitForURL(new RegExp(`/delivery-details/${onlotId}\\?onlotInventoryOrder=true$`));
    await deliverButton().waitFor();
    const result = await audit('deliver');
    await backButton().click();
    await page.waitForURL(new RegExp(`/onlot-inventory-order-details/${onlotId}$`));
    expectReadable(result);
  });

  it('schedule and note screens (date and time, Schedule, the reassign picker, the note field)', async () => {
    await openInApp(page, server.url, `/schedule/${onlotId}?onlotInventoryOrder=true`);
    await page.getByLabel('Delivery date and time').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('reassign-option').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expectReadable(await audit('schedule'));
    await openInApp(page, server.url, `/create-note/${onlotId}?onlotInventoryOrder=true`);
    await page.getByTestId('note-text').waitFor({ timeout: 30_000 });
    expectReadable(await audit('note'));
  });

  it('the validation snackbar leaves Deliver tappable and can be scrolled clear of', async () => {
    // Opened directly (no history inside the app): Back goes Home.
    await page.goto(`${server.url}/delivery-details/${onlotId}?onlotInventoryOrder=true`);
    await deliverButton().waitFor({ timeout: 30_000 });
    // The worst case: the button sits at the very bottom of the screen when it is pressed.
    await deliverButton().evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await deliverButton().click();
    const snackbar = page.getByTestId('snackbar').first();
    await snackbar.waitFor();
    await animationsSettled(page); // the snackbar's entry animation
    expectReadable(await audit('deliver-snackbar'));

    // The field errors pushed the button down; with it back at the very bottom of the
    // screen under the snackbar, the right end of the button stays uncovered.
    await deliverButton().evaluate((el) => el.scrollIntoView({ block: 'end' }));
    const tappable = await deliverButton().evaluate((el) => {
      const r = el.getBoundingClientRect();
      const x = r.right - 24;
      const y = Math.min(r.top + r.height / 2, window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      return hit !== null && el.contains(hit);
    });
    expect(tappable).toBe(true);

    // And the page scrolls far enough to lift the whole button above the snackbars.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await animationsSettled(page);
    const [button, toasts] = await Promise.all([
      deliverButton().boundingBox(),
      page.getByTestId('snackbar').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top)),
    ]);
    expect(button).not.toBeNull();
    expect(toasts.length).toBeGreaterThan(0);
    expect(button!.y + button!.height).toBeLessThanOrEqual(Math.min(...toasts));

    await backButton().click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
