// The outbox's one status vocabulary in the browser (issue 23 item 4): the queue drawer's cards
// and the app bar read each state the same way — waiting for signal offline, sending with the
// photo's progress, needs attention, delivered with its emails not sent. Screenshots at 390x844:
// test-results/status-*.png.
import { resolve } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { photo } from './deliverySupport';
import { animationsSettled } from './settle';
import { ensureServiceWorker, RESULTS, signIn, SUMMIT_DRIVER as DRIVER, useBrowserHarness, type BrowserHarness, type Phone } from './support';

let server: TestServer;
let phone: Phone;
let page: Page;
let harness: BrowserHarness;
useBrowserHarness({}, (h) => {
  harness = h;
  ({ server, phone, page } = h);
});

async function onlotOrders(): Promise<number[]> {
  const rows = await server.query<{ id: number }>(
    `select o.id from orders o join accounts a on a.id = o.driver_id
      where a.email = $1 and o.kind = 'onlot' and o.delivered_at is null and o.cancelled_at is null order by o.id`,
    [DRIVER.email],
  );
  return rows.map((r) => Number(r.id));
}

const entryOf = (kind: string) => page.getByRole('dialog').locator(`[data-entry-kind="${kind}"]`);

async function deliverOnlot(orderId: number): Promise<void> {
  await page.goto(`${harness.proxy.url}/delivery-details/${orderId}?onlotInventoryOrder=true`);
  await page.getByTestId('photo-files-input').setInputFiles([{ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo(90) }]);
  await expect.poll(() => page.getByTestId('photo-thumb').count(), { timeout: 30_000 }).toBe(1);
  await page.getByLabel('Miles driven').fill('8');
  await page.getByRole('button', { name: 'Delivery started: now' }).click();
  await page.getByRole('button', { name: 'Delivery ended: now' }).click();
  await page.getByRole('button', { name: 'Deliver', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function openQueue(): Promise<void> {
  await page.getByTestId('outbox-button').click();
  await page.getByRole('dialog').waitFor();
  await animationsSettled(page);
}

async function shot(name: string): Promise<void> {
  await animationsSettled(page);
  await page.screenshot({ path: resolve(RESULTS, name) });
}

describe('the queue says where each action stands, in one vocabulary', () => {
  it('waiting for signal, sending with progress, needs attention, delivered with emails not sent', async () => {
    const [noteOrder, refusedOrder, deliveredOrder] = await onlotOrders();
    expect(deliveredOrder).toBeDefined();
    await signIn(page, harness.proxy.url);
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
    await ensureServiceWorker(page);

    // Offline: a note waits for signal; no "Sending the note", no error on the card.
    await harness.setOnline(false);
    await page.goto(`${harness.proxy.url}/create-note/${noteOrder}?onlotInventoryOrder=true`);
    await page.getByTestId('note-text').fill('Gate code 4411');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByTestId('snackbar').getByText('Saved on this phone — it will be sent when you are online').waitFor();
    expect(await page.getByText('Sending the note').count()).toBe(0);
    await page.goto(`${harness.proxy.url}/`);
    await expect.poll(() => page.getByTestId('outbox-button').textContent()).toBe('1 waiting');
    await openQueue();
    const note = entryOf('create_order_note');
    expect(await note.getByTestId('outbox-status').textContent()).toBe('Waiting for signal');
    expect(await note.getByTestId('outbox-error').count()).toBe(0);
    await shot('status-offline-queued.png');
    await page.keyboard.press('Escape');

    // Back online; the delivery's photo is held on its way up: Sending, with its progress.
    let held: Route | null = null;
    await phone.context.route('**/upload/tus/**', (route) => {
      if (route.request().method() === 'PATCH' && !held) held = route;
      else void route.continue();
    });
    await harness.setOnline(true);
    await expect.poll(() => page.getByTestId('outbox-button').count(), { timeout: 30_000 }).toBe(0);
    await deliverOnlot(refusedOrder!);
    await openQueue();
    const delivery = entryOf('deliver_onlot');
    await expect.poll(() => delivery.getByTestId('outbox-status').textContent(), { timeout: 30_000 }).toBe('Sending');
    await delivery.getByTestId('outbox-upload-progress').waitFor({ timeout: 30_000 });
    expect(await delivery.getByTestId('outbox-upload-progress').textContent()).toMatch(/^Sending photo 1 of 1 — \d+%$/);
    await shot('status-sending.png');

    // The server refuses the delivery: needs attention, with its words and the driver's choices.
    await phone.context.route('**/secure/driver/deliver_onlot**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'DeliveryPhotoRequired', message: 'Delivery photo(s) required' }),
      }),
    );
    await expect.poll(() => held !== null).toBe(true);
    await (held as Route | null)?.continue();
    await expect.poll(() => delivery.getByTestId('outbox-status').textContent(), { timeout: 60_000 }).toBe('Needs attention');
    await shot('status-needs-attention.png');
    await page.keyboard.press('Escape');

    // Another delivery reaches the server; its email is refused: "Delivered · emails not sent", final.
    await phone.context.unroute('**/secure/driver/deliver_onlot**');
    await phone.context.route('**/api/driver/email-info/**', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'GeneralError', message: 'Mail relay refused' }) }),
    );
    await deliverOnlot(deliveredOrder!);
    await openQueue();
    const recent = page.getByTestId('outbox-recent').getByTestId('outbox-entry');
    await expect.poll(() => recent.first().getByTestId('outbox-explain').textContent(), { timeout: 60_000 }).toBe('Delivered · emails not sent');
    expect(await recent.first().getByTestId('outbox-status').textContent()).toBe('Delivered');
    await page.getByTestId('outbox-recent').scrollIntoViewIfNeeded();
    await shot('status-followups-failed.png');
  });
});
