// The app in Spanish on a 390x844 phone: with the language stored as Spanish, Login, Home, an
// order's details, Scheduled, Notifications, Settings, Tech support and the delivery log show
// no English text of the catalog (visible text, aria-labels and placeholders); nothing
// overflows the phone's width, targets stay 48 px and body text 16 px. Choosing English in
// Settings switches back at once, without a reload. Also an on-lot delivery form (its rules'
// messages shown), a customer delivery form (the new-card form open), the schedule screen and
// the schedule details. Home, an order's details and Notifications also show no value of the
// server's enumerations in English (order type, status, stage, notification titles: issue 25
// item 6), and show their Spanish texts. The driver's other phone reported unsent work that never
// arrived (issue 24 item 7): the sign-in shows the lost-work notice, in Spanish, until closed.
// Screenshots: test-results/es-*.png.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUILDING_STAGES, ERROR_TEXT, FILTER_LABELS, NOTIFICATION_TOPIC_TITLES, ORDER_STATUSES, ORDER_TYPES } from '../src/domain';
import { en } from '../src/ui/i18n/en';
import { deliver } from '../src/ui/i18n/en/deliver';
import { schedule } from '../src/ui/i18n/en/schedule';
import { settingsEdit } from '../src/ui/i18n/en/settingsEdit';
import { map } from '../src/ui/i18n/en/map';
import { log } from '../src/ui/i18n/en/log';
import { lostWork } from '../src/ui/i18n/en/lostWork';
import { nav } from '../src/ui/i18n/en/nav';
import { order, outbox } from '../src/ui/i18n/en/order';
import { screens } from '../src/ui/i18n/en/screens';
import { domain as spanishDomain, es } from '../src/ui/i18n/es';
import { LANGUAGE_STORAGE_KEY } from '../src/ui/i18n/language';
import type { TestServer } from '../test/support/server';
import { openInApp, RESULTS, SUMMIT_DRIVER as DRIVER, useBrowserHarness } from './support';
import { expectReadable } from './themeAudit';
import { animationsSettled, waitForSyncIdle } from './settle';

let server: TestServer;
let page: Page;

useBrowserHarness({}, (h) => ({ server, page } = h));

/** The driver's other phone last reported a delivery and a note it held unsent, which never arrived. */
async function reportFromAnotherPhone(): Promise<void> {
  const [onlot] = await liveOrders('onlot');
  const entry = (kind: string, label: string, minutes: number) => ({
    id: randomUUID(),
    kind,
    label,
    order_key: `oio-${onlot}`,
    display: 'Blue Mountain Barns · 12x24 Cabin · SS2026-01070',
    created_at: new Date(Date.now() - minutes * 60_000).toISOString(),
    needs_attention: false,
  });
  await server.query(
    `INSERT INTO device_unsent_reports (account_id, company_id, device_id, unsent, entries, reported_at)
     SELECT id, company_id, $2, 2, $3::jsonb, now() - interval '8 days' FROM accounts WHERE email = $1`,
    [DRIVER.email, randomUUID(), JSON.stringify([entry('deliver_onlot', 'On-lot delivery', 90), entry('create_order_note', 'Note for the office', 60)])],
  );
}

/** The driver's undelivered orders of a kind, oldest first. */
async function liveOrders(kind: 'onlot' | 'customer'): Promise<number[]> {
  const rows = await server.query<{ id: number }>(
    `select o.id from orders o join accounts a on a.id = o.driver_id
      where a.email = $1 and o.kind = $2 and o.delivered_at is null and o.cancelled_at is null order by o.id`,
    [DRIVER.email, kind],
  );
  return rows.map((r) => Number(r.id));
}

function leaves(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value as object, `${prefix}${key}.`),
  );
}

const spanish = new Map(leaves(es));
/**
 * The English pieces no Spanish screen may show: each catalog text (and src/domain's error and
 * filter texts) cut at its placeholders, pieces of 8 characters or more (shorter ones such as
 * "Email" could be a customer's data); texts Spanish keeps as they are (the app's name) left out.
 */
