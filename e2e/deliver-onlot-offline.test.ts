// The walking skeleton, end to end in a real browser: a driver signs in, goes offline,
// records an on-lot delivery with photos, reloads with no network (service worker +
// PWADB), comes back online, and the server records the delivery exactly once.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { ensureServiceWorker, RESULTS, SUMMIT_DRIVER as DRIVER, useBrowserHarness, type Phone, type Proxy } from './support';
import { animationsSettled, waitForSyncRun } from './settle';

let server: TestServer;
let proxy: Proxy;
let phone: Phone;
let page: Page;

async function driverOnlotOrders(): Promise<number[]> {
  const rows = await server.query<{ id: number }>(
    `select o.id from orders o join accounts a on a.id = o.driver_id
      where a.email = $1 and o.kind = 'onlot' and o.delivered_at is null and o.cancelled_at is null
      order by o.id`,
    [DRIVER.email],
  );
  return rows.map((r) => Number(r.id));
}

async function deliveriesOf(orderId: number): Promise<{ id: number; images: number }[]> {
  const rows = await server.query<{ id: number; images: string | number }>(
    `select d.id, (select count(*) from delivery_images i where i.delivery_id = d.id) as images
       from deliveries d where d.order_id = $1`,
    [orderId],
  );
  return rows.map((r) => ({ id: Number(r.id), images: Number(r.images) }));
}

