// Customer and move orders end to end in Debian's Chromium against the real server: a cash
// delivery recorded offline (photos, drawn signature, happy list, survey), reloaded with no
// network and sent on reconnect; a new card authorized online then delivered; a move order.
// After the card flow no IndexedDB database, outbox entry, server table or log line holds
// the card number or the CVV.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { deliveryOf, fillCommon, liveOrders, sign } from './deliverySupport';
import { storedRecords, waitForStored } from './settle';
import { ensureServiceWorker, RESULTS, SUMMIT_DRIVER as DRIVER, useBrowserHarness, type Phone, type Proxy } from './support';
const PAN = '4111111111111111';
const CVV = '737';

let server: TestServer;
let proxy: Proxy;
let phone: Phone;
let page: Page;
const logLines: string[] = [];

// After each test the harness brings the network back: a failed test must not leave the next one offline.
useBrowserHarness(
  {
    server: { build: { logger: true, logStream: { write: (line: string) => logLines.push(line) } } },
    async onServer(s) {
      // Payable, emailable orders for this suite: a balance and the customer's delivered email on.
      await s.query(
        `UPDATE customer_order_billing b SET remaining_balance = 900 FROM orders o JOIN accounts a ON a.id = o.driver_id
      WHERE b.order_id = o.id AND a.email = $1 AND NOT b.is_rto AND o.delivered_at IS NULL`,
        [DRIVER.email],
      );
      await s.query(`UPDATE customer_email_settings SET order_delivered = true`);
    },
  },
  async (h) => {
    ({ server, proxy, phone, page } = h);
    await page.goto(`${proxy.url}/login`);
    await page.getByLabel('Email').fill(DRIVER.email);
    await page.getByLabel('Password').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The service worker must control the page before an offline reload can work.
    await ensureServiceWorker(page);
  },
);

