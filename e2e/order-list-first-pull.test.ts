// The order list's query during the first pull after a sign-in (src/db/orderList.ts): RxDB
// re-runs a query's first run from the start whenever a write lands during it, so a list
// query started while the pull filled PWADB read the whole collection through an IndexedDB
// cursor again at every page (~39,000 cursor steps on the page for 10,000 orders). Started
// while the driver types, it takes each page as a change applied in memory.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedBulkOrders } from '../server/db/seedBulkOrders';
import type { TestServer } from '../test/support/server';
import { SUMMIT_DRIVER, useBrowserHarness } from './support';

let server: TestServer;
let page: Page;

useBrowserHarness({}, (h) => ({ server, page } = h));

const BULK = 3000;

describe('the first pull after a sign-in', () => {
  it('never reads the whole order list again on the page while it stores the orders', async () => {
    await seedBulkOrders({ query: (sql, params) => server.query(sql, params) }, { perDriver: BULK, now: Date.now(), driverEmail: SUMMIT_DRIVER.email });
    // Every step of every IndexedDB cursor the page's own thread opens (the worker's are not seen).
    await page.addInitScript(() => {
      const counted = window as unknown as { cursorSteps: number };
      counted.cursorSteps = 0;
      type OpenCursor = (this: unknown, ...args: unknown[]) => IDBRequest<IDBCursorWithValue | null>;
      for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
        const open = Object.getOwnPropertyDescriptor(proto, 'openCursor')?.value as OpenCursor;
        Object.defineProperty(proto, 'openCursor', {
          configurable: true,
          writable: true,
          value: function (this: unknown, ...args: unknown[]) {
            const request = open.apply(this, args);
            request.addEventListener('success', () => {
              if (request.result) counted.cursorSteps += 1;
            });
            return request;
          },
        });
      }
    });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').pressSequentially(SUMMIT_DRIVER.email, { delay: 40 });
    await page.getByLabel('Password').pressSequentially(SUMMIT_DRIVER.password, { delay: 40 });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const count = async (): Promise<number> => Number(((await page.getByTestId('order-count').textContent()) ?? '0').replace(/[^\d].*$/, ''));
    await expect.poll(count, { timeout: 120_000, interval: 200 }).toBeGreaterThanOrEqual(BULK);
    const steps = await page.evaluate(() => (window as unknown as { cursorSteps: number }).cursorSteps);
    console.log(`order list first pull: ${await count()} orders stored, ${steps} cursor steps on the page`);
    // Re-running the list once would read every stored order (> BULK steps).
    expect(steps).toBeLessThan(BULK / 2);
  });
});
