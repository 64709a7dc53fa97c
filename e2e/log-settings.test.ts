// The driver's own screens in a real browser (390x844): the delivery log's filters round-trip
// through the address (invalid values dropped, reload and Back keep them), the CSV downloads as
// a file, and the log renders offline after one online visit; /settings shows the profile and
// saves a notification flag (online, and offline: queued, marked waiting, sent once back),
// /settings/edit validates beside each field, saves a new picture online, and offline says why
// it cannot save while keeping what was typed across a reload; a changed email asks for the
// current password, a wrong one is refused on that field with the form kept, and the right one
// saves (issue 20).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../test/support/images';
import type { TestServer } from '../test/support/server';
import { ensureServiceWorker, RESULTS, signIn, SUMMIT_DRIVER as DRIVER, useBrowserHarness, type BrowserHarness, type Proxy } from './support';
import { expectReadable } from './themeAudit';
import { animationsSettled, waitForStored } from './settle';

let server: TestServer;
let proxy: Proxy;
let page: Page;
let harness: BrowserHarness;

useBrowserHarness({}, (h) => {
  ({ server, proxy, page } = h);
  harness = h;
});

const shot = (name: string): Promise<Buffer> => page.screenshot({ path: resolve(RESULTS, `${name}.png`), fullPage: true });
const search = (): string => new URL(page.url()).search;

async function deliveriesOnServer(types: string[]): Promise<{ n: number }> {
  const [row] = await server.query<{ n: number }>(
    `SELECT count(*)::int n FROM deliveries d JOIN orders o ON o.id = d.order_id JOIN accounts a ON a.id = d.driver_id
      WHERE a.email = $1 AND (CASE o.order_type WHEN 'move order' THEN 'move-inventory' WHEN 'on-lot inventory' THEN 'new-inventory'
        WHEN 'off-lot inventory' THEN 'off-lot' ELSE 'new-build' END) = ANY($2)`,
    [DRIVER.email, types],
  );
  return row ?? { n: 0 };
}

describe('/delivery-log', () => {
  it('keeps its filters in the address, downloads the CSV, and shows the last log offline', async () => {
    await signIn(page, proxy.url);
    await ensureServiceWorker(page);
    // A hand-edited address: the invalid values are dropped from it.
    await page.goto(`${proxy.url}/delivery-log?orderTypes=move-inventory&orderTypes=rush&startDate=2026-02-30`);
    await page.getByTestId('log-totals').waitFor({ timeout: 30_000 });
    await expect.poll(search).toBe('?orderTypes=move-inventory');
    const moves = await deliveriesOnServer(['move-inventory']);
    await expect.poll(() => page.getByTestId('log-totals').textContent()).toContain(moves.n === 1 ? '1 delivery' : `${moves.n} deliveries`);
    const types = await page.getByTestId('log-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-type')));
    expect(new Set(types)).toEqual(new Set(moves.n ? ['move-inventory'] : []));

    // Another type and a start day: both in the address, replaced (not pushed).
    await page.locator('[data-order-type="off-lot"][aria-pressed]').click();
    await expect.poll(search).toBe('?orderTypes=off-lot&orderTypes=move-inventory');
    await page.getByTestId('log-start-date').fill('2020-01-01');
    await expect.poll(search).toBe('?startDate=2020-01-01&orderTypes=off-lot&orderTypes=move-inventory');
    const both = await deliveriesOnServer(['off-lot', 'move-inventory']);
    await expect.poll(() => page.getByTestId('log-totals').textContent(), { timeout: 30_000 }).toContain(`${both.n} deliver`);
    const filtered = page.url();

    // A reload keeps them; so does Back from another screen.
    await page.reload();
    await page.getByTestId('log-totals').waitFor({ timeout: 30_000 });
    expect(page.url()).toBe(filtered);
    expect(await page.locator('[data-order-type="off-lot"][aria-pressed]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('log-start-date').inputValue()).toBe('2020-01-01');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/delivery-log');
    expect(page.url()).toBe(filtered);
    await page.getByTestId('log-totals').waitFor();

    // The CSV, as a file download: the header row and one line per filtered delivery.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^delivery-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toMatch(/^"?Date Delivered"?,"?Order Number"?/);
    const numbers = await page.getByTestId('log-row').evaluateAll((rows) => rows.map((r) => r.querySelector('p')?.textContent?.replace('#', '') ?? ''));
    for (const number of numbers) expect(csv.some((line) => line.includes(number))).toBe(true);
    expect(csv.length - 1).toBe(both.n);
    // Began and ended carry their dates (issue 25), never a bare time.
    expect(both.n).toBeGreaterThan(0);
    expect(csv.slice(1).some((line) => /,\d\d\/\d\d\/\d{4} \d\d:\d\d,\d\d\/\d\d\/\d{4} \d\d:\d\d,/.test(line))).toBe(true);
    expect(csv.filter((line) => /,\d\d:\d\d,/.test(line))).toEqual([]);
    await expect.poll(() => page.getByTestId('screen-title').textContent()).toBe('Delivery log');

    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('delivery-log');
    await expectReadable(page);

    // Offline after a reload: the last log, said to be from when; the export says why it waits.
    await harness.setOnline(false);
    await page.reload();
    await page
      .getByTestId('log-stale')
      .getByText(/^Offline, showing the last log from \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
      .waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('log-row').count()).toBe(Math.min(both.n, 50));
    expect(await page.getByTestId('log-export').isDisabled()).toBe(true);
    await page.getByTestId('log-export-offline').getByText('Export needs a connection').waitFor();
    await shot('delivery-log-offline');
    await expectReadable(page);
    // Other filters offline: the last log stays, named with its own filters, and can be taken back.
    await page.locator('[data-order-type="new-build"][aria-pressed]').click();
    await page.getByTestId('log-stale').getByText('It was read for: Off-lot, Move inventory · From 01/01/2020.').waitFor();
    await page.getByRole('button', { name: 'Use those filters' }).click();
    await expect.poll(search).toBe('?startDate=2020-01-01&orderTypes=off-lot&orderTypes=move-inventory');
  });
});

