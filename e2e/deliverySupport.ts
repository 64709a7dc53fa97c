// What the delivery suites share: picking the driver's live orders by SQL, filling a delivery
// screen as a driver does (photos, miles, note, a drawn signature, the payment choices) and
// reading back what the server committed (the delivery, its payment, the balance).
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestServer } from '../test/support/server';

export type LiveOrderKind = 'customer' | 'move';

/**
 * The driver's undelivered, uncancelled orders of a kind, oldest first. `where` is SQL over
 * `o` (orders) and `b` (its customer_order_billing, null for other kinds).
 */
export async function liveOrders(server: TestServer, driverEmail: string, kind: LiveOrderKind, where = 'true'): Promise<number[]> {
  const rows = await server.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id LEFT JOIN customer_order_billing b ON b.order_id = o.id
      WHERE a.email = $1 AND o.kind = $2 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL AND (${where}) ORDER BY o.id`,
    [driverEmail, kind],
  );
  return rows.map((r) => Number(r.id));
}

/** A building photo as the phone's camera gives one: a 1200x900 JPEG of one colour. */
export const photo = (r: number): Promise<Buffer> =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

/** Draws a signature on the pad with the pointer, as a finger would. */
export async function sign(page: Page): Promise<void> {
  const pad = page.getByLabel('Signature pad: sign with a finger or a pen');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 30 + i * 12, box.y + box.height * (0.6 - 0.25 * Math.sin(i / 3)));
  await page.mouse.up();
}

/** Two building photos (in the draft once their thumbnails show), the miles and a note. */
export async function fillCommon(page: Page, miles: string): Promise<void> {
  await page.getByTestId('photo-files-input').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo(40) },
    { name: 'door.jpg', mimeType: 'image/jpeg', buffer: await photo(200) },
  ]);
  await expect.poll(() => page.getByTestId('photo-thumb').count(), { timeout: 30_000 }).toBe(2);
  await page.getByLabel('Miles driven').fill(miles);
  await page.getByLabel('Note', { exact: true }).fill('Customer walked the site with us.');
}

/** Presses the choice `label` of the one-of group named `group` (payment method, check, card, saved check). */
export async function choose(page: Page, group: string, label: string | RegExp): Promise<void> {
  await page
    .getByRole('group', { name: group, exact: true })
    .getByRole('button', { name: label, exact: typeof label === 'string' })
    .click();
}

/** The order's delivery rows on the server: the signature's upload, the images, the raw call body. */
export const deliveryOf = (server: TestServer, orderId: number) =>
  server.query<{ id: number; signature_guid: string | null; signature_mime: string | null; images: string; payload: Record<string, unknown> }>(
    `SELECT d.id, cd.signature_guid, (SELECT u.mime FROM uploads u WHERE u.guid = cd.signature_guid) signature_mime,
     (SELECT count(*)::text FROM delivery_images i WHERE i.delivery_id = d.id) images, d.payload
   FROM deliveries d LEFT JOIN customer_deliveries cd ON cd.delivery_id = d.id WHERE d.order_id = $1`,
    [orderId],
  );

/** Resolves once the server has committed the order's delivery (the phone's outbox sent it). */
export async function waitForDelivery(server: TestServer, orderId: number): Promise<void> {
  await expect.poll(async () => (await deliveryOf(server, orderId)).length, { timeout: 60_000, interval: 500 }).toBe(1);
}

/** What a customer delivery committed: its call and payment method, the balance before and after. */
export async function customerDeliveryOf(server: TestServer, orderId: number) {
  const [row] = await server.query<{ call: string; payment_method: string | null; balance_before: string; balance_after: string }>(
    `SELECT cd.call, cd.payment_method, cd.balance_before::text, cd.balance_after::text
       FROM customer_deliveries cd JOIN deliveries d ON d.id = cd.delivery_id WHERE d.order_id = $1`,
    [orderId],
  );
  return row;
}

/** The order's payment rows (none for rent-to-own and no-payment deliveries). */
export const paymentsOf = (server: TestServer, orderId: number) =>
  server.query<{
    method: string;
    source: string;
    amount: string;
    check_mime: string | null;
    saved_check_id: number | null;
    card_profile_id: string | null;
    card_last_four: string | null;
  }>(
    `SELECT p.method, p.source, p.amount::text, (SELECT u.mime FROM uploads u WHERE u.guid = p.check_image_guid) check_mime,
       p.saved_check_id, p.card_profile_id, p.card_last_four
     FROM order_payments p WHERE p.order_id = $1`,
    [orderId],
  );

/** The order's remaining balance on the server, as text ('3133.50'). */
export async function remainingBalance(server: TestServer, orderId: number): Promise<string> {
  const [row] = await server.query<{ balance: string }>('SELECT remaining_balance::text balance FROM customer_order_billing WHERE order_id = $1', [orderId]);
  if (!row) throw new Error(`order ${orderId} has no billing row`);
  return row.balance;
}

/** `balance` less `amount`, both money text, as money text (in cents: no float rounding). */
export function less(balance: string, amount: string): string {
  const cents = (money: string) => Math.round(Number(money) * 100);
  return ((cents(balance) - cents(amount)) / 100).toFixed(2);
}
