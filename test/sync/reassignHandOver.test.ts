// A reassign handed an order to a colleague, who signs in on the same phone while the reassign's
// follow-ups (the office notice, the driver email after SPEC's 7000 ms) still wait: the
// colleague's pull must replace the first driver's copy of the order's details. Before, a
// committed action with follow-ups left counted as "pending", the pull skipped the order, and
// its checkpoint moved on: the colleague never got the details (e2e/reassign.test.ts failed
// at "Name on order").
import { expect, it } from 'vitest';
import { readSession } from '../../src/db';
import { queueReassign } from '../../src/outbox';
import { SUMMIT_DRIVER2 } from '../integration/helpers';
import { activeEntries, DEMO_DRIVER, useSyncServer } from '../support/device';

const harness = useSyncServer();

it("the colleague gets the order's details while the reassign's follow-ups still wait", async () => {
  const server = harness.server;
  const id = async (email: string) => Number((await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [email]))[0]?.id);
  const [me, colleague] = [await id(DEMO_DRIVER.email), await id(SUMMIT_DRIVER2.email)];
  const [order] = await server.query<{ id: number }>(
    `SELECT id FROM orders WHERE driver_id = $1 AND kind = 'onlot' AND delivered_at IS NULL AND cancelled_at IS NULL ORDER BY id LIMIT 1`,
    [me],
  );
  const orderId = Number(order?.id);
  const key = `oio-${orderId}`;
  // Follow-ups wait 7000 ms on the device's clock, which the test does not move: they stay due.
  const device = await harness.signedInDevice({ followupWaitMs: 7000 });
  expect((await device.db.onlot_deliveries.findOne(key).exec())?.account_id).toBe(me);
  const session = (await readSession(device.db))!;
  const queued = await queueReassign(device.db, session, { kind: 'onlot', id: orderId }, colleague);
  expect(queued.ok).toBe(true);
  await device.engine.syncNow();
  const [entry] = await activeEntries(device);
  expect(entry?.steps.response).not.toBeNull(); // committed, its follow-ups still to run
  expect((await server.query<{ driver_id: number }>('SELECT driver_id FROM orders WHERE id = $1', [orderId]))[0]?.driver_id).toBe(colleague);

  await device.engine.logout();
  const login = await device.engine.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password);
  expect(login.ok).toBe(true);
  await device.engine.syncNow();
  const doc = await device.db.onlot_deliveries.findOne(key).exec();
  expect(doc?.account_id).toBe(colleague);
  expect(doc?.server).not.toBeNull();
});
