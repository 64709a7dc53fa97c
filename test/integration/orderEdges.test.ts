// Orders area edges: two drivers racing to claim one unassigned order, concurrent retries of
// one keyed action, cards the processor saved for an order, notes in on-lot details.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { OnlotOrderDetailsWithNotesSchema, type CustomerDeliveryDetails, type OrderNote } from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, newKey, postJson, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;
let ridge: string;

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, summit2, ridge } = s));

const inDays = (n: number): string => new Date(Math.floor(Date.now() / 60_000) * 60_000 + n * 86_400_000).toISOString();

describe('concurrency', () => {
  it('two drivers scheduling one unassigned order: exactly one claims it, the other gets 404', async () => {
    const [id = 0] = await server
      .query<{ id: number }>(
        `SELECT o.id FROM orders o WHERE o.company_id = 1 AND o.kind = 'onlot' AND NOT o.is_scheduled_for_delivery AND o.delivered_at IS NULL ORDER BY o.id LIMIT 1`,
      )
      .then((rows) => rows.map((r) => r.id));
    await server.query('UPDATE orders SET driver_id = NULL WHERE id = $1', [id]);
    const body = { onlot_inventory_order_id: id, scheduled_date: inDays(2) };
    const answers = await Promise.all(
      [summit, summit2, summit, summit2].map((token) => postJson(server, '/secure/driver/schedule_my_onlot_inventory_order_delivery', body, { token })),
    );
    const wins = answers.filter((a) => a.status === 200);
    expect(wins).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) expect([404, 409]).toContain(lost.status);
    const [row] = await server.query<{ driver_id: number; email: string }>(
      'SELECT o.driver_id, a.email FROM orders o JOIN accounts a ON a.id = o.driver_id WHERE o.id = $1',
      [id],
    );
    expect((wins[0]?.body as { driver_id: number }).driver_id).toBe(row?.driver_id);
  });

  it('concurrent retries of one keyed reassign change the order once and answer alike', async () => {
    const [id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    const [driver2] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [SUMMIT_DRIVER2.email]);
    const key = newKey();
    const body = { customer_order_id: id, driver_id: driver2?.id };
    const answers = await Promise.all(Array.from({ length: 4 }, () => postJson(server, '/secure/driver/reassign_driver', body, { token: summit, key })));
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const oks = answers.filter((a) => a.status === 200);
    expect(oks.length).toBeGreaterThanOrEqual(1);
    for (const ok of oks) expect(ok.body).toEqual(oks[0]?.body);
    const [row] = await server.query<{ driver_id: number }>('SELECT driver_id FROM orders WHERE id = $1', [id]);
    expect(row?.driver_id).toBe(driver2?.id);
  });
});

describe('customer_card_list', () => {
  it("lists a card the processor saved for the order once, and never another company's", async () => {
    const [id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    const before = await call<CustomerDeliveryDetails>(server, `/api/driver/customer-order-delivery-details?customer_order_id=${id}`, { token: summit });
    await server.query(
      `INSERT INTO card_tokens (token, company_id, brand, last_four) VALUES ('tok-edge-1', 1, 'Visa', '4242'), ('tok-edge-2', 2, 'Visa', '1111')`,
    );
    await server.query(
      `INSERT INTO card_profiles (profile_id, company_id, customer_order_id, token, expiration, name, billing_zip) VALUES
      ('90000000000000000001', 1, $1, 'tok-edge-1', '0931', 'Edge Case', '17534'),
      ('90000000000000000002', 2, $1, 'tok-edge-2', '0931', 'Other Company', '38555')`,
      [id],
    );
    const after = await call<CustomerDeliveryDetails>(server, `/api/driver/customer-order-delivery-details?customer_order_id=${id}`, { token: summit });
    expect(after.body.customer_card_list).toEqual([
      ...before.body.customer_card_list,
      { card_profile_id: '90000000000000000001', last_four: '4242', brand: 'Visa', exp_month: 9, exp_year: 2031 },
    ]);
    const ids = after.body.customer_card_list.map((c) => c.card_profile_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(JSON.stringify(after.body)).not.toContain('tok-edge');
  });
});

describe('on-lot order details', () => {
  it("list the order's notes, including one the driver just added", async () => {
    const [id = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const added = await postJson<OrderNote>(
      server,
      '/secure/driver/create_order_note',
      { onlot_inventory_order_id: id, note: 'Blocks stacked by the gate.' },
      { token: summit },
    );
    expect(added.status).toBe(200);
    const res = await call(server, `/api/driver/onlot-inventory-order-details?onlotInventoryOrderId=${id}`, { token: summit });
    expect(res.status).toBe(200);
    const parsed = v.safeParse(OnlotOrderDetailsWithNotesSchema, res.body);
    expect(parsed.success).toBe(true);
    const rows = await server.query<{ id: number }>('SELECT id FROM order_notes WHERE order_id = $1 ORDER BY created_at, id', [id]);
    if (parsed.success) expect(parsed.output.notes.map((n) => n.id)).toEqual(rows.map((r) => r.id));
    expect((await call(server, `/api/driver/onlot-inventory-order-details?onlotInventoryOrderId=${id}`, { token: ridge })).status).toBe(404);
  });
});
