// axe-core on every screen of the app, on a 390x844 phone in Debian's Chromium: no serious or
// critical violation of WCAG 2.0/2.1 A and AA or axe's best practices (contrast, names,
// labels, landmarks); moderate ones are printed (e2e/axe.ts). The sun-and-gloves audit
// (e2e/themeAudit.ts: 4.5:1 against what is really behind, 48x48 targets, 16 px text) runs on
// the same screens. Each screen is also read at 200% text (the root font, on the 390x844
// phone) and in landscape (844x390), on the same page without reloading it: it must reflow
// (e2e/reflow.ts: no sideways scroll, nothing past the screen's edges, no control over
// another, the app bar's title whole), with a screenshot of each (issue 25). One `it` per
// screen, so one failing screen does not hide the others.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { expectNoSeriousAxeViolations, type AxeOptions } from './axe';
import { checkReflow, expectReflowed } from './reflow';
import { openInApp, RESULTS, signIn, SUMMIT_DRIVER as DRIVER, useBrowserHarness, type BrowserHarness } from './support';
import { expectReadable } from './themeAudit';
import { animationsSettled } from './settle';

let harness: BrowserHarness;
let server: TestServer;
let page: Page;
const ids = { customer: 0, onlot: 0, move: 0 };

const DETAILS = { customer: 'customer-order-details', onlot: 'onlot-inventory-order-details', move: 'inventory-move-order-details' } as const;
const SCHEDULE_DETAILS = {
  customer: 'customer-order-schedule-details',
  onlot: 'onlot-inventory-order-schedule-details',
  move: 'inventory-move-order-schedule-details',
} as const;
const FLAG = { customer: 'customerOrder', onlot: 'onlotInventoryOrder', move: 'inventoryMoveOrder' } as const;
const KINDS = ['customer', 'onlot', 'move'] as const;

useBrowserHarness(
  {
    // A balance on the customer orders, so the delivery screen shows its payment sections.
    async onServer(s) {
      await s.query(
        `UPDATE customer_order_billing b SET remaining_balance = 900 FROM orders o JOIN accounts a ON a.id = o.driver_id
          WHERE b.order_id = o.id AND a.email = $1 AND NOT b.is_rto AND o.delivered_at IS NULL`,
        [DRIVER.email],
      );
    },
  },
  async (h) => {
    harness = h;
    ({ server, page } = h);
    for (const kind of KINDS) {
      const rows = await server.query<{ id: number }>(
        `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id LEFT JOIN customer_order_billing b ON b.order_id = o.id
          WHERE a.email = $1 AND o.kind = $2 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL
            AND (b.order_id IS NULL OR (NOT b.is_rto AND b.remaining_balance > 0)) ORDER BY o.id LIMIT 1`,
        [DRIVER.email, kind],
      );
      ids[kind] = Number(rows[0]?.id);
    }
  },
);

/**
 * The theme audit, then a screenshot and axe, then the same screen at 200% text and in
 * landscape (reflowed). A state change (a choice pressed) restyles its buttons through short
 * colour transitions, which the audit would catch half-way: it is asked again a few times
 * before its answer counts.
 */
async function check(label: string, options: AxeOptions = {}): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    // After a frame (so a just-made change has started its transitions), every finite animation
    // ends; a transition a later render starts is waited for by the next attempt the same way.
    await animationsSettled(page);
    try {
      await expectReadable(page);
      break;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
  await page.screenshot({ path: resolve(RESULTS, `axe-${label}.png`), fullPage: true });
  await expectNoSeriousAxeViolations(page, label, options);
  await expectReflowed(page, label);
  await checkReflow(page, `axe-${label}`);
}

/** A screen, in the app once it runs (openInApp: no page load per screen), then what says it is ready. */
async function open(path: string, ready: () => Promise<unknown>): Promise<void> {
  await openInApp(page, server.url, path);
  await ready();
}

const visible = (locator: ReturnType<Page['locator']>) => locator.first().waitFor({ timeout: 30_000 });

