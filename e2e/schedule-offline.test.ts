// Order actions in a real browser: a driver schedules an order and writes a note with no
// network, reloads (service worker + PWADB), reconnects, and the server has the schedule
// and the note exactly once.
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { ensureServiceWorker, RESULTS, SUMMIT_DRIVER as DRIVER, useBrowserHarness, type Phone, type Proxy } from './support';
import { waitForSyncRun } from './settle';

const NOTE = 'Gate code 4412. Customer asks for a call 30 minutes ahead.';

let server: TestServer;
let proxy: Proxy;
let phone: Phone;
let page: Page;

useBrowserHarness({}, (h) => ({ server, proxy, phone, page } = h));

async function onServer(orderId: number) {
  const [row] = await server.query<{ is_scheduled: boolean; scheduled_date: Date | null }>(
    'select is_scheduled_for_delivery is_scheduled, scheduled_date from orders where id = $1',
    [orderId],
  );
  const notes = await server.query<{ note: string }>(
    `select n.note from order_notes n join accounts a on a.id = n.account_id where n.order_id = $1 and a.email = $2`,
    [orderId, DRIVER.email],
  );
  return { scheduled: row?.is_scheduled, at: row?.scheduled_date?.toISOString() ?? null, notes: notes.map((n) => n.note) };
}

/** A tap on a full-width button's right end, which the snackbars leave uncovered (src/ui/toasterView.tsx). */
async function tapRightEnd(button: Locator): Promise<void> {
  const box = await button.boundingBox();
  await button.click({ position: { x: (box?.width ?? 0) - 24, y: (box?.height ?? 0) / 2 } });
}

