// Issue 23 item 3 in the browser: a signed, card-paid delivery queued offline for an order the
// office reassigns meanwhile. Back online the queue says who has the order, the kept delivery
// (photos, signature, the saved card and amount) opens read-only although the order left the
// list, nothing was charged, and only Discard, confirmed, removes it. Screenshots:
// test-results/reassigned-*.png.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { expectNoSeriousAxeViolations } from './axe';
import { choose, fillCommon, liveOrders, paymentsOf, sign } from './deliverySupport';
import { animationsSettled, waitForSyncRun } from './settle';
import { RESULTS, SUMMIT_DRIVER as DRIVER, SUMMIT_DRIVER2, useBrowserHarness, type BrowserHarness, type Proxy } from './support';

let harness: BrowserHarness;
let server: TestServer;
let proxy: Proxy;
let page: Page;

useBrowserHarness({}, async (h) => {
  ({ server, proxy, page } = h);
  harness = h;
  await page.goto(`${proxy.url}/login`);
  await h.submitLogin(DRIVER);
  await page.waitForURL((url) => url.pathname === '/');
});

it('a delivery queued offline for an order reassigned meanwhile: who has it, the work kept and viewable, nothing charged, gone only by Discard', async () => {
  const [orderId] = await liveOrders(
    server,
    DRIVER.email,
    'customer',
    'NOT b.is_rto AND b.remaining_balance >= 250 AND EXISTS (SELECT 1 FROM customer_saved_cards c WHERE c.order_id = o.id)',
  );
  if (orderId === undefined) throw new Error('the seed has no payable customer order with a saved card');
  const [card] = await server.query<{ last_four: string }>('SELECT last_four FROM customer_saved_cards WHERE order_id = $1 ORDER BY id DESC LIMIT 1', [
    orderId,
  ]);
  const [colleague] = await server.query<{ id: number; name: string }>("SELECT id, first_name || ' ' || last_name AS name FROM accounts WHERE email = $1", [
    SUMMIT_DRIVER2.email,
  ]);
  if (!card || !colleague) throw new Error('no saved card or colleague');

  await page.goto(`${proxy.url}/delivery-details/${orderId}?customerOrder=true`);
  await page.getByTestId('payment').waitFor({ timeout: 30_000 });
  await fillCommon(page, '21');
  await sign(page);
  await choose(page, 'Payment method', 'Credit card');
  await choose(page, 'Card', 'Saved card');
  await choose(page, 'Saved card', new RegExp(`····${card.last_four}\\b`));
  await page.getByLabel('Amount collected ($)').fill('250.00');
  await harness.setOnline(false);
  await page.getByRole('button', { name: 'Deliver', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });

  // The office hands the order to a colleague while the phone has no signal.
  await server.query('UPDATE orders SET driver_id = $1 WHERE id = $2', [colleague.id, orderId]);
  await harness.setOnline(true);

  const outboxButton = page.getByTestId('outbox-button');
  await expect.poll(() => outboxButton.textContent(), { timeout: 60_000, interval: 500 }).toBe('1 needs attention');
  await outboxButton.click();
  const entry = page.getByTestId('outbox-pending').getByTestId('outbox-entry');
  await entry.waitFor();
  expect(await entry.getByTestId('outbox-explain').textContent()).toBe(`Order reassigned to ${colleague.name}`);
  expect(await entry.getByTestId('outbox-work-kept').isVisible()).toBe(true);
  expect(await entry.getByRole('button', { name: 'Fix and resubmit' }).count()).toBe(0);
  expect(await entry.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  // The picture shows the card's actions, not Deliver's "queued" snackbar over them.
  await expect.poll(() => page.locator('[data-scope="toast"][data-part="root"]').count(), { timeout: 20_000 }).toBe(0);
  await entry.getByRole('button', { name: 'Discard' }).scrollIntoViewIfNeeded();
  await animationsSettled(page);
  await page.screenshot({ path: resolve(RESULTS, 'reassigned-needs-attention.png') });
  await expectNoSeriousAxeViolations(page, 'the queue with a reassigned delivery');

  // The kept delivery, read-only, though the order left the list with this pull.
  await entry.getByRole('link', { name: 'View delivery' }).click();
  await page.waitForURL((url) => url.pathname === `/delivery-details/${orderId}`);
  await expect.poll(() => page.getByTestId('photo-thumb').count(), { timeout: 30_000 }).toBe(2);
  await waitForSyncRun(page);
  expect(await page.getByTestId('photo-thumb').count()).toBe(2);
  expect(await page.getByLabel('Amount collected ($)').inputValue()).toBe('250.00');
  expect(await page.getByRole('button', { name: 'Deliver', exact: true }).count()).toBe(0);
  await animationsSettled(page);
  await page.screenshot({ path: resolve(RESULTS, 'reassigned-kept-work.png') });
  await page.getByTestId('payment').scrollIntoViewIfNeeded();
  await page.screenshot({ path: resolve(RESULTS, 'reassigned-kept-payment.png') });
  await page.screenshot({ path: resolve(RESULTS, 'reassigned-kept-work-full.png'), fullPage: true });
  expect(await paymentsOf(server, orderId)).toEqual([]);
  expect(await server.query('SELECT 1 FROM payment_transactions t JOIN orders o ON o.order_number = t.order_number WHERE o.id = $1', [orderId])).toEqual([]);

  const kept = page.getByTestId('outbox-entry');
  await kept.getByRole('button', { name: 'Discard' }).click();
  await kept.getByTestId('outbox-discard-confirm').waitFor();
  await page.screenshot({ path: resolve(RESULTS, 'reassigned-discard-confirm.png') });
  await expectNoSeriousAxeViolations(page, 'the kept delivery, Discard asked to confirm');
  await kept.getByRole('button', { name: 'Discard for good' }).click();
  await expect.poll(() => outboxButton.count(), { timeout: 15_000 }).toBe(0);
});
