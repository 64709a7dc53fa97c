// The schedule in a real browser (390x844): /scheduled groups the driver's scheduled orders
// by day with the SPEC §9 header ("Mon, Jan 5"), Overdue first; offline, after a reload, it
// and a schedule-details screen still render from PWADB; a reschedule, an unschedule and a
// schedule queued offline move the order at once (a freshly scheduled order shows without
// its details snapshot); reconnected, the server has each change.
import { resolve } from 'node:path';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { ensureServiceWorker, openPhone, RESULTS, SUMMIT_DRIVER as DRIVER, SUMMIT_DRIVER2, useBrowserHarness, type Phone, type Proxy } from './support';
import { expectReadable } from './themeAudit';

const HEADER = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}$/;
const KEY_PREFIX = { customer: 'co', onlot: 'oio', move: 'mo' } as const;
const DETAILS_ROUTE = {
  customer: '/customer-order-schedule-details',
  onlot: '/onlot-inventory-order-schedule-details',
  move: '/inventory-move-order-schedule-details',
} as const;

type Kind = keyof typeof KEY_PREFIX;
interface ScheduledRow {
  id: number;
  kind: Kind;
  at: Date;
  order_number: string;
}

let server: TestServer;
let proxy: Proxy;
let phone: Phone;
let page: Page;

useBrowserHarness({}, (h) => ({ server, proxy, phone, page } = h));

function scheduledOnServer(): Promise<ScheduledRow[]> {
  return server.query<ScheduledRow>(
    `select o.id, o.kind, o.scheduled_date at, o.order_number from orders o join accounts a on a.id = o.driver_id
      where a.email = $1 and o.delivered_at is null and o.cancelled_at is null and o.is_scheduled_for_delivery
      order by o.scheduled_date, o.id`,
    [DRIVER.email],
  );
}

async function scheduleOf(orderId: number): Promise<{ scheduled: boolean; at: string | null }> {
  const [row] = await server.query<{ scheduled: boolean; at: Date | null }>(
    'select is_scheduled_for_delivery scheduled, scheduled_date at from orders where id = $1',
    [orderId],
  );
  return { scheduled: Boolean(row?.scheduled), at: row?.at?.toISOString() ?? null };
}

const keyOf = (row: Pick<ScheduledRow, 'kind' | 'id'>): string => `${KEY_PREFIX[row.kind]}-${row.id}`;

/** The groups as the screen shows them: title and the order keys in it, top to bottom. */
function shownGroups(): Promise<{ title: string; keys: string[] }[]> {
  return page.getByTestId('scheduled-group').evaluateAll((sections) =>
    sections.map((s) => ({
      title: s.querySelector('[data-testid="scheduled-group-title"]')?.textContent ?? '',
      keys: [...s.querySelectorAll('[data-testid="scheduled-row"]')].map((r) => r.getAttribute('data-order-key') ?? ''),
    })),
  );
}

/** What the groups must be, worked out here with luxon in the phone's zone (not the app's code). */
function expectedGroups(rows: Pick<ScheduledRow, 'id' | 'kind' | 'at'>[], zone: string): { title: string; keys: string[] }[] {
  const todayStart = DateTime.now().setZone(zone).startOf('day').toMillis();
  const groups: { title: string; keys: string[] }[] = [];
  const sorted = [...rows].sort((a, b) => a.at.getTime() - b.at.getTime() || keyOf(a).localeCompare(keyOf(b)));
  const overdue = sorted.filter((r) => r.at.getTime() < todayStart);
  if (overdue.length) groups.push({ title: 'Overdue', keys: overdue.map(keyOf) });
  for (const row of sorted.filter((r) => r.at.getTime() >= todayStart)) {
    const title = DateTime.fromJSDate(row.at, { zone }).setLocale('en-US').toFormat('ccc, LLL d');
    const last = groups[groups.length - 1];
    if (last?.title === title) last.keys.push(keyOf(row));
    else groups.push({ title, keys: [keyOf(row)] });
  }
  return groups;
}

const audit = (): Promise<unknown> => expectReadable(page);

const row = (key: string) => page.locator(`[data-testid="scheduled-row"][data-order-key="${key}"]`);
const groupOf = (key: string) => page.getByTestId('scheduled-group').filter({ has: row(key) });