const ENGLISH_PIECES = [
  ...leaves({ ...en, ...screens, order, outbox, log, lostWork, nav, deliver, schedule, settingsEdit, map })
    .filter(([key, text]) => spanish.get(key) !== text)
    .map(([, text]) => text),
  ...Object.values(ERROR_TEXT),
  ...Object.values(FILTER_LABELS),
]
  .flatMap((text) => text.split(/\{\{\w+\}\}/))
  .map((piece) => piece.trim())
  .filter((piece) => piece.length >= 8);

/** The server's enumerated values (src/domain's lists, which its database is held to) as English sends them. */
const ENGLISH_VALUES = [...ORDER_TYPES, ...ORDER_STATUSES, ...BUILDING_STAGES, ...Object.values(NOTIFICATION_TOPIC_TITLES)];
const SPANISH_VALUES = [spanishDomain.orderTypes, spanishDomain.orderStatuses, spanishDomain.buildingStages, spanishDomain.notificationTopics].flatMap(
  (texts) => Object.values<string>(texts),
);
/** Company-written words (issue 25: they stay as the company wrote them): what a notification says, the happy list, the survey. */
const COMPANY_TEXT = ['[data-testid="notification"] p', '[data-field="happy-list"] label', '[data-field="survey"] label'];

/** Each of `values` the text holds as a whole phrase (not inside a longer word), case as sent. */
function phrasesIn(text: string, values: readonly string[]): string[] {
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return values.filter((value) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(value)}(?![\\p{L}\\p{N}])`, 'u').test(text));
}

/**
 * Issue 25 item 6 on the screen in view: no value of the server's enumerations in English
 * (company-written text aside), and at least `spanish` of their Spanish texts shown.
 */
async function expectValuesInSpanish(name: string, spanish = 1): Promise<void> {
  const text = await screenText(COMPANY_TEXT);
  expect(phrasesIn(text, ENGLISH_VALUES), `English enumerated values on ${name}`).toEqual([]);
  expect(phrasesIn(text, SPANISH_VALUES).length, `Spanish enumerated values on ${name}`).toBeGreaterThanOrEqual(spanish);
}

/** Visible text plus the names and hints a screen reader or an empty field shows, without what `dataSelectors` hold. */
function screenText(dataSelectors: string[]): Promise<string> {
  return page.evaluate((selectors) => {
    // Chakra's toast region names itself ("Notifications"): the library's words, not the app's.
    const own = (el: Element): boolean => !el.closest('[data-scope="toast"]');
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title]')]
      .filter(own)
      .map((el) => ['aria-label', 'placeholder', 'title'].map((name) => el.getAttribute(name) ?? '').join('\n'));
    let text = `${document.body.innerText}\n${attributes.join('\n')}`;
    const data = selectors.length > 0 ? [...document.querySelectorAll(selectors.join(', '))] : [];
    for (const el of data) for (const line of (el as HTMLElement).innerText.split('\n')) if (line.trim()) text = text.split(line.trim()).join(' ');
    return text;
  }, dataSelectors);
}

async function englishOn(name: string, valuesAreData = name === 'order-details'): Promise<string[]> {
  // Let the sync status and any transition settle before judging.
  await waitForSyncIdle(page);
  await animationsSettled(page);
  await page.screenshot({ path: resolve(RESULTS, `es-${name}.png`) });
  // Data, not the app's words: the place on an order card (its type and status are checked by
  // expectValuesInSpanish), notifications' titles, company-written text, and on an order's
  // details the listed values (a model or a dealer's name may hold a catalog piece).
  const text = await screenText(['.order-card__meta', '[data-testid="notification"] h3', ...COMPANY_TEXT, ...(valuesAreData ? ['dd'] : [])]);
  // Each piece found, with what surrounds it on screen (to tell where it is).
  return [...new Set(ENGLISH_PIECES.filter((piece) => text.includes(piece)))].map((piece) => {
    const at = text.indexOf(piece);
    return `${piece} — in "${text.slice(Math.max(0, at - 30), at + piece.length + 30).replace(/\s+/g, ' ')}"`;
  });
}

async function expectSpanish(name: string, found?: string[]): Promise<void> {
  expect(found ?? (await englishOn(name)), `English on ${name}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  // Spanish is ~20% longer: nothing may push the page wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${name}`).toBeLessThanOrEqual(390);
  await expectReadable(page);
}

