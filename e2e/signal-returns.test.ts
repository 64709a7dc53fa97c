// Issue 23 item 1 in a real browser: notes queued while the server cannot be reached, the
// browser still saying "online" (no offline or online event ever fires), reach the server
// within 20 s of it becoming reachable again, with no tap: the sync worker's probe finds it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { ensureServiceWorker, SUMMIT_DRIVER as DRIVER, signIn, useBrowserHarness, type Proxy } from './support';

let server: TestServer;
let proxy: Proxy;
let page: Page;

useBrowserHarness({}, (h) => ({ server, proxy, page } = h));

// Four notes, as in the issue.
const NOTES = ['Gate code 4413', 'Customer asks for a call 30 minutes ahead', 'Soft ground by the barn', 'Leave the ramp'];
/** The cut: 12 s in npm test; SIGNAL_CUT_MS=150000 measures the 150 s once. */
const CUT_MS = Number(process.env.SIGNAL_CUT_MS ?? 12_000);

async function notesOnServer(orderId: number, after: number): Promise<string[]> {
  const rows = await server.query<{ note: string }>(
    'select n.note from order_notes n join accounts a on a.id = n.account_id where n.order_id = $1 and a.email = $2 and n.id > $3 order by n.id',
    [orderId, DRIVER.email, after],
  );
  return rows.map((r) => r.note);
}

const connectivity = () => page.getByTestId('connectivity').textContent();

describe('signal that returns', () => {
  it('notes queued while the server is unreachable (the browser online) reach it within 20 s of it returning, with no tap', async () => {
    const [order] = await server.query<{ id: number }>(
      `select o.id from orders o join accounts a on a.id = o.driver_id
        where a.email = $1 and o.kind = 'onlot' and o.delivered_at is null and o.cancelled_at is null order by o.id desc limit 1`,
      [DRIVER.email],
    );
    const orderId = Number(order?.id);
    const [latest] = await server.query<{ max: number | null }>('select max(id) max from order_notes');
    const before = Number(latest?.max ?? 0);

    await signIn(page, proxy.url, DRIVER);
    await page.goto(`${proxy.url}/onlot-inventory-order-details/${orderId}`);
    await expect.poll(() => page.getByTestId('delivery-details').getByText('Name on order').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(connectivity, { timeout: 30_000 }).toBe('Online');
    // The note screen is a lazy chunk: with no server, the service worker's precache serves it.
    await ensureServiceWorker(page);

    proxy.setReachable(false);
    const cutAt = Date.now();
    for (const note of NOTES) {
      await page.getByRole('link', { name: 'Add note' }).click();
      await page.waitForURL(new RegExp(`/create-note/${orderId}\\?onlotInventoryOrder=true`));
      await page.getByTestId('note-text').fill(note);
      await page.getByRole('button', { name: 'Save note' }).click();
      await page.waitForURL((url) => url.pathname === `/onlot-inventory-order-details/${orderId}`);
    }
    await expect.poll(() => page.locator('[data-entry-kind="create_order_note"]').count()).toBe(NOTES.length);
    // The browser never hears of it; the app bar does, from the engine's own requests.
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect.poll(connectivity, { timeout: 20_000 }).toBe('Offline');
    // The cut (the was 150 s), through which the phone keeps asking.
    const refusedAtQueue = proxy.refused();
    await expect.poll(() => Date.now() - cutAt >= CUT_MS && proxy.refused() > refusedAtQueue, { timeout: CUT_MS + 40_000, interval: 250 }).toBe(true);
    expect(await notesOnServer(orderId, before)).toEqual([]);

    proxy.setReachable(true);
    const back = Date.now();
    await expect.poll(() => notesOnServer(orderId, before), { timeout: 20_000, interval: 250 }).toEqual(NOTES);
    const arrivedAfter = Date.now() - back;
    await expect.poll(connectivity, { timeout: 20_000 - arrivedAfter }).toBe('Online');
    console.info(`notes arrived ${arrivedAfter} ms after the server became reachable (cut ${back - cutAt} ms)`);
    expect(Date.now() - back).toBeLessThanOrEqual(20_000);
  });
});