describe('/settings and /settings/edit', () => {
  it('saves a notification flag and a new profile online; offline a flag is queued, and the edit keeps what was typed and says why it cannot save', async () => {
    // Signed in by the log test when both run; alone, this one signs in.
    await page.goto(`${proxy.url}/settings`);
    await Promise.race([page.getByTestId('settings-name').waitFor({ timeout: 30_000 }), page.getByLabel('Email').waitFor({ timeout: 30_000 })]);
    if (new URL(page.url()).pathname === '/login') {
      await harness.submitLogin(DRIVER);
      await page.waitForURL((url) => url.pathname === '/settings', { timeout: 30_000 });
    }
    await ensureServiceWorker(page);
    await page.getByTestId('settings-name').getByText('Dale Hostetler').waitFor({ timeout: 30_000 });
    const flag = page.locator('[data-flag="email_notifications_order_reassigned"]');
    expect(await flag.locator('input').isChecked()).toBe(true);
    await flag.getByText('Order reassigned').click();
    await page.getByTestId('snackbar').getByText('Notification settings updated').waitFor({ timeout: 30_000 });
    const [flags] = await server.query<{ r: boolean }>(
      'SELECT s.email_notifications_order_reassigned r FROM account_settings s JOIN accounts a ON a.id = s.account_id WHERE a.email = $1',
      [DRIVER.email],
    );
    expect(flags?.r).toBe(false);
    expect(await flag.locator('input').isChecked()).toBe(false);
    // The progress snackbar went with the answer; the success one hides by itself (SPEC §9: 5 s).
    await expect.poll(() => page.getByTestId('snackbar').count(), { timeout: 20_000 }).toBe(0);
    await shot('settings');
    await expectReadable(page);

    // Edit: each rule's message beside its field, then a new picture and name saved online.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/edit');
    await page.getByLabel('First name').fill('');
    await page.getByLabel('Email').fill('dale@');
    await page.getByLabel('New password').fill('short');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('error-first_name').getByText('Enter your first name').waitFor();
    await page.getByTestId('error-email').getByText('Enter a valid email').waitFor();
    await page.getByTestId('error-password').getByText('At least 8 characters').waitFor();
    await shot('settings-edit-errors');
    await expectReadable(page);
    await page.getByLabel('First name').fill('Dalton');
    await page.getByLabel('Email').fill(DRIVER.email);
    await page.getByLabel('New password').fill('');
    await page.getByTestId('picture-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await makeJpeg(5, 400, 300)) });
    await page.getByText('The new picture is uploaded when you save.').waitFor({ timeout: 30_000 });
    await page.getByTestId('settings-save').click();
    await page.waitForURL((url) => url.pathname === '/settings', { timeout: 30_000 });
    await page.getByTestId('settings-name').getByText('Dalton Hostetler').waitFor({ timeout: 30_000 });
    await page.getByTestId('profile-picture').waitFor();
    // The app bar names the screen and, at once, the driver by the saved name (issue 25: it kept
    // the token's name until the next sign-in); so does the menu.
    await expect.poll(() => page.getByTestId('screen-title').textContent()).toBe('Settings');
    expect(await page.getByTestId('app-bar-driver').textContent()).toMatch(/^Dalton Hostetler · /);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByTestId('menu-driver').getByText('Dalton Hostetler', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.getAnimations().length === 0);
    await page.screenshot({ path: resolve(RESULTS, 'menu-renamed.png') });
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.screenshot({ path: resolve(RESULTS, 'settings-renamed.png') });
    const [saved] = await server.query<{ first_name: string; folder: string }>(
      `SELECT a.first_name, u.folder FROM accounts a JOIN account_settings s ON s.account_id = a.id JOIN uploads u ON u.guid = s.profile_image_guid
        WHERE a.email = $1`,
      [DRIVER.email],
    );
    expect(saved).toEqual({ first_name: 'Dalton', folder: '/profile-pictures' });

    // Offline after a reload: settings from the phone, the picture too. A flag still changes: it
    // is queued like any driver action, shown at once and marked as waiting to be sent.
    await harness.setOnline(false);
    await page.reload();
    await page.getByTestId('settings-offline').waitFor({ timeout: 30_000 });
    await page.getByTestId('settings-name').getByText('Dalton Hostetler').waitFor();
    await page.getByTestId('profile-picture').waitFor();
    await shot('settings-offline');
    await expectReadable(page);
    expect(await flag.locator('input').isDisabled()).toBe(false);
    await flag.getByText('Order reassigned').click();
    await page.getByTestId('notifications-waiting').getByText('Waiting to send — saved on this phone').waitFor();
    await page.getByTestId('snackbar').getByText('Saved on this phone — it will be sent when you are online').waitFor();
    expect(await flag.locator('input').isChecked()).toBe(true);
    // The snackbar closed, so the picture shows the switches and their mark.
    await page.getByTestId('snackbar').getByRole('button').click();
    await expect.poll(() => page.getByTestId('snackbar').count()).toBe(0);
    await page.getByTestId('settings-notifications').scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(RESULTS, 'settings-notifications-queued.png') });
    await expectReadable(page);
    const reassignedOnServer = async () =>
      (
        await server.query<{ r: boolean }>(
          'SELECT s.email_notifications_order_reassigned r FROM account_settings s JOIN accounts a ON a.id = s.account_id WHERE a.email = $1',
          [DRIVER.email],
        )
      )[0]?.r;
    expect(await reassignedOnServer()).toBe(false);

    // Editing offline: it says why it cannot save; what was typed survives a reload.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/edit');
    await page.getByTestId('settings-edit-offline').waitFor();
    expect(await page.getByTestId('settings-save').isDisabled()).toBe(true);
    await page.getByLabel('Last name').fill('Hostetler-Miller');
    await page.getByLabel('Phone').fill('717-555-0199');
    await waitForStored(page, '"Hostetler-Miller"', '"717-555-0199"'); // the draft, in PWADB before the tab dies
    await page.reload();
    await page.getByTestId('settings-edit-offline').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Last name').inputValue()).toBe('Hostetler-Miller');
    expect(await page.getByLabel('Phone').inputValue()).toBe('717-555-0199');
    await page.getByText('Your changes are kept on this phone until you save or discard them.').waitFor();
    await shot('settings-edit-offline');
    await expectReadable(page);

    // Back online, the same form saves.
    await harness.setOnline(true);
    await expect.poll(() => page.getByTestId('settings-save').isDisabled(), { timeout: 60_000 }).toBe(false);
    await page.getByTestId('settings-save').click();
    await page.waitForURL((url) => url.pathname === '/settings', { timeout: 30_000 });
    await page.getByTestId('settings-name').getByText('Dalton Hostetler-Miller').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('settings-unsaved').count()).toBe(0);
    expect(await page.getByTestId('app-bar-driver').textContent()).toMatch(/^Dalton Hostetler-Miller · /);
    const [after] = await server.query<{ last_name: string; phone: string }>('SELECT last_name, phone FROM accounts WHERE email = $1', [DRIVER.email]);
    expect(after).toEqual({ last_name: 'Hostetler-Miller', phone: '(717) 555-0199' });
    // The flag changed offline reached the server once back online; the switch stays where it was put.
    await expect.poll(reassignedOnServer, { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('notifications-waiting').count(), { timeout: 30_000 }).toBe(0);
    expect(await flag.locator('input').isChecked()).toBe(true);
  });

  it('a changed email asks for the current password: a wrong one is refused on its field with the form kept, the right one saves', async () => {
    await page.goto(`${proxy.url}/settings/edit`);
    await Promise.race([
      page.getByTestId('settings-save').waitFor({ timeout: 30_000 }),
      page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 }),
    ]);
    if (new URL(page.url()).pathname === '/login') {
      await harness.submitLogin(DRIVER);
      await page.goto(`${proxy.url}/settings/edit`);
      await page.getByTestId('settings-save').waitFor({ timeout: 30_000 });
    }
    await expect.poll(() => page.getByTestId('settings-save').isDisabled(), { timeout: 60_000 }).toBe(false);
    const current = page.getByLabel('Current password');
    expect(await current.count()).toBe(0); // nothing that signs in changed: not asked
    await page.getByLabel('First name').fill('Dale');
    const newEmail = 'dale.hostetler@summit.test';
    await page.getByLabel('Email').fill(newEmail);
    await current.waitFor();
    expect(await current.getAttribute('type')).toBe('password');
    expect(await current.getAttribute('autocomplete')).toBe('current-password');
    expect(await current.getAttribute('required')).not.toBeNull();
    const box = await current.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(48);
    expect(await current.evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');

    // Left empty: asked for beside it, nothing sent.
    await page.getByTestId('settings-save').click();
    await page.getByTestId('error-current_password').getByText('Enter your current password').waitFor();
    // A wrong one: the server's refusal on that field; everything typed is still there.
    await current.fill('not-my-password');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('error-current_password').getByText('The current password is not correct').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/settings/edit');
    expect(await page.getByLabel('Email').inputValue()).toBe(newEmail);
    expect(await page.getByLabel('First name').inputValue()).toBe('Dale');
    expect(await current.inputValue()).toBe('not-my-password');
    const [unchanged] = await server.query<{ n: number }>('SELECT count(*)::int n FROM accounts WHERE email = $1', [DRIVER.email]);
    expect(unchanged?.n).toBe(1);
    await current.scrollIntoViewIfNeeded();
    // The refusal's snackbar fades in: audited half-way, its text read 3.04:1.
    await animationsSettled(page);
    await shot('settings-edit-current-password');
    await expectReadable(page);

    // The right one saves.
    await current.fill(DRIVER.password);
    await page.getByTestId('settings-save').click();
    await page.waitForURL((url) => url.pathname === '/settings', { timeout: 30_000 });
    const [saved] = await server.query<{ first_name: string }>('SELECT first_name FROM accounts WHERE email = $1', [newEmail]);
    expect(saved).toEqual({ first_name: 'Dale' });
  });
});
