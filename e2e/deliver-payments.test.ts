// Every customer payment path from the phone in Debian's Chromium against the real server
// (cash and a new card are in deliver-customer.test.ts): rent-to-own, no payment, a new check
// with its photo, a saved check, a saved card. Each is checked on the server: the delivery and
// its signature, the payment row and amount, the remaining balance. The saved check is
// delivered offline the way issue 22 lost signatures: signed, then at once ticks, the amount
// and Deliver; it is queued with the signature and committed with it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import {
  choose,
  customerDeliveryOf,
  deliveryOf,
  fillCommon,
  less,
  liveOrders,
  paymentsOf,
  photo,
  remainingBalance,
  sign,
  waitForDelivery,
} from './deliverySupport';
import { storedRecords, waitForStored } from './settle';
import { SUMMIT_DRIVER as DRIVER, useBrowserHarness, type BrowserHarness, type Proxy } from './support';

const POSITION = { latitude: 40.0379, longitude: -76.3055 };

let harness: BrowserHarness;
let server: TestServer;
let proxy: Proxy;
let page: Page;

useBrowserHarness({}, async (h) => {
  ({ server, proxy, page } = h);
  harness = h;
  await h.phone.context.grantPermissions(['geolocation'], { origin: proxy.url });
  await h.phone.context.setGeolocation(POSITION);
  await page.goto(`${proxy.url}/login`);
  await h.submitLogin(DRIVER);
  await page.waitForURL((url) => url.pathname === '/');
});

/** Orders already delivered by an earlier test of this file. */
const used = new Set<number>();

/** The first live customer order of the driver matching `where` that no other test of this file took. */
async function takeOrder(where: string): Promise<number> {
  const orderId = (await liveOrders(server, DRIVER.email, 'customer', where)).find((id) => !used.has(id));
  if (orderId === undefined) throw new Error(`the seed has no live customer order where ${where}`);
  used.add(orderId);
  return orderId;
}

const PAYABLE = 'NOT b.is_rto AND b.remaining_balance >= 250';
const AMOUNT = '250.00';

async function openDelivery(orderId: number): Promise<void> {
  await page.goto(`${proxy.url}/delivery-details/${orderId}?customerOrder=true`);
  await page.getByTestId('payment').waitFor({ timeout: 30_000 });
}

