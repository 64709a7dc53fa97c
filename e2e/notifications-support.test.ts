// Notifications and tech support in a real browser (390x844): the list renders from PWADB
// offline after one online visit, a dismissal made offline leaves the list at once and
// reaches the server once back online, the tab is in the address; tech support shows the
// office's tappable phone and email and the sync diagnostic, offline too.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { expectReadable } from './themeAudit';
import { ensureServiceWorker, RESULTS, signIn, SUMMIT_DRIVER as DRIVER, useBrowserHarness, type BrowserHarness, type Proxy } from './support';
import { waitForSyncRun } from './settle';

let server: TestServer;
let proxy: Proxy;
let page: Page;
let harness: BrowserHarness;

useBrowserHarness({}, (h) => {
  ({ server, proxy, page } = h);
  harness = h;
});

const activeOnServer = async () =>
  (
    await server.query<{ id: number }>(
      `SELECT n.id FROM notifications n JOIN accounts a ON a.id = n.account_id WHERE a.email = $1 AND n.dismissed_at IS NULL ORDER BY n.id`,
      [DRIVER.email],
    )
  ).map((r) => r.id);

/** The audit reads colours as drawn: let a tab's colour transition finish first. */
async function readable(): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await expectReadable(page);
}

/** A screenshot once transitions are over (a tab just chosen changes colour). */
async function shot(name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: resolve(RESULTS, name), fullPage: true });
}

const cards = () => page.getByTestId('notifications-panel').getByTestId('notification');
const bell = () => page.getByTestId('notifications-button');