describe('accessibility (axe) on every screen', () => {
  it('Login', async () => {
    for (const kind of KINDS) expect(ids[kind]).toBeGreaterThan(0);
    await open('/login', () => visible(page.getByRole('button', { name: 'Sign in' })));
    await check('login');
    await signIn(page, server.url);
  });

  it('Home with orders', async () => {
    await visible(page.getByTestId('order-card'));
    await check('home');
  });

  it('Home with no match', async () => {
    await open('/?q=zzzz-no-such-order', () => visible(page.getByText('No orders match your search')));
    await check('home-no-match');
  });

  it('Map, and a dealer pin popup (or the list when there is no WebGL)', async () => {
    await open('/map', () => visible(page.getByTestId('order-map').or(page.getByTestId('places-list'))));
    const map = page.getByTestId('order-map');
    if ((await map.count()) === 0) {
      await check('map-places-list');
      return;
    }
    await expect.poll(async () => Number((await map.getAttribute('data-rendered-orders')) ?? '0'), { timeout: 90_000, interval: 500 }).toBeGreaterThan(0);
    await check('map');
    const targets = JSON.parse((await map.getAttribute('data-targets')) || '[]') as { kind: string; x: number; y: number }[];
    const dealer = targets.find((t) => t.kind === 'dealer');
    const box = await map.boundingBox();
    if (!dealer || !box) throw new Error('no dealer pin drawn');
    await page.mouse.click(box.x + dealer.x, box.y + dealer.y);
    await visible(page.locator('.maplibregl-popup').getByTestId('place-dealer'));
    await check('map-popup');
  });

  it('Scheduled', async () => {
    await open('/scheduled', () => visible(page.getByTestId('scheduled-count').or(page.getByText('Nothing scheduled'))));
    await check('scheduled');
  });

  for (const kind of KINDS) {
    it(`order details: ${kind}`, async () => {
      await open(`/${DETAILS[kind]}/${ids[kind]}`, () => visible(page.getByRole('link', { name: 'Deliver', exact: true })));
      await check(`details-${kind}`);
    });

    it(`schedule details: ${kind}`, async () => {
      await open(`/${SCHEDULE_DETAILS[kind]}/${ids[kind]}`, () => visible(page.getByTestId('schedule-when')));
      await check(`schedule-details-${kind}`);
    });

    it(`delivery details: ${kind}`, async () => {
      await open(`/delivery-details/${ids[kind]}?${FLAG[kind]}=true`, () => visible(page.getByRole('button', { name: 'Deliver', exact: true })));
      if (kind === 'customer') await visible(page.getByTestId('payment'));
      await check(`deliver-${kind}`);
    });

    if (kind === 'customer') {
      it('delivery details: customer, each payment section', async () => {
        const choose = async (group: string, name: string) => {
          await page.getByRole('group', { name: group, exact: true }).getByRole('button', { name, exact: true }).click();
          await expect
            .poll(() => page.getByRole('group', { name: group, exact: true }).getByRole('button', { name, exact: true }).getAttribute('aria-pressed'))
            .toBe('true');
        };
        for (const [method, source] of [
          ['Check', 'New check'],
          ['Check', 'Saved check'],
          ['Credit card', 'Saved card'],
          ['Credit card', 'New card'],
        ] as const) {
          await choose('Payment method', method);
          await choose(method === 'Check' ? 'Check' : 'Card', source);
          await check(`deliver-customer-${source.toLowerCase().replace(' ', '-')}`);
        }
        await choose('Payment method', 'Cash');
        await check('deliver-customer-cash');
      });
    }
  }

  it('Schedule', async () => {
    await open(`/schedule/${ids.onlot}?onlotInventoryOrder=true`, () => visible(page.getByLabel('Delivery date and time')));
    await expect.poll(() => page.getByTestId('reassign-option').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await check('schedule');
  });

  it('Create note', async () => {
    await open(`/create-note/${ids.move}?inventoryMoveOrder=true`, () => visible(page.getByTestId('note-text')));
    await check('create-note');
  });

  it('Notifications, both tabs', async () => {
    await open('/notifications', () => visible(page.getByTestId('notifications-panel')));
    await check('notifications-new');
    await open('/notifications?tabIndex=1', () => visible(page.locator('[data-testid="notifications-panel"][data-tab="1"]')));
    await check('notifications-dismissed');
  });

  it('Delivery log', async () => {
    await open('/delivery-log', () => visible(page.getByTestId('log-totals')));
    await check('delivery-log');
  });

  it('Settings and Settings edit', async () => {
    await open('/settings', () => visible(page.getByTestId('settings-name')));
    await check('settings');
    await open('/settings/edit', () => visible(page.getByTestId('settings-save')));
    await check('settings-edit');
  });

  it('Tech support', async () => {
    await open('/tech-support', () => visible(page.getByTestId('support-phone')));
    await check('tech-support');
  });

  it('the 404 page and an order not on this device', async () => {
    await open('/no-such-screen', () => visible(page.getByRole('heading', { name: 'Oops!' })));
    await check('not-found');
    await open('/customer-order-details/987654321', () => visible(page.getByRole('heading', { name: 'Order not found' })));
    await check('order-not-found');
  });

  it('the navigation drawer', async () => {
    await open('/', () => visible(page.getByTestId('order-card')));
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await visible(page.getByRole('dialog'));
    await check('nav-drawer');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('the outbox drawer, with a note waiting to send', async () => {
    await open(`/create-note/${ids.onlot}?onlotInventoryOrder=true`, () => visible(page.getByTestId('note-text')));
    await harness.setOnline(false);
    await page.getByTestId('note-text').fill('Gate code 4417, call on arrival.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/create-note'), { timeout: 30_000 });
    await page.getByTestId('outbox-button').click();
    await visible(page.getByRole('dialog').getByTestId('outbox-entry'));
    await check('outbox-drawer');
    await page.keyboard.press('Escape');
    await harness.setOnline(true);
  });

  it('offline: the delivery log, settings, notifications and tech support say so', async () => {
    await open('/', () => visible(page.getByTestId('order-card')));
    await harness.setOnline(false);
    // In-app navigation (the menu): no page load needs the network or the service worker.
    for (const [label, ready] of [
      ['Delivery log', () => page.getByTestId('log-stale')],
      ['Settings', () => page.getByTestId('settings-offline')],
      ['Notifications', () => page.getByTestId('notifications-offline')],
      ['Tech support', () => page.getByTestId('support-phone')],
    ] as const) {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('dialog').getByRole('link', { name: label, exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await visible(ready());
      await check(`offline-${label.toLowerCase().replace(' ', '-')}`);
    }
  });

  it('Notifications with nothing new', async () => {
    await open('/notifications', () => visible(page.getByTestId('notifications-panel')));
    await page.getByTestId('clear-all-notifications').click();
    await visible(page.getByTestId('notifications-empty'));
    await check('notifications-empty');
  });
});
