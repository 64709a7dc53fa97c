// Reassign in a real browser: a driver hands one of their orders to a colleague from the
// schedule screen; it leaves their list once the server has it. The colleague signs in on the
// same phone and finds it on their list, details included. The server changed the order's
// driver exactly once (a trigger in the test database records every change of driver_id).
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { ensureServiceWorker, RESULTS, SUMMIT_DRIVER, SUMMIT_DRIVER2, useBrowserHarness, type BrowserHarness, type Proxy } from './support';
import { waitForSyncRun } from './settle';

let server: TestServer;
let proxy: Proxy;
let page: Page;

const harness: BrowserHarness = useBrowserHarness(
  {
    async onServer(s) {
      await s.query(
        `CREATE TABLE test_driver_changes (order_id integer NOT NULL, old_driver integer, new_driver integer, at timestamptz NOT NULL DEFAULT clock_timestamp())`,
      );
      await s.query(`CREATE FUNCTION test_log_driver_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO test_driver_changes (order_id, old_driver, new_driver) VALUES (NEW.id, OLD.driver_id, NEW.driver_id);
        RETURN NEW;
      END $$`);
      await s.query(`CREATE TRIGGER test_log_driver_change AFTER UPDATE OF driver_id ON orders
      FOR EACH ROW WHEN (OLD.driver_id IS DISTINCT FROM NEW.driver_id) EXECUTE FUNCTION test_log_driver_change()`);
    },
  },
  (h) => ({ server, proxy, page } = h),
);

const accountId = async (email: string) => Number((await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [email]))[0]?.id);
const card = (orderId: number) => page.locator(`[data-order-key="oio-${orderId}"]`);

describe('reassign', () => {
  it('hands an order to a colleague: it leaves this list, the colleague signs in on the same phone and has it, changed once on the server', async () => {
    const [me, colleague] = [await accountId(SUMMIT_DRIVER.email), await accountId(SUMMIT_DRIVER2.email)];
    const [order] = await server.query<{ id: number; serial_number: string }>(
      `SELECT id, serial_number FROM orders WHERE driver_id = $1 AND kind = 'onlot' AND delivered_at IS NULL AND cancelled_at IS NULL
        ORDER BY id LIMIT 1`,
      [me],
    );
    const orderId = Number(order?.id);
    expect(orderId).toBeGreaterThan(0);

    await page.goto(`${proxy.url}/login`);
    await harness.submitLogin(SUMMIT_DRIVER);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await card(orderId).waitFor({ timeout: 30_000 });
    await ensureServiceWorker(page);

    // The order's details, then its schedule screen, where the company's drivers are offered.
    await card(orderId).click();
    await page.waitForURL((url) => url.pathname === `/onlot-inventory-order-details/${orderId}`);
    await page.getByRole('link', { name: 'Schedule', exact: true }).click();
    await page.waitForURL(new RegExp(`/schedule/${orderId}\\?onlotInventoryOrder=true`));
    const reassign = page.getByTestId('reassign');
    const marcy = reassign.getByTestId('reassign-option').filter({ hasText: 'Marcy Kauffman' });
    await marcy.waitFor({ timeout: 30_000 });
    await marcy.click();
    expect(await marcy.getAttribute('aria-checked')).toBe('true');
    await reassign.scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(RESULTS, 'reassign.png'), fullPage: true });
    await reassign.getByRole('button', { name: 'Reassign order' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Sent at once (online): the server has it first. Only then can the list be judged: a card
    // missing from a Home that is still loading (or an app bar not yet showing the outbox) is no
    // proof, so the checks that follow wait for the rest of the list to be on screen.
    const driverOnServer = async () => (await server.query<{ driver_id: number }>('SELECT driver_id FROM orders WHERE id = $1', [orderId]))[0]?.driver_id;
    await expect.poll(driverOnServer, { timeout: 60_000, interval: 250 }).toBe(colleague);
    await expect
      .poll(async () => ({ listed: (await page.locator('[data-order-key]').count()) > 0, card: await card(orderId).count() }), {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual({ listed: true, card: 0 });
    await expect.poll(() => page.getByTestId('outbox-button').count(), { timeout: 30_000 }).toBe(0);

    // Sign out; the colleague signs in on the same phone.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await harness.submitLogin(SUMMIT_DRIVER2);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await card(orderId).waitFor({ timeout: 30_000 });
    await card(orderId).scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(RESULTS, 'reassign-colleague-home.png') });
    await card(orderId).click();
    await page.waitForURL((url) => url.pathname === `/onlot-inventory-order-details/${orderId}`);
    await expect.poll(() => page.getByTestId('delivery-details').getByText('Name on order').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByText(order!.serial_number).count()).toBeGreaterThan(0);

    // The driver changed exactly once, from me to the colleague, and stays so once every
    // run that could send it again has ended.
    await waitForSyncRun(page);
    const changes = await server.query<{ old_driver: number; new_driver: number }>(
      'SELECT old_driver, new_driver FROM test_driver_changes WHERE order_id = $1',
      [orderId],
    );
    expect(changes).toEqual([{ old_driver: me, new_driver: colleague }]);
  });
});