async function submitLogin(email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const card = (orderId: number) => page.locator(`[data-order-key="oio-${orderId}"]`);

useBrowserHarness({}, (h) => ({ server, proxy, phone, page } = h));

describe('on-lot delivery', () => {
  it('sends a signed-out driver to Login, refuses bad sign-ins, then returns to the page asked for', async () => {
    const [orderId] = await driverOnlotOrders();
    const target = `/onlot-inventory-order-details/${orderId}`;
    await page.goto(`${proxy.url}${target}`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === target);
    await page.screenshot({ path: resolve(RESULTS, 'login.png') });

    await submitLogin(DRIVER.email, 'wrong-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Email or password is incorrect');
    await submitLogin('admin@summit.test', 'summit-admin-1');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Not authorized');

    await submitLogin(DRIVER.email, DRIVER.password);
    await page.waitForURL((url) => url.pathname === target, { timeout: 30_000 });

    // SPEC §2 not-found screen, and its way back.
    await page.goto(`${proxy.url}/no-such-screen`);
    for (const text of ['Oops!', "We can't seem to find the page you're looking for.", 'Error code: 404']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Back to Home Page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
    // The service worker must control the page before "offline" means anything.
    await ensureServiceWorker(page);
  });

  it('refuses an empty delivery form and queues nothing', async () => {
    const [, orderId] = await driverOnlotOrders();
    expect(orderId).toBeDefined();
    await page.goto(`${proxy.url}/delivery-details/${orderId}?onlotInventoryOrder=true`);
    // SPEC §5/§8 file rules: wrong type, and more than 5 at once, are refused with a snackbar.
    const files = page.getByTestId('photo-files-input');
    await files.setInputFiles([{ name: 'shed.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }]);
    await page.getByText('Only jpg, jpeg or png images are accepted', { exact: true }).waitFor();
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    await files.setInputFiles(Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: tiny })));
    await page.getByText('Too many files', { exact: true }).waitFor();
    expect(await page.getByTestId('photo-thumb').count()).toBe(0);

    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    const form = page.locator('main');
    for (const text of ['Delivery photo(s) required', 'Delivery miles required', 'Delivery time required']) {
      await expect.poll(() => form.getByText(text, { exact: true }).first().isVisible()).toBe(true);
    }
    await page.goto(`${proxy.url}/`);
    await card(orderId!).waitFor();
    expect(await card(orderId!).getByTestId('outbox-status').count()).toBe(0);
    expect(await page.getByTestId('outbox-button').count()).toBe(0);
    expect(await deliveriesOf(orderId!)).toEqual([]);
  });

  it('delivers offline, survives a reload, and reaches the server exactly once', async () => {
    const [orderId] = await driverOnlotOrders();
    expect(orderId).toBeDefined();
    await page.goto(`${proxy.url}/`);
    await card(orderId!).waitFor();
    await page.screenshot({ path: resolve(RESULTS, 'home.png') });

    await card(orderId!).click();
    await page.waitForURL(new RegExp(`/onlot-inventory-order-details/${orderId}$`));
    // The pull brings the delivery details; wait for them before losing the network.
    await expect.poll(() => page.getByTestId('delivery-details').getByText('Name on order').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.screenshot({ path: resolve(RESULTS, 'order-details.png'), fullPage: true });

    await phone.context.setOffline(true);
    proxy.setReachable(false);

    await page.getByRole('link', { name: 'Deliver', exact: true }).click();
    await page.waitForURL(/\/delivery-details\/\d+\?onlotInventoryOrder=true/);
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 40, g: 160, b: 220 } } })
      .png()
      .toBuffer();
    const jpg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 30, b: 120 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'e2e' } } })
      .toBuffer();
    await page.getByTestId('photo-files-input').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: png },
      { name: 'side.jpg', mimeType: 'image/jpeg', buffer: jpg },
    ]);
    await expect.poll(() => page.getByTestId('photo-thumb').count(), { timeout: 30_000 }).toBe(2);
    await page.getByLabel('Miles driven').fill('12.5');
    await page.getByRole('button', { name: 'Delivery started: now' }).click();
    await page.getByRole('button', { name: 'Delivery ended: now' }).click();
    await page.getByLabel('Note', { exact: true }).fill('Set on blocks behind the lot office.');
    await page.screenshot({ path: resolve(RESULTS, 'delivery.png'), fullPage: true });
    const deliverIdx = await page.evaluate(() => (history.state as { idx?: number } | null)?.idx);

    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Home took the delivery screen's place: there is no way Back into the sent form.
    expect(await page.evaluate(() => (history.state as { idx?: number } | null)?.idx)).toBe(deliverIdx);
    await expect.poll(() => card(orderId!).getByTestId('outbox-status').textContent()).toBe('Waiting for signal');
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    await page.screenshot({ path: resolve(RESULTS, 'home-queued.png') });
    expect(await deliveriesOf(orderId!)).toEqual([]);

    // A reload with no network: the service worker serves the shell, PWADB the data.
    await page.reload();
    await card(orderId!).waitFor({ timeout: 30_000 });
    await expect.poll(() => card(orderId!).getByTestId('outbox-status').textContent()).toBe('Waiting for signal');
    expect(await deliveriesOf(orderId!)).toEqual([]);

    proxy.setReachable(true);
    await phone.context.setOffline(false);
    await expect.poll(() => deliveriesOf(orderId!), { timeout: 60_000, interval: 500 }).toEqual([{ id: expect.any(Number) as number, images: 2 }]);
    // The driver is told, once the phone has the server's answer (it was sent without a word).
    await page
      .getByText(/^Delivery sent: /)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.screenshot({ path: resolve(RESULTS, 'delivery-sent.png') });
    // The next pull brings the tombstone: the order leaves the list.
    await expect.poll(() => card(orderId!).count(), { timeout: 60_000, interval: 500 }).toBe(0);
    expect(await page.getByTestId('outbox-button').count()).toBe(0);
    // Still exactly one delivery once every run that could send it again has ended.
    await waitForSyncRun(page);
    const [delivery] = await deliveriesOf(orderId!);
    expect((await deliveriesOf(orderId!)).length).toBe(1);
    // The photo worker scaled the long edge to 1920 px and kept PNG as PNG.
    const images = await server.query<{ width: number; height: number; mime: string }>(
      `select u.width, u.height, u.mime from delivery_images i join uploads u on u.guid = i.upload_guid
        where i.delivery_id = $1 order by i.position`,
      [delivery!.id],
    );
    expect(images).toEqual([
      { width: 1920, height: 960, mime: 'image/png' },
      { width: 1600, height: 1200, mime: 'image/jpeg' },
    ]);
    // Back from Home returns to the order's screen: the order left this phone, and the screen
    // says this phone delivered it (not "may have been delivered or reassigned").
    await page.goBack();
    await page.waitForURL(new RegExp(`/onlot-inventory-order-details/${orderId}$`));
    await page.getByRole('heading', { name: 'Delivered', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(/was recorded on this phone/).count()).toBe(1);
    expect(await page.getByText('It may have been delivered or reassigned.').count()).toBe(0);
    await page.screenshot({ path: resolve(RESULTS, 'back-after-delivery.png') });
  });

  it('shows a delivery the server refuses as needing attention, with Retry and Fix and resubmit', async () => {
    const orderId = (await driverOnlotOrders()).at(-1);
    expect(orderId).toBeDefined();
    await page.goto(`${proxy.url}/`);
    await card(orderId!).waitFor();
    await phone.context.setOffline(true);
    proxy.setReachable(false);

    await page.goto(`${proxy.url}/delivery-details/${orderId}?onlotInventoryOrder=true`);
    const jpg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('photo-files-input').setInputFiles([{ name: 'lot.jpg', mimeType: 'image/jpeg', buffer: jpg }]);
    await expect.poll(() => page.getByTestId('photo-thumb').count(), { timeout: 30_000 }).toBe(1);
    await page.getByLabel('Miles driven').fill('3');
    await page.getByRole('button', { name: 'Delivery started: now' }).click();
    await page.getByRole('button', { name: 'Delivery ended: now' }).click();
    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Meanwhile the office cancels the order: the server will refuse the delivery.
    await server.query('update orders set cancelled_at = now() where id = $1', [orderId]);
    proxy.setReachable(true);
    await phone.context.setOffline(false);

    const outboxButton = page.getByTestId('outbox-button');
    await expect.poll(() => outboxButton.textContent(), { timeout: 60_000, interval: 500 }).toBe('1 needs attention');
    await outboxButton.click();
    const entry = page.getByTestId('outbox-pending').getByTestId('outbox-entry');
    await entry.waitFor();
    expect(await entry.getByTestId('outbox-status').textContent()).toBe('Needs attention');
    expect(((await entry.getByTestId('outbox-error').textContent()) ?? '').length).toBeGreaterThan(0);
    await animationsSettled(page); // the drawer has finished sliding in before the picture
    await page.screenshot({ path: resolve(RESULTS, 'needs-attention.png') });

    await entry.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => entry.getByTestId('outbox-status').textContent(), { timeout: 60_000, interval: 500 }).toBe('Needs attention');
    await entry.getByRole('button', { name: 'Fix and resubmit' }).click();
    await expect.poll(() => page.getByTestId('outbox-pending').getByTestId('outbox-entry').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => outboxButton.count()).toBe(0);
    expect(await deliveriesOf(orderId!)).toEqual([]);
  });
});
