// Two tabs of the app: only one sync worker may run the engine (Web Lock), and when that
// tab is closed the other tab's worker takes over and still sends queued work.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { useBrowserHarness, type Phone } from './support';

const LOCK = 'driver-app-sync-leader';
let server: TestServer;
let phone: Phone;
let first: Page;

useBrowserHarness({}, (h) => ({ server, phone, page: first } = h));

async function lockState(page: Page): Promise<{ held: number; pending: number }> {
  return page.evaluate(async (name) => {
    const state = await navigator.locks.query();
    return {
      held: (state.held ?? []).filter((l) => l.name === name).length,
      pending: (state.pending ?? []).filter((l) => l.name === name).length,
    };
  }, LOCK);
}

describe('sync leadership across tabs', () => {
  it('runs one engine for two tabs and hands over when the leader closes', async () => {
    await first.goto(`${server.url}/login`);
    await first.getByLabel('Email').fill('driver@summit.test');
    await first.getByLabel('Password').fill('summit-driver-1');
    await first.getByRole('button', { name: 'Sign in' }).click();
    await first.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => first.locator('[data-order-key]').count(), { timeout: 30_000 }).toBeGreaterThan(0);

    const second = await phone.context.newPage();
    await second.goto(`${server.url}/`);
    await expect.poll(() => second.locator('[data-order-key]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => lockState(second), { timeout: 15_000 }).toEqual({ held: 1, pending: 1 });

    // Closing the leader's tab ends its worker; the waiting worker takes the lock.
    await first.close();
    await expect.poll(() => lockState(second), { timeout: 15_000 }).toEqual({ held: 1, pending: 0 });

    // The new leader still syncs: a change on the server reaches the remaining tab.
    const [order] = await server.query<{ id: number; serial_number: string }>(
      `select o.id, o.serial_number from orders o join accounts a on a.id = o.driver_id
        where a.email = 'driver@summit.test' and o.kind = 'onlot' and o.delivered_at is null and o.cancelled_at is null
        order by o.id limit 1`,
    );
    await server.query(`update orders set serial_number = 'HANDOVER-1' where id = $1`, [order!.id]);
    await second.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => second.getByText('HANDOVER-1').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  });
});