describe('notifications', () => {
  it('render offline after one online visit; a dismissal made offline leaves at once and reaches the server once; tabs live in the address', async () => {
    const active = await activeOnServer();
    expect(active.length).toBeGreaterThan(2);
    await signIn(page, proxy.url);
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
    await ensureServiceWorker(page);
    // The bell counts what is not dismissed, and says so to a screen reader.
    await expect.poll(() => bell().getAttribute('data-unread'), { timeout: 30_000 }).toBe(String(active.length));
    expect(await bell().getAttribute('aria-label')).toBe(`Notifications, ${active.length} unread`);
    const box = await bell().boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(48);

    await bell().click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    await expect.poll(() => cards().count(), { timeout: 30_000 }).toBe(active.length);
    expect(await page.getByTestId('notifications-panel').getAttribute('data-tab')).toBe('0');
    await shot('notifications.png');
    await readable();

    // Tab 1 in the address, and back.
    await page.getByRole('tab', { name: /^Dismissed/ }).click();
    await page.waitForURL((url) => url.searchParams.get('tabIndex') === '1');
    // The address changes first; the tab follows in the next render (read until it has).
    await expect.poll(() => page.getByRole('tab', { name: /^Dismissed/ }).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => cards().count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await cards().getByTestId('dismiss-notification').count()).toBe(0);
    await shot('notifications-dismissed.png');
    await readable();
    await page.goto(`${proxy.url}/notifications?tabIndex=7`); // invalid → the first tab
    await expect.poll(() => page.getByTestId('notifications-panel').getAttribute('data-tab'), { timeout: 30_000 }).toBe('0');

    // No signal, and a reload: the list comes from PWADB.
    await harness.setOnline(false);
    await page.reload();
    await page.getByTestId('notifications-offline').waitFor({ timeout: 30_000 });
    await expect.poll(() => cards().count(), { timeout: 30_000 }).toBe(active.length);
    const first = cards().first();
    const id = Number(await first.getAttribute('data-notification-id'));
    const title = await first.getByRole('heading').textContent();
    await first.getByTestId('dismiss-notification').click();
    await expect.poll(() => cards().count()).toBe(active.length - 1);
    expect(await page.locator(`[data-notification-id="${id}"]`).count()).toBe(0);
    expect(await bell().getAttribute('aria-label')).toBe(`Notifications, ${active.length - 1} unread`);
    await page.getByRole('tab', { name: /^Dismissed/ }).click();
    const queued = page.locator(`[data-notification-id="${id}"]`);
    await queued.getByTestId('outbox-status').waitFor();
    expect(await queued.getByTestId('outbox-status').textContent()).toBe('Waiting for signal');
    await shot('notifications-offline-queued.png');
    await readable();
    expect(await activeOnServer()).toContain(id); // still only on the phone
    // The outbox drawer names it by its title.
    await page.getByTestId('outbox-button').click();
    await page
      .locator('[data-entry-kind="dismiss_notification"]')
      .getByText(title ?? '', { exact: true })
      .waitFor();
    await page.keyboard.press('Escape');

    await harness.setOnline(true);
    await expect.poll(activeOnServer, { timeout: 60_000, interval: 500 }).toEqual(active.filter((n) => n !== id));
    await expect.poll(() => queued.getByTestId('outbox-status').count(), { timeout: 30_000 }).toBe(0);
    await waitForSyncRun(page); // every run that could send it again has ended
    expect(await activeOnServer()).toEqual(active.filter((n) => n !== id));

    // Clear all: nothing new left, here and on the server.
    await page.getByRole('tab', { name: /^New/ }).click();
    await page.waitForURL((url) => url.searchParams.get('tabIndex') === '0');
    await page.getByTestId('clear-all-notifications').click();
    await page.getByTestId('notifications-empty').getByText('Nothing new').waitFor();
    await expect.poll(activeOnServer, { timeout: 60_000, interval: 500 }).toEqual([]);
    await expect.poll(() => bell().getAttribute('aria-label'), { timeout: 30_000 }).toBe('Notifications, none unread');
    await shot('notifications-empty.png');
    await readable();
  });
  it('a dismissal the server refuses comes back with "Failed to dismiss notification" and can be discarded', async () => {
    const [fresh] = await server.query<{ id: number }>(
      `INSERT INTO notifications (company_id, account_id, type, title, message)
      SELECT company_id, id, 'system', 'Yard closes early Friday', 'Pick up trailers before 2 pm.' FROM accounts WHERE email = $1 RETURNING id`,
      [DRIVER.email],
    );
    await page.goto(`${proxy.url}/notifications`); // a reload syncs: the new one arrives
    const card = page.locator(`[data-notification-id="${fresh?.id}"]`);
    await card.waitFor({ timeout: 30_000 });
    await harness.setOnline(false);
    await card.getByTestId('dismiss-notification').click();
    await card.waitFor({ state: 'detached' });
    // The office deletes it before the phone is back: the server answers 404.
    await server.query('DELETE FROM notifications WHERE id = $1', [fresh?.id]);
    await harness.setOnline(true);
    const refused = page.getByTestId('notification-refused');
    await refused.getByText('Failed to dismiss notification', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await refused.getByTestId('outbox-status').textContent()).toBe('Needs attention');
    await shot('notifications-refused.png');
    await readable();
    await refused.getByRole('button', { name: 'Discard' }).click();
    await refused.waitFor({ state: 'detached' });
  });
});

describe('tech support', () => {
  it("shows the office's tappable phone and email and the sync diagnostic, offline too", async () => {
    await page.goto(`${proxy.url}/tech-support`);
    const phone = page.getByTestId('support-phone');
    await phone.waitFor({ timeout: 30_000 });
    expect(await phone.getAttribute('href')).toBe('tel:7175550140');
    expect(await phone.textContent()).toBe('Call (717) 555-0140');
    expect(await page.getByTestId('support-email').getAttribute('href')).toBe('mailto:office@summit.test');
    const diagnostic = page.getByTestId('support-diagnostic');
    for (const text of ['App version', '0.1.0', 'Waiting to send', '0 actions', 'Needs attention', 'Last successful sync', 'Storage used', 'Storage kept']) {
      await diagnostic.getByText(text, { exact: true }).first().waitFor();
    }
    await expect.poll(() => diagnostic.getByText(/ of .*B$/).count(), { timeout: 10_000 }).toBe(1); // "1.2 MB of 10 GB"
    // The first run after sign-in (every order's details) may still be going: wait for it.
    await expect.poll(() => diagnostic.getByText('Never on this phone').count(), { timeout: 120_000, interval: 1000 }).toBe(0);
    await shot('tech-support.png');
    await readable();

    await harness.setOnline(false);
    await page.reload();
    await page.getByTestId('support-phone').waitFor({ timeout: 30_000 });
    await diagnostic.getByText('Offline', { exact: true }).waitFor();
    await shot('tech-support-offline.png');
  });
});