async function open(path: string, heading: string): Promise<void> {
  await openInApp(page, server.url, path);
  // The screen's own heading (h2): the app bar's h1 says the same name before the screen has loaded.
  await page.getByRole('heading', { name: heading, exact: true, level: 2 }).first().waitFor({ timeout: 30_000 });
}

describe('the app in Spanish', () => {
  it('Login', async () => {
    await page.goto(`${server.url}/login`);
    await page.evaluate((key) => localStorage.setItem(key, 'es'), LANGUAGE_STORAGE_KEY);
    await page.reload();
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor({ timeout: 30_000 });
    const found = await englishOn('login');
    await reportFromAnotherPhone();
    // Judged after signing in, so a failure here does not also fail every later screen.
    await page.getByLabel('Correo electrónico').fill(DRIVER.email);
    await page.getByLabel('Contraseña').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await page.goto(`${server.url}/login`);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await expectSpanish('login', found);
  });

  it('the notice of work another phone lost, then Home', async () => {
    // This browser's first report is answered with what the other phone never sent.
    await page.getByTestId('lost-work').waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: '2 acciones nunca llegaron a la oficina' }).waitFor();
    expect(await page.getByTestId('lost-work-entries').locator('li').allTextContents()).toEqual([
      'Entrega en el lote — Blue Mountain Barns · 12x24 Cabin · SS2026-01070',
      'Nota para la oficina — Blue Mountain Barns · 12x24 Cabin · SS2026-01070',
    ]);
    await expectSpanish('lost-work');
    await page.getByRole('button', { name: 'Entendido', exact: true }).click();
    await page.getByTestId('lost-work').waitFor({ state: 'detached' });
    await page.getByTestId('order-card').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('order-count').textContent()).toMatch(/^\d+ pedidos?$/);
    await expectSpanish('home');
    // Each card: type · status · place.
    await expectValuesInSpanish('home', 2);
  });

  it("an order's details", async () => {
    await page.locator('[data-order-key^="co-"]').first().click();
    await page.waitForURL(/\/customer-order-details\//);
    await page.getByText('Agregar nota').waitFor({ timeout: 30_000 });
    await page.getByTestId('customer-details').getByText('Dirección de entrega').waitFor({ timeout: 30_000 });
    await expectSpanish('order-details');
    // The order card lists its type, status and stage.
    await expectValuesInSpanish('order-details', 3);
  });

  it('Scheduled, with the day headers in Spanish', async () => {
    await open('/scheduled', 'Programados');
    await page.getByTestId('scheduled-row').first().waitFor({ timeout: 30_000 });
    const titles = await page.getByTestId('scheduled-group-title').allTextContents();
    const days = titles.filter((title) => title !== 'Atrasados' && title !== 'Sin fecha fijada');
    for (const day of days) expect(day).toMatch(/^(lun|mar|mié|jue|vie|sáb|dom), \d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)$/);
    await expectSpanish('scheduled');
  });

  it('Notifications', async () => {
    await open('/notifications', 'Notificaciones');
    await page.getByTestId('notifications-tab-0').waitFor();
    await page.getByTestId('notification').first().waitFor({ timeout: 30_000 });
    await expectSpanish('notifications');
    // The seeded order notices' titles ("New order assigned"…) are the system's: in Spanish.
    await expectValuesInSpanish('notifications');
    await open('/notifications?tabIndex=1', 'Notificaciones');
    await page.getByTestId('notification').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText(/^Descartada el /).count()).toBeGreaterThan(0);
    await expectSpanish('notifications-dismissed');
    await expectValuesInSpanish('notifications-dismissed', 0);
  });

  it('Tech support', async () => {
    await open('/tech-support', 'Soporte técnico');
    await page.getByTestId('support-phone').waitFor({ timeout: 30_000 });
    await expectSpanish('tech-support');
  });

  it('Delivery log', async () => {
    await open('/delivery-log', 'Registro de entregas');
    await page.getByTestId('log-totals').waitFor({ timeout: 30_000 });
    await expectSpanish('delivery-log');
  });

  it('an on-lot delivery form, with its rules said in Spanish', async () => {
    const [orderId] = await liveOrders('onlot');
    await openInApp(page, server.url, `/delivery-details/${orderId}?onlotInventoryOrder=true`);
    await page.getByRole('heading', { name: /^Entregar / }).waitFor({ timeout: 30_000 });
    await page.getByText('Millas recorridas').waitFor();
    // Deliver on the empty form: nothing is queued, each rule's message shows beside its field.
    await page.getByRole('button', { name: 'Entregar', exact: true }).click();
    await expect.poll(() => page.getByText('Se requieren fotos de la entrega').count()).toBeGreaterThan(0);
    await expectSpanish('onlot-delivery');
  });

  it('a customer delivery form, with the new-card form open', async () => {
    const [orderId] = await liveOrders('customer');
    await openInApp(page, server.url, `/delivery-details/${orderId}?customerOrder=true`);
    await page.getByRole('heading', { name: /^Entregar / }).waitFor({ timeout: 30_000 });
    await page.getByTestId('payment').waitFor({ timeout: 30_000 });
    const card = page.getByRole('button', { name: es.deliver.creditCard, exact: true });
    if (await card.isVisible()) {
      await card.click();
      await page.getByRole('button', { name: es.deliver.newCard, exact: true }).click();
      await page.getByTestId('new-card-form').waitFor();
    }
    await page.screenshot({ path: resolve(RESULTS, 'es-customer-delivery-full.png'), fullPage: true });
    await expectSpanish('customer-delivery');
  });

  it('the schedule screen and the schedule details', async () => {
    const [orderId] = await liveOrders('customer');
    await openInApp(page, server.url, `/schedule/${orderId}?customerOrder=true`);
    await page.getByRole('heading', { name: /^(Programar|Reprogramar) entrega$/ }).waitFor({ timeout: 30_000 });
    await page.getByTestId('reassign').waitFor();
    await expectSpanish('schedule');
    await openInApp(page, server.url, `/customer-order-schedule-details/${orderId}`);
    await page.getByTestId('schedule-when').waitFor({ timeout: 30_000 });
    await expectSpanish('schedule-details', await englishOn('schedule-details', true));
  });

  it('the map', async () => {
    await openInApp(page, server.url, `/map`);
    await expect.poll(() => page.getByTestId('map-summary').textContent(), { timeout: 30_000 }).toMatch(/pedidos?/);
    // The map drawn, with MapLibre's own controls (their names were English).
    await page.locator('.maplibregl-ctrl-zoom-in').waitFor({ timeout: 60_000 });
    await expectSpanish('map');
  });

  it('Edit profile', async () => {
    await open('/settings/edit', 'Editar perfil');
    await page.getByTestId('settings-save').waitFor({ timeout: 30_000 });
    await expectSpanish('settings-edit');
  });

  it('Settings, then English chosen there applies at once, without a reload', async () => {
    await open('/settings', 'Ajustes');
    await page.getByTestId('settings-profile').waitFor({ timeout: 30_000 });
    await expectSpanish('settings');
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await page.getByRole('radio', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', exact: true, level: 2 }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('en');
    // The app bar's title block, now titled Settings in English, is the Home link.
    await page.getByRole('link', { name: /^Settings .*home$/ }).click();
    await expect.poll(() => page.getByTestId('order-count').textContent()).toMatch(/^\d+ orders?$/);
  });
});