describe('order actions offline', () => {
  it('schedules an order and adds a note offline, survives a reload, and the server has each once', async () => {
    const [order] = await server.query<{ id: number }>(
      `select o.id from orders o join accounts a on a.id = o.driver_id
        where a.email = $1 and o.kind = 'onlot' and o.delivered_at is null and o.cancelled_at is null and not o.is_scheduled_for_delivery
        order by o.id limit 1`,
      [DRIVER.email],
    );
    const orderId = Number(order?.id);
    expect(orderId).toBeGreaterThan(0);

    await page.goto(`${proxy.url}/onlot-inventory-order-details/${orderId}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(DRIVER.email);
    await page.getByLabel('Password').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `/onlot-inventory-order-details/${orderId}`, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('delivery-details').getByText('Name on order').isVisible(), { timeout: 30_000 }).toBe(true);
    await ensureServiceWorker(page);
    // The app bar names the screen (issue 25): every screen used to say "Deliveries".
    await expect.poll(() => page.getByTestId('screen-title').textContent()).toBe('Order details');

    // Online once: the company's drivers are cached for the reassign picker.
    await page.getByRole('link', { name: 'Schedule', exact: true }).click();
    await page.waitForURL(new RegExp(`/schedule/${orderId}\\?onlotInventoryOrder=true`));
    await expect.poll(() => page.getByTestId('reassign-option').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const names = await page.getByTestId('reassign-option').allTextContents();
    expect(names.some((n) => n.startsWith('Marcy Kauffman'))).toBe(true);
    expect(names.some((n) => n.startsWith('Dale Hostetler'))).toBe(false); // never yourself
    await page.getByTestId('reassign-option').first().click();
    expect(await page.getByTestId('reassign-option').first().getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('reassign-option').first().click(); // changed their mind: nothing chosen
    await page.getByRole('button', { name: 'Reassign order' }).click();
    await page.getByTestId('reassign-error').getByText('Choose the driver who takes the order over').waitFor();

    await phone.context.setOffline(true);
    proxy.setReachable(false);
    const local = (() => {
      const d = new Date(Date.now() + 3 * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T14:30`;
    })();
    await page.getByLabel('Delivery date and time').fill(local);
    await page.screenshot({ path: resolve(RESULTS, 'schedule.png'), fullPage: true });
    const expectedIso = await page.evaluate((value) => new Date(value).toISOString(), local);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/onlot-inventory-order-details/${orderId}`);
    const scheduleCard = page.locator('[data-entry-kind="schedule_onlot"]');
    await scheduleCard.waitFor();
    expect(await scheduleCard.getByTestId('outbox-status').textContent()).toBe('Waiting for signal');

    await page.getByRole('link', { name: 'Add note' }).click();
    await page.waitForURL(new RegExp(`/create-note/${orderId}\\?onlotInventoryOrder=true`));
    await expect.poll(() => page.getByTestId('screen-title').textContent()).toBe('Add note');
    // The schedule's snackbar may cover the middle of Save note, and under load it arrives late
    // (its code loads with the first snackbar): it slid under a click aimed at the button's
    // centre once. The snackbars leave a full-width button's right end uncovered
    // (src/ui/toasterView.tsx), and that is where a driver taps while one is up.
    const saveNote = page.getByRole('button', { name: 'Save note' });
    await tapRightEnd(saveNote);
    await page.getByTestId('note-error').getByText('Failed to add note: note: note must not be empty').waitFor();
    await page.getByTestId('note-text').fill(NOTE);
    expect(await page.getByTestId('note-error').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: resolve(RESULTS, 'note.png'), fullPage: true });
    await tapRightEnd(saveNote);
    await page.waitForURL((url) => url.pathname === `/onlot-inventory-order-details/${orderId}`);
    await page.locator('[data-entry-kind="create_order_note"]').waitFor();
    // The list shows the schedule at once; it is on its way to the office, not there yet.
    expect(await page.getByText('Reschedule', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: resolve(RESULTS, 'details-queued-actions.png'), fullPage: true });
    // The note is in the order's Notes card at once, marked as waiting to send (issue 25).
    const notesCard = page.getByTestId('order-notes');
    const queuedNote = notesCard.getByTestId('queued-note');
    await queuedNote.getByText(NOTE, { exact: true }).waitFor();
    expect(await queuedNote.getByTestId('queued-note-mark').textContent()).toBe('Waiting to send');
    expect(await notesCard.getByText('No notes on this order.').count()).toBe(0);
    await notesCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(RESULTS, 'notes-queued.png') });
    expect(await onServer(orderId)).toEqual({ scheduled: false, at: null, notes: [] });

    // A reload with no network on its schedule screen: the order's card has its words (it showed
    // their keys, "order.dealer", when no order screen had loaded them first).
    await page.goto(`${proxy.url}/schedule/${orderId}?onlotInventoryOrder=true`);
    await page.getByText('Dealer', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await page.getByText(/^order\.\w+$/).count()).toBe(0);

    // A reload with no network, on the list: the order shows scheduled, with its queued action.
    await page.goto(`${proxy.url}/`);
    const listCard = page.locator(`[data-order-key="oio-${orderId}"]`);
    await listCard.waitFor({ timeout: 30_000 });
    expect(await listCard.getByTestId('outbox-kind').textContent()).toBe('Note for the office');
    expect(await listCard.getByTestId('outbox-status').textContent()).toBe('Waiting for signal');
    // The date badge reads "Scheduled 01/05/2026" to a screen reader ("Scheduled" visually hidden).
    expect(await listCard.getByText(/^Scheduled \d\d\/\d\d\/\d{4}$/).count()).toBe(1);
    await listCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(RESULTS, 'home-queued-actions.png') });
    await listCard.click();
    await page.waitForURL((url) => url.pathname === `/onlot-inventory-order-details/${orderId}`);
    await page.locator('[data-entry-kind="schedule_onlot"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-entry-kind="create_order_note"]').waitFor();
    await queuedNote.getByText(NOTE, { exact: true }).waitFor(); // after the offline reload too

    proxy.setReachable(true);
    await phone.context.setOffline(false);
    await expect.poll(() => onServer(orderId), { timeout: 60_000, interval: 500 }).toEqual({ scheduled: true, at: expectedIso, notes: [NOTE] });
    await expect.poll(() => page.locator('[data-entry-kind]').count(), { timeout: 30_000 }).toBe(0);
    await waitForSyncRun(page); // every run that could send them again has ended
    expect(await onServer(orderId)).toEqual({ scheduled: true, at: expectedIso, notes: [NOTE] });
    // Sent, the note is the server's: shown once, no longer marked.
    await expect.poll(() => notesCard.getByText(NOTE, { exact: true }).count(), { timeout: 30_000 }).toBe(1);
    expect(await queuedNote.count()).toBe(0);
    expect(await notesCard.getByTestId('order-note').getByText(NOTE, { exact: true }).count()).toBe(1);
    await notesCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(RESULTS, 'notes-sent.png') });
  });
});