describe('customer orders in the browser', () => {
  it('a cash delivery recorded offline, reloaded offline, then sent once with signature, happy list, survey, certificate and emails', async () => {
    const [orderId] = await liveOrders(server, DRIVER.email, 'customer', 'NOT b.is_rto');
    expect(orderId).toBeDefined();
    const since = new Date();
    await page.goto(`${proxy.url}/customer-order-details/${orderId}`);
    await expect.poll(() => page.getByTestId('customer-details').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.screenshot({ path: resolve(RESULTS, 'customer-details.png'), fullPage: true });

    await phone.context.setOffline(true);
    proxy.setReachable(false);
    await page.getByRole('link', { name: 'Deliver', exact: true }).click();
    await page.waitForURL(/\/delivery-details\/\d+\?customerOrder=true/);
    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await page.getByText('A payment method is required', { exact: true }).first().waitFor();

    await fillCommon(page, '18');
    await sign(page);
    const happy = page.locator('[data-field="happy-list"] label');
    if ((await happy.count()) > 0) await happy.first().click();
    const yes = page.locator('[data-field="survey"]').getByRole('button', { name: 'Yes' });
    if ((await yes.count()) > 0) await yes.first().click();
    await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'Cash' }).click();
    await page.getByLabel('Amount collected ($)').fill('abc');
    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await page.getByText('Payment amount is not a number', { exact: true }).first().waitFor();
    await page.screenshot({ path: resolve(RESULTS, 'customer-delivery-invalid.png'), fullPage: true });
    await page.getByLabel('Amount collected ($)').fill('125.50');

    // The tab dies before Deliver, once the last value typed is in PWADB (drafts are written
    // in order): everything typed is still there after a reload offline.
    await waitForStored(page, '"125.50"');
    await page.reload();
    await expect.poll(() => page.getByLabel('Amount collected ($)').inputValue(), { timeout: 30_000 }).toBe('125.50');
    expect(await page.getByTestId('photo-thumb').count()).toBe(2);
    // The drawn signature was stored as a PNG in the blob store and comes back as the saved image.
    await page.getByTestId('signature-saved').waitFor();
    await page.screenshot({ path: resolve(RESULTS, 'customer-delivery.png'), fullPage: true });
    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.reload();
    await expect
      .poll(() => page.locator(`[data-order-key="co-${orderId}"]`).getByTestId('outbox-status').textContent(), { timeout: 30_000 })
      .toBe('Waiting for signal');
    expect(await deliveryOf(server, orderId!)).toEqual([]);

    proxy.setReachable(true);
    await phone.context.setOffline(false);
    await expect.poll(async () => (await deliveryOf(server, orderId!)).length, { timeout: 60_000, interval: 500 }).toBe(1);
    const [delivery] = await deliveryOf(server, orderId!);
    expect(delivery).toMatchObject({ signature_mime: 'image/png', images: '2' });
    expect(delivery?.payload).toMatchObject({ payment_amount: '125.50', signature_from: 'customer', delivery_miles_driven: 18 });
    const [payment] = await server.query<{ method: string; amount: string }>('SELECT method, amount::text FROM order_payments WHERE order_id = $1', [orderId]);
    expect(payment).toEqual({ method: 'Cash', amount: '125.50' });
    // Certificate, then the emails (each after the 7 s wait), each once.
    await expect
      .poll(async () => (await server.query('SELECT 1 FROM delivery_certificates WHERE delivery_id = $1', [delivery?.id])).length, {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe(1);
    const sent = () =>
      server.query<{ template: string; n: string }>(
        `SELECT template, count(*)::text n FROM email_log WHERE created_at >= $1 AND status = 'sent' GROUP BY template ORDER BY template`,
        [since],
      );
    await expect
      .poll(async () => (await sent()).map((r) => r.template), { timeout: 60_000, interval: 1000 })
      .toEqual(['customer-order-delivered', 'office-admin-order-delivered']);
    expect((await sent()).map((r) => r.n)).toEqual(['1', '1']);
    await expect.poll(() => page.locator(`[data-order-key="co-${orderId}"]`).count(), { timeout: 60_000, interval: 500 }).toBe(0);
  });

  it('a new card authorized online, then delivered: no card number or CVV anywhere on the phone, the server or its log', async () => {
    const [orderId] = await liveOrders(server, DRIVER.email, 'customer', 'NOT b.is_rto AND b.remaining_balance >= 200');
    expect(orderId).toBeDefined();
    await page.goto(`${proxy.url}/delivery-details/${orderId}?customerOrder=true`);
    await page.getByTestId('payment').waitFor({ timeout: 30_000 });
    await fillCommon(page, '7');
    await sign(page);
    await page.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: 'Credit card' }).click();
    await page.getByRole('group', { name: 'Card' }).getByRole('button', { name: 'New card' }).click();
    await page.getByLabel('Amount collected ($)').fill('200.00');
    await page.getByLabel('Card number').fill(PAN);
    await page.getByLabel('Expiry (MM/YY)').fill('1230');
    await page.getByLabel('CVV').fill(CVV);
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Yoder'],
      ['Street address', '1 Main St'],
      ['City', 'Lancaster'],
      ['State', 'PA'],
      ['ZIP', '17601'],
      ['Phone', '7175550100'],
    ] as const) {
      if (!(await page.getByLabel(label, { exact: true }).inputValue())) await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.screenshot({ path: resolve(RESULTS, 'new-card-form.png'), fullPage: true });
    await page.getByRole('button', { name: 'Authorize card' }).click();
    await page.getByRole('button', { name: 'Use another card' }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: resolve(RESULTS, 'new-card-authorized.png'), fullPage: true });
    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await deliveryOf(server, orderId!)).length, { timeout: 60_000, interval: 500 }).toBe(1);
    const [payment] = await server.query<{ method: string; source: string; amount: string; card_last_four: string }>(
      'SELECT method, source, amount::text, card_last_four FROM order_payments WHERE order_id = $1',
      [orderId],
    );
    expect(payment).toEqual({ method: 'CreditCard', source: 'new_card', amount: '200.00', card_last_four: '1111' });

    // Every IndexedDB database of the page (PWADB, its blobs, RxDB's meta), every record.
    const dump = (await storedRecords(page)).join('\n');
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump).toContain('new_card');
    expect(dump).not.toContain(PAN);
    expect(dump).not.toContain(`"${CVV}"`);
    expect(dump).not.toMatch(/card_cvv|cardCvv|cardNumber/);
    // The server: every text and JSON column of every table, and every log line.
    const columns = await server.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb', 'json', 'character varying')`,
    );
    for (const { table_name: table, column_name: column } of columns) {
      const hits = await server.query(`SELECT 1 FROM "${table}" WHERE "${column}"::text LIKE $1 OR "${column}"::text LIKE $2 LIMIT 1`, [
        `%${PAN}%`,
        `%"${CVV}"%`,
      ]);
      expect(hits, `${table}.${column}`).toEqual([]);
    }
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.join('\n')).not.toContain(PAN);
  });
});

describe('move orders in the browser', () => {
  it('delivers a move order: photos, miles, times, note; GPS 0 when missing', async () => {
    const [orderId] = await liveOrders(server, DRIVER.email, 'move');
    expect(orderId).toBeDefined();
    await page.goto(`${proxy.url}/inventory-move-order-details/${orderId}`);
    await expect.poll(() => page.getByTestId('delivery-details').getByText('Dealership').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.screenshot({ path: resolve(RESULTS, 'move-details.png'), fullPage: true });
    await page.getByRole('link', { name: 'Deliver', exact: true }).click();
    await page.waitForURL(/\/delivery-details\/\d+\?inventoryMoveOrder=true/);
    await fillCommon(page, '-4');
    await page.getByRole('button', { name: 'Delivery started: now' }).click();
    await page.getByRole('button', { name: 'Delivery ended: now' }).click();
    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await page.getByText('Miles driven cannot be negative', { exact: true }).first().waitFor();
    await page.getByLabel('Miles driven').fill('33');
    await page.screenshot({ path: resolve(RESULTS, 'move-delivery.png'), fullPage: true });
    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(async () => (await server.query('SELECT 1 FROM deliveries WHERE order_id = $1', [orderId])).length, { timeout: 60_000, interval: 500 })
      .toBe(1);
    const [row] = await server.query<{ miles_driven: number; gps_lat: number; gps_lon: number; images: string }>(
      'SELECT d.miles_driven, d.gps_lat, d.gps_lon, (SELECT count(*)::text FROM delivery_images i WHERE i.delivery_id = d.id) images FROM deliveries d WHERE d.order_id = $1',
      [orderId],
    );
    expect(row).toEqual({ miles_driven: 33, gps_lat: 0, gps_lon: 0, images: '2' });
  });
});
