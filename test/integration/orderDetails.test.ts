// Customer and move order reads: details, delivery details (one, or a checkpoint pull with
// tombstones), every SPEC §3 field read back from the database, isolation and bad ids.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  CustomerDeliveryDetailsSchema,
  CustomerOrderDetailsSchema,
  MoveDeliveryDetailsSchema,
  MoveOrderDetailsSchema,
  encodeCheckpoint,
  type CustomerDeliveryDetails,
  type MoveDeliveryDetails,
  type PullResponse,
} from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;
let ridge: string;

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, summit2, ridge } = s));

/** A live customer order of the driver having saved cards (and, when asked, an RTO one). */
async function customerOrderWith(email: string, where: string): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id JOIN customer_order_billing b ON b.order_id = o.id
     WHERE a.email = $1 AND o.kind = 'customer' AND o.delivered_at IS NULL AND ${where} ORDER BY o.id LIMIT 1`,
    [email],
  );
  if (!row) throw new Error(`no seeded customer order with ${where}`);
  return row.id;
}

describe('customer order details', () => {
  it("answers the driver's order with customer, billing-derived fields, dealer and notes from the database", async () => {
    const id = await customerOrderWith(SUMMIT_DRIVER.email, 'EXISTS (SELECT 1 FROM order_notes n WHERE n.order_id = o.id)');
    const res = await call(server, `/api/driver/customer-order-details?customerOrderId=${id}`, { token: summit });
    expect(res.status).toBe(200);
    const parsed = v.safeParse(CustomerOrderDetailsSchema, res.body);
    expect(parsed.success).toBe(true);
    const [db] = await server.query<{ order_number: string; customer_phone: string; is_rto: boolean; remaining_balance: string; name_on_order: string }>(
      `SELECT o.order_number, o.customer_phone, b.is_rto, b.remaining_balance::text, b.name_on_order
       FROM orders o JOIN customer_order_billing b ON b.order_id = o.id WHERE o.id = $1`,
      [id],
    );
    expect(res.body).toMatchObject({
      id: `co-${id}`,
      customer_order_id: id,
      company_id: 1,
      order_number: db?.order_number,
      is_rto: db?.is_rto,
      remaining_balance: db?.remaining_balance,
      name_on_order: db?.name_on_order,
      customer: { phone: db?.customer_phone },
    });
    const notes = await server.query<{ note: string }>('SELECT note FROM order_notes WHERE order_id = $1 ORDER BY created_at, id', [id]);
    expect((res.body as { notes: { note: string; author_name: string }[] }).notes.map((n) => n.note)).toEqual(notes.map((n) => n.note));
    expect((res.body as { notes: { author_name: string }[] }).notes[0]?.author_name).toBe('Ruth Stoltzfus');
  });

  it("another company's, another driver's, another kind's or an unknown order is 404 with nothing leaked; bad ids are 400", async () => {
    const [ridgeId] = await liveOrderIds(server, RIDGE_DRIVER.email, 'customer');
    const [otherDriver] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'customer');
    const [onlot] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    for (const id of [ridgeId, otherDriver, onlot, 999999]) {
      for (const path of [`customer-order-details?customerOrderId=${id}`, `customer-order-delivery-details?customer_order_id=${id}`]) {
        const res = await call(server, `/api/driver/${path}`, { token: summit });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
      }
    }
    for (const query of ['', '?customerOrderId=', '?customerOrderId=abc', '?customerOrderId=0', '?customerOrderId=-3', '?customerOrderId=1e3']) {
      const res = await call(server, `/api/driver/customer-order-details${query}`, { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
    const badPull = await call(server, '/api/driver/customer-order-delivery-details?limit=0', { token: summit });
    expect(badPull.status).toBe(400);
  });
});

describe('customer order delivery details', () => {
  it('carries every SPEC §3 field, read back from the database; never a card number', async () => {
    const id = await customerOrderWith(SUMMIT_DRIVER.email, 'EXISTS (SELECT 1 FROM customer_saved_cards c WHERE c.order_id = o.id)');
    const res = await call<CustomerDeliveryDetails>(server, `/api/driver/customer-order-delivery-details?customer_order_id=${id}`, { token: summit });
    expect(res.status).toBe(200);
    const parsed = v.safeParse(v.strictObject(CustomerDeliveryDetailsSchema.entries), res.body);
    expect(parsed.success).toBe(true);
    const body = res.body;
    const [o] = await server.query<Record<string, unknown>>(
      `SELECT o.*, b.*, b.remaining_balance::text AS balance FROM orders o JOIN customer_order_billing b ON b.order_id = o.id WHERE o.id = $1`,
      [id],
    );
    expect(body).toMatchObject({
      id: `co-${id}`,
      customer_order_id: id,
      company_id: 1,
      companyId: 1,
      customer_first_name: o?.customer_first_name,
      customer_last_name: o?.customer_last_name,
      customer_phone: o?.customer_phone,
      customer_email: o?.customer_email,
      order_number: o?.order_number,
      billing_address: { street_address_one: o?.street_address_one, street_address_two: o?.street_address_two, city: o?.city, state: o?.state, zip: o?.zip },
      name_on_order: o?.name_on_order,
      is_rto: o?.is_rto,
      serial_number: o?.serial_number,
      building_name: o?.building_model,
      delivery_address_coordinates: { lat: o?.delivery_lat, lon: o?.delivery_lon },
      remaining_balance: o?.balance,
      payments_v2: true,
    });
    const happy = await server.query<{ item: string; text: string }>('SELECT item, text FROM happy_list_items WHERE order_id = $1 ORDER BY position', [id]);
    expect(happy.length).toBeGreaterThanOrEqual(3);
    expect(body.happy_list_results).toEqual(happy.map((h) => ({ ...h, value: true })));
    const cards = await server.query<{ card_profile_id: string; last_four: string; brand: string; exp_month: number; exp_year: number }>(
      'SELECT card_profile_id, last_four, brand, exp_month, exp_year FROM customer_saved_cards WHERE order_id = $1 ORDER BY id',
      [id],
    );
    expect(body.customer_card_list).toEqual(cards);
    for (const card of body.customer_card_list) expect(Object.keys(card).sort()).toEqual(['brand', 'card_profile_id', 'exp_month', 'exp_year', 'last_four']);
    const [processor] = await server.query<{ payment_processing_account_id: string }>(
      'SELECT payment_processing_account_id FROM payment_processor_configs WHERE company_id = 1',
    );
    expect(body.payment_processor_config).toEqual(processor);
    const survey = await server.query<{ id: number; question: string; type: string }>(
      'SELECT id, question, type FROM driver_delivery_survey_questions WHERE company_id = 1 AND active ORDER BY position, id',
    );
    expect(survey.length).toBeGreaterThanOrEqual(2);
    expect(body.driver_delivery_survey_questions).toEqual(survey);
    expect(new Set(survey.map((q) => q.type))).toEqual(new Set(['YESNO', 'TEXT']));
  });

  it('an RTO order says so; Ridge sees its own company config with payments_v2 off', async () => {
    const rto = await customerOrderWith(SUMMIT_DRIVER.email, 'b.is_rto');
    const res = await call<CustomerDeliveryDetails>(server, `/api/driver/customer-order-delivery-details?customer_order_id=${rto}`, { token: summit });
    expect(res.body).toMatchObject({ is_rto: true, rto_company_name: 'Keystone Rent-to-Own', remaining_balance: '0.00' });
    const [ridgeId] = await liveOrderIds(server, RIDGE_DRIVER.email, 'customer');
    const ridgeRes = await call<CustomerDeliveryDetails>(server, `/api/driver/customer-order-delivery-details?customer_order_id=${ridgeId}`, { token: ridge });
    expect(ridgeRes.status).toBe(200);
    expect(ridgeRes.body).toMatchObject({ company_id: 2, companyId: 2, payments_v2: false });
    const [ridgeQ] = await server.query<{ n: number }>('SELECT count(*)::int n FROM driver_delivery_survey_questions WHERE company_id = 2');
    expect(ridgeRes.body.driver_delivery_survey_questions).toHaveLength(ridgeQ?.n ?? -1);
    expect(ridgeRes.body.payment_processor_config?.payment_processing_account_id).not.toBe(
      (await call<CustomerDeliveryDetails>(server, `/api/driver/customer-order-delivery-details?customer_order_id=${rto}`, { token: summit })).body
        .payment_processor_config?.payment_processing_account_id,
    );
  });

  it('as a pull: every live customer order of the driver, then a tombstone when one is reassigned away', async () => {
    const first = await call<PullResponse<CustomerDeliveryDetails>>(server, '/api/driver/customer-order-delivery-details?limit=500', { token: summit });
    expect(first.status).toBe(200);
    const live = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    expect(first.body.documents.map((d) => d.id).sort()).toEqual(live.map((id) => `co-${id}`).sort());
    for (const doc of first.body.documents) expect(v.safeParse(CustomerDeliveryDetailsSchema, doc).success).toBe(true);
    const checkpoint = encodeCheckpoint(first.body.checkpoint ?? { updated_at: '2000-01-01T00:00:00.000Z', id: 'co-0' });
    const moved = live[live.length - 1] ?? 0;
    await server.query(`UPDATE orders SET driver_id = (SELECT id FROM accounts WHERE email = $1) WHERE id = $2`, [SUMMIT_DRIVER2.email, moved]);
    const after = await call<PullResponse<CustomerDeliveryDetails>>(server, `/api/driver/customer-order-delivery-details?checkpoint=${checkpoint}`, {
      token: summit,
    });
    expect(after.body.documents.find((d) => d.id === `co-${moved}`)).toMatchObject({ _deleted: true });
    const other = await call<PullResponse<CustomerDeliveryDetails>>(server, `/api/driver/customer-order-delivery-details?checkpoint=${checkpoint}`, {
      token: summit2,
    });
    expect(other.body.documents.find((d) => d.id === `co-${moved}`)).toMatchObject({ _deleted: false, customer_order_id: moved });
    // Only customer orders travel in this stream.
    expect(after.body.documents.every((d) => d.id.startsWith('co-'))).toBe(true);
  });
});

describe('inventory move order reads', () => {
  it('details and delivery details of the driver\'s move order (customer fields null, amount "0", dealer as name on order)', async () => {
    const [id] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
    const details = await call(server, `/api/driver/inventory-move-order-details?inventoryMoveOrderId=${id}`, { token: summit });
    expect(details.status).toBe(200);
    expect(v.safeParse(MoveOrderDetailsSchema, details.body).success).toBe(true);
    const [db] = await server.query<{ order_number: string; dealer: string; location: string }>(
      'SELECT o.order_number, d.name AS dealer, o.location FROM orders o JOIN dealers d ON d.id = o.dealer_id WHERE o.id = $1',
      [id],
    );
    expect(details.body).toMatchObject({
      id: `mo-${id}`,
      inventory_move_order_id: id,
      order_number: db?.order_number,
      building_location: db?.location,
      dealer: { name: db?.dealer },
    });

    const delivery = await call(server, `/api/driver/inventory-move-order-delivery-details?inventoryMoveOrderId=${id}`, { token: summit });
    expect(delivery.status).toBe(200);
    expect(v.safeParse(MoveDeliveryDetailsSchema, delivery.body).success).toBe(true);
    expect(delivery.body).toMatchObject({ id: `mo-${id}`, customer_first_name: null, customer_email: null, payment_amount: '0', name_on_order: db?.dealer });
  });

  it("as a pull: all the driver's live move orders", async () => {
    const res = await call<PullResponse<MoveDeliveryDetails>>(server, '/api/driver/inventory-move-order-delivery-details?limit=100', { token: summit });
    expect(res.status).toBe(200);
    const live = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
    expect(res.body.documents.map((d) => d.id).sort()).toEqual(live.map((id) => `mo-${id}`).sort());
  });

  it('foreign and unknown ids are 404; bad ids are 400', async () => {
    const [ridgeId] = await liveOrderIds(server, RIDGE_DRIVER.email, 'move');
    const [customer] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    for (const id of [ridgeId, customer, 999999]) {
      for (const path of ['inventory-move-order-details', 'inventory-move-order-delivery-details']) {
        const res = await call(server, `/api/driver/${path}?inventoryMoveOrderId=${id}`, { token: summit });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
      }
    }
    for (const query of ['', '?inventoryMoveOrderId=x', '?inventoryMoveOrderId=0', '?checkpoint=%%%']) {
      const res = await call(server, `/api/driver/inventory-move-order-delivery-details${query}`, { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });
});