describe('/scheduled and schedule details', () => {
  it('groups by day online, works offline after a reload, and moves an order at once when it is rescheduled or unscheduled', async () => {
    const seeded = await scheduledOnServer();
    const unscheduled = await server.query<Pick<ScheduledRow, 'id' | 'kind'>>(
      `select o.id, o.kind from orders o join accounts a on a.id = o.driver_id
        where a.email = $1 and o.delivered_at is null and o.cancelled_at is null and not o.is_scheduled_for_delivery
        order by o.id`,
      [DRIVER.email],
    );
    expect(unscheduled.length).toBeGreaterThan(0);
    const upcoming = seeded.filter((r) => r.at.getTime() > Date.now() + 3_600_000);
    expect(seeded.length).toBeGreaterThan(2);
    expect(upcoming.length).toBeGreaterThan(1);

    await page.goto(`${proxy.url}/scheduled`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(DRIVER.email);
    await page.getByLabel('Password').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/scheduled', { timeout: 30_000 });
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

    // Online: every seeded scheduled order, grouped by day with the SPEC §9 header, and the
    // destinations from the schedule-list snapshot.
    await expect.poll(() => page.getByTestId('scheduled-row').count(), { timeout: 60_000 }).toBe(seeded.length);
    await expect.poll(() => page.getByTestId('scheduled-destination').count(), { timeout: 60_000 }).toBe(seeded.length);
    const groups = await shownGroups();
    expect(groups).toEqual(expectedGroups(seeded, zone));
    for (const group of groups) expect(group.title === 'Overdue' || HEADER.test(group.title)).toBe(true);
    // The first pull has finished (it prefetches every scheduled order's details) before the network goes.
    await page.getByText(/^Updated \d\d\/\d\d\/\d{4} \d\d:\d\d$/).waitFor({ timeout: 120_000 });
    await ensureServiceWorker(page);

    // The order to reschedule (a customer order when there is one: phone and Call) and one to unschedule.
    const target = upcoming.find((r) => r.kind === 'customer') ?? upcoming[0]!;
    const other = upcoming.find((r) => r.id !== target.id)!;
    const targetPath = `${DETAILS_ROUTE[target.kind]}/${target.id}`;

    // Offline, after a reload: the list and a schedule-details screen come from PWADB.
    await phone.context.setOffline(true);
    proxy.setReachable(false);
    await page.goto(`${proxy.url}/scheduled`);
    await expect.poll(() => page.getByTestId('scheduled-row').count(), { timeout: 30_000 }).toBe(seeded.length);
    expect(await shownGroups()).toEqual(expectedGroups(seeded, zone));
    await page.screenshot({ path: resolve(RESULTS, 'scheduled-list.png') });
    await page.screenshot({ path: resolve(RESULTS, 'scheduled-list-full.png'), fullPage: true });
    await audit();

    await row(keyOf(target)).click();
    await page.waitForURL((url) => url.pathname === targetPath);
    const details = page.getByTestId('schedule-order');
    await details.getByText(target.order_number, { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('details-pending').count()).toBe(0);
    expect(await page.getByTestId('schedule-day').textContent()).toBe(DateTime.fromJSDate(target.at, { zone }).setLocale('en-US').toFormat('ccc, LLL d'));
    if (target.kind === 'customer') expect(await page.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(await page.getByRole('link', { name: 'Open order' }).getAttribute('href')).toBe(targetPath.replace('-schedule-details', '-details'));
    await page.screenshot({ path: resolve(RESULTS, 'scheduled-details.png'), fullPage: true });
    await audit();

    // Reschedule offline from the details screen, 20 days ahead (past every seeded date).
    const newDay = DateTime.now().setZone(zone).plus({ days: 20 }).set({ hour: 10, minute: 30, second: 0, millisecond: 0 });
    const local = newDay.toFormat("yyyy-MM-dd'T'HH:mm");
    const expectedIso = newDay.toUTC().toISO();
    await page.getByRole('link', { name: 'Reschedule', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/schedule/${target.id}` && url.searchParams.get('reschedule') === 'true');
    await page.getByLabel('Delivery date and time').fill(local);
    await page.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await page.waitForURL((url) => url.pathname === targetPath); // back where it was opened
    await page.locator(`[data-entry-kind="reschedule_${target.kind}"]`).waitFor();
    expect(await page.getByTestId('schedule-day').textContent()).toBe(newDay.setLocale('en-US').toFormat('ccc, LLL d'));
    await page.screenshot({ path: resolve(RESULTS, 'scheduled-details-queued.png'), fullPage: true });

    // Back on the list it is under its new day, last, marked queued; the server has nothing yet.
    await page.getByTestId('back-button').click();
    await page.waitForURL((url) => url.pathname === '/scheduled');
    await row(keyOf(target)).waitFor();
    const after = await shownGroups();
    expect(after[after.length - 1]).toEqual({ title: newDay.setLocale('en-US').toFormat('ccc, LLL d'), keys: [keyOf(target)] });
    expect(await row(keyOf(target)).getByTestId('outbox-status').textContent()).toBe('Waiting for signal');
    expect(await groupOf(keyOf(target)).count()).toBe(1);
    expect(await scheduleOf(target.id)).toEqual({ scheduled: true, at: target.at.toISOString() });

    // Unschedule another one offline: it leaves the list at once.
    await row(keyOf(other)).click();
    await page.waitForURL((url) => url.pathname === `${DETAILS_ROUTE[other.kind]}/${other.id}`);
    await page.getByRole('link', { name: 'Unschedule / reassign' }).click();
    await page.waitForURL((url) => url.pathname === `/schedule/${other.id}`);
    await page.getByRole('button', { name: 'Unschedule', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${DETAILS_ROUTE[other.kind]}/${other.id}`);
    expect(await page.getByTestId('schedule-day').textContent()).toBe('Not scheduled');
    await page.getByTestId('back-button').click();
    await page.waitForURL((url) => url.pathname === '/scheduled');
    await expect.poll(() => page.getByTestId('scheduled-row').count()).toBe(seeded.length - 1);
    expect(await row(keyOf(other)).count()).toBe(0);
    await page.screenshot({ path: resolve(RESULTS, 'scheduled-list-queued.png'), fullPage: true });

    // An order scheduled offline just now has no details snapshot: the row's facts show, and say so.
    const fresh = unscheduled.find((r) => r.kind !== 'customer') ?? unscheduled[0]!;
    const freshPath = `${DETAILS_ROUTE[fresh.kind]}/${fresh.id}`;
    await page.goto(`${proxy.url}${freshPath}`);
    await page.getByTestId('schedule-day').getByText('Not scheduled').waitFor({ timeout: 30_000 });
    await page.getByTestId('details-pending').getByText('Details arrive with the next sync').waitFor();
    await page.getByRole('link', { name: 'Schedule', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/schedule/${fresh.id}` && url.searchParams.get('reschedule') === null);
    const freshDay = DateTime.now().setZone(zone).plus({ days: 5 }).set({ hour: 9, minute: 15, second: 0, millisecond: 0 });
    await page.getByLabel('Delivery date and time').fill(freshDay.toFormat("yyyy-MM-dd'T'HH:mm"));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.waitForURL((url) => url.pathname === freshPath);
    await page.locator(`[data-entry-kind="schedule_${fresh.kind}"]`).waitFor();
    expect(await page.getByTestId('schedule-day').textContent()).toBe(freshDay.setLocale('en-US').toFormat('ccc, LLL d'));
    expect(await page.getByTestId('details-pending').count()).toBe(1);
    await page.screenshot({ path: resolve(RESULTS, 'scheduled-details-pending.png'), fullPage: true });
    await audit();
    await page.goto(`${proxy.url}/scheduled`);
    await row(keyOf(fresh)).waitFor({ timeout: 30_000 });
    const offlineSet = [
      ...seeded.filter((r) => r.id !== other.id && r.id !== target.id),
      { ...target, at: newDay.toJSDate() },
      { ...fresh, at: freshDay.toJSDate() },
    ];
    expect(await shownGroups()).toEqual(expectedGroups(offlineSet, zone));

    // Not this driver's (or not on the phone): said plainly, with a way back.
    await page.goto(`${proxy.url}/inventory-move-order-schedule-details/987654`);
    await page.getByRole('heading', { name: 'Order not found' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'See your scheduled orders' }).click();
    await page.waitForURL((url) => url.pathname === '/scheduled');
    await row(keyOf(fresh)).waitFor({ timeout: 30_000 });

    // Reconnected: the server has all three changes, the queue drains, and the list stays as it was.
    proxy.setReachable(true);
    await phone.context.setOffline(false);
    await expect.poll(() => scheduleOf(target.id), { timeout: 60_000, interval: 500 }).toEqual({ scheduled: true, at: expectedIso });
    await expect.poll(() => scheduleOf(other.id), { timeout: 60_000, interval: 500 }).toEqual({ scheduled: false, at: null });
    await expect.poll(() => scheduleOf(fresh.id), { timeout: 60_000, interval: 500 }).toEqual({ scheduled: true, at: freshDay.toUTC().toISO() });
    await expect.poll(() => page.getByTestId('outbox-status').count(), { timeout: 60_000 }).toBe(0);
    const synced = await scheduledOnServer();
    await expect.poll(() => shownGroups(), { timeout: 30_000 }).toEqual(expectedGroups(synced, zone));
  });

  it('says when nothing is scheduled and leads to the unscheduled orders', async () => {
    // The second driver, with every one of their orders unscheduled, on a phone of their own.
    const driver2 = SUMMIT_DRIVER2;
    await server.query(
      `update orders set is_scheduled_for_delivery = false, scheduled_date = null
        where driver_id = (select id from accounts where email = $1)`,
      [driver2.email],
    );
    const second = await openPhone();
    try {
      const page2 = second.context.pages()[0] ?? (await second.context.newPage());
      await page2.goto(`${server.url}/scheduled`);
      await page2.waitForURL((url) => url.pathname === '/login');
      await page2.getByLabel('Email').fill(driver2.email);
      await page2.getByLabel('Password').fill(driver2.password);
      await page2.getByRole('button', { name: 'Sign in' }).click();
      await page2.waitForURL((url) => url.pathname === '/scheduled', { timeout: 30_000 });
      await page2.getByText('Nothing scheduled').waitFor({ timeout: 30_000 });
      expect(await page2.getByTestId('scheduled-count').textContent()).toBe('0 scheduled orders');
      await page2.screenshot({ path: resolve(RESULTS, 'scheduled-empty.png') });
      await expectReadable(page2, ['lowContrast', 'smallTargets', 'tinyText']);
      await page2.getByRole('link', { name: 'See unscheduled orders' }).click();
      await page2.waitForURL((url) => url.pathname === '/' && url.searchParams.get('f') === 'unscheduled');
      expect(await page2.locator('[data-filter="unscheduled"]').getAttribute('aria-pressed')).toBe('true');
    } finally {
      await second.close();
    }
  });
});