async function deliver(): Promise<void> {
  await page.getByRole('button', { name: 'Deliver', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
}

/** The amount typed in full (never the field's own value): valid and within the balance. */
async function typeAmount(amount: string): Promise<void> {
  await page.getByLabel('Amount collected ($)').fill(amount);
}

/** Committed with the drawn signature (a PNG upload) and the two building photos. */
async function expectSignedDelivery(orderId: number): Promise<void> {
  await waitForDelivery(server, orderId);
  const [delivery] = await deliveryOf(server, orderId);
  expect(delivery).toMatchObject({ signature_mime: 'image/png', images: '2' });
}

describe('customer payment paths in the browser, checked on the server', () => {
  it('rent to own: no payment is taken; the delivery is committed with its signature and the balance stays', async () => {
    const orderId = await takeOrder('b.is_rto');
    const before = await remainingBalance(server, orderId);
    await openDelivery(orderId);
    expect(await page.getByRole('group', { name: 'Payment method' }).count()).toBe(0);
    await fillCommon(page, '11');
    await sign(page);
    await deliver();
    await expectSignedDelivery(orderId);
    expect(await customerDeliveryOf(server, orderId)).toEqual({ call: 'rto', payment_method: null, balance_before: before, balance_after: before });
    expect(await paymentsOf(server, orderId)).toEqual([]);
    expect(await remainingBalance(server, orderId)).toBe(before);
  });

  it('no payment: no payment row; the balance stays', async () => {
    const orderId = await takeOrder('NOT b.is_rto');
    const before = await remainingBalance(server, orderId);
    await openDelivery(orderId);
    await fillCommon(page, '12');
    await sign(page);
    await choose(page, 'Payment method', 'No payment');
    await deliver();
    await expectSignedDelivery(orderId);
    expect(await customerDeliveryOf(server, orderId)).toEqual({
      call: 'no_payment',
      payment_method: 'NoPayment',
      balance_before: before,
      balance_after: before,
    });
    expect(await paymentsOf(server, orderId)).toEqual([]);
    expect(await remainingBalance(server, orderId)).toBe(before);
  });

  it('a new check with its photo: a Check payment of the amount typed, the photo uploaded, the balance lowered', async () => {
    const orderId = await takeOrder(PAYABLE);
    const before = await remainingBalance(server, orderId);
    await openDelivery(orderId);
    await fillCommon(page, '13');
    await sign(page);
    await choose(page, 'Payment method', 'Check');
    await choose(page, 'Check', 'New check');
    await typeAmount(AMOUNT);
    await page.getByTestId('check-photo-input').setInputFiles([{ name: 'check.jpg', mimeType: 'image/jpeg', buffer: await photo(230) }]);
    await page.locator('[data-field="check"]').getByTestId('photo-thumb').waitFor({ timeout: 30_000 });
    await deliver();
    await expectSignedDelivery(orderId);
    expect(await paymentsOf(server, orderId)).toEqual([
      { method: 'Check', source: 'new_check', amount: AMOUNT, check_mime: 'image/jpeg', saved_check_id: null, card_profile_id: null, card_last_four: null },
    ]);
    const after = less(before, AMOUNT);
    expect(await customerDeliveryOf(server, orderId)).toEqual({ call: 'new_check', payment_method: 'Check', balance_before: before, balance_after: after });
    expect(await remainingBalance(server, orderId)).toBe(after);
  });

  it('a saved check, offline: signed, then at once ticks, the amount and Deliver; queued with the signature, committed on reconnect', async () => {
    const orderId = await takeOrder(`${PAYABLE} AND EXISTS (SELECT 1 FROM customer_order_checks c WHERE c.order_id = o.id)`);
    const [check] = await server.query<{ id: number; last_four: string }>(
      'SELECT id, account_last_four last_four FROM customer_order_checks WHERE order_id = $1 ORDER BY id LIMIT 1',
      [orderId],
    );
    if (!check) throw new Error('no saved check');
    const before = await remainingBalance(server, orderId);
    await openDelivery(orderId);
    // The saved checks come with the delivery details: on the phone before the network goes.
    await waitForStored(page, `"account_last_four":"${check.last_four}"`);
    await fillCommon(page, '14');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => page.locator('[data-field="gps"]').textContent(), { timeout: 15_000 }).toContain(POSITION.latitude.toFixed(5));
    await page.locator('[data-field="survey"]').getByRole('button', { name: 'Yes' }).first().click();

    await harness.setOnline(false);
    await choose(page, 'Payment method', 'Check');
    await choose(page, 'Check', 'Saved check');
    await choose(page, 'Saved check', new RegExp(`····${check.last_four}$`));
    // Within the pad's 400 ms save delay (the driver's hand goes straight on): ticks, amount, Deliver.
    const happy = page.locator('[data-field="happy-list"] label');
    await happy.nth(1).scrollIntoViewIfNeeded();
    await sign(page);
    await happy.nth(0).click();
    await happy.nth(1).click();
    await typeAmount(AMOUNT);
    await deliver();

    const queued = (await storedRecords(page))
      .map((line) => JSON.parse(line) as { kind?: string; order_key?: string; attachments?: { signature?: { mime_type?: string } | null } })
      .filter((row) => row.kind === 'deliver_customer_saved_check' && row.order_key === `co-${orderId}`);
    expect(queued.map((row) => row.attachments?.signature?.mime_type)).toEqual(['image/png']);
    expect(await deliveryOf(server, orderId)).toEqual([]);

    await harness.setOnline(true);
    await expectSignedDelivery(orderId);
    expect(await paymentsOf(server, orderId)).toEqual([
      { method: 'Check', source: 'saved_check', amount: AMOUNT, check_mime: null, saved_check_id: check.id, card_profile_id: null, card_last_four: null },
    ]);
    const after = less(before, AMOUNT);
    expect(await customerDeliveryOf(server, orderId)).toEqual({ call: 'saved_check', payment_method: 'Check', balance_before: before, balance_after: after });
    expect(await remainingBalance(server, orderId)).toBe(after);
  });

  it('a saved card: the chosen card is charged the amount typed, the balance lowered', async () => {
    const orderId = await takeOrder(`${PAYABLE} AND EXISTS (SELECT 1 FROM customer_saved_cards c WHERE c.order_id = o.id)`);
    const [card] = await server.query<{ profile: string; last_four: string }>(
      'SELECT card_profile_id profile, last_four FROM customer_saved_cards WHERE order_id = $1 ORDER BY id DESC LIMIT 1',
      [orderId],
    );
    if (!card) throw new Error('no saved card');
    const before = await remainingBalance(server, orderId);
    await openDelivery(orderId);
    await fillCommon(page, '15');
    await sign(page);
    await choose(page, 'Payment method', 'Credit card');
    await choose(page, 'Card', 'Saved card');
    await choose(page, 'Saved card', new RegExp(`····${card.last_four}\\b`));
    await typeAmount(AMOUNT);
    await deliver();
    await expectSignedDelivery(orderId);
    expect(await paymentsOf(server, orderId)).toEqual([
      {
        method: 'CreditCard',
        source: 'existing_card',
        amount: AMOUNT,
        check_mime: null,
        saved_check_id: null,
        card_profile_id: card.profile,
        card_last_four: card.last_four,
      },
    ]);
    const after = less(before, AMOUNT);
    expect(await customerDeliveryOf(server, orderId)).toEqual({
      call: 'existing_card',
      payment_method: 'CreditCard',
      balance_before: before,
      balance_after: after,
    });
    expect(await remainingBalance(server, orderId)).toBe(after);
  });
});
