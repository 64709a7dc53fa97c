// A phone whose build the server no longer accepts (426 ClientTooOld, DESIGN §6): the driver
// reads why at once, what they do meanwhile waits on the phone (never needs-attention), and
// once the server accepts the app again the work reaches it exactly once.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { expectReadable } from './themeAudit';
import { RESULTS, signIn, SUMMIT_DRIVER as DRIVER, useBrowserHarness, type Proxy } from './support';
import { waitForSyncIdle } from './settle';

let server: TestServer;
let proxy: Proxy;
let page: Page;
/** The oldest contract version the server accepts, read on every call. */
let minimum = 1;

useBrowserHarness({ server: { build: { minContractVersion: () => minimum } } }, (h) => ({ server, proxy, page } = h));

const notesOnServer = async (orderId: number) =>
  (
    await server.query<{ note: string }>(`select n.note from order_notes n join accounts a on a.id = n.account_id where n.order_id = $1 and a.email = $2`, [
      orderId,
      DRIVER.email,
    ])
  ).map((n) => n.note);

describe('a build the server no longer accepts', () => {
  it('says so under the app bar, keeps a note queued (not needs attention), and sends it once when the server accepts again', async () => {
    const [order] = await server.query<{ id: number }>(
      `select o.id from orders o join accounts a on a.id = o.driver_id
        where a.email = $1 and o.kind = 'onlot' and o.delivered_at is null and o.cancelled_at is null order by o.id limit 1`,
      [DRIVER.email],
    );
    const orderId = Number(order?.id);
    await signIn(page, proxy.url);
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });

    minimum = 2;
    await page.reload();
    const banner = page.getByTestId('client-too-old');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toContain('This version of the app is out of date.');
    const update = page.getByTestId('update-app');
    const box = await update.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(48);
    await page.screenshot({ path: resolve(RESULTS, 'client-too-old.png') });
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectReadable(page);

    const note = `Gate code 4411 (${Date.now()})`;
    await page.goto(`${proxy.url}/create-note/${orderId}?onlotInventoryOrder=true`);
    await page.getByTestId('note-text').fill(note);
    // The sync worker's requests are the page's (Chromium reports a dedicated worker's network on its page).
    const refused = page.waitForResponse((response) => response.status() === 426, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.waitForURL((url) => url.pathname === `/onlot-inventory-order-details/${orderId}`);
    const entry = page.locator('[data-entry-kind="create_order_note"]');
    await entry.waitFor();
    // The run that tried it was refused with 426 and has ended: still queued, still on the phone, banner up.
    await refused;
    await waitForSyncIdle(page);
    expect(await entry.getByTestId('outbox-status').textContent()).toBe('Queued');
    expect(await page.getByTestId('client-too-old').isVisible()).toBe(true);
    expect(await notesOnServer(orderId)).not.toContain(note);

    // The server accepts this build again (as after an update): Update app reloads, the note goes once.
    minimum = 1;
    await update.click();
    await expect.poll(() => notesOnServer(orderId), { timeout: 60_000, interval: 500 }).toContain(note);
    await expect.poll(() => page.getByTestId('client-too-old').count(), { timeout: 30_000 }).toBe(0);
    expect((await notesOnServer(orderId)).filter((n) => n === note)).toHaveLength(1);
  });
});
