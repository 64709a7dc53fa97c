// A delivery of an order taken from the driver while the phone was offline (issue 23): every
// deliver call answers 409 naming who has the order now (OrderReassigned) or who delivered it
// and when (OrderAlreadyDelivered), before anything is charged: no delivery, no payment row,
// no card transaction. A driver who never held the order still gets the bare 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { API, CUSTOMER_DELIVER, DELIVER_MOVE_PATH, type CustomerDeliverCall } from '../../src/domain';
import type { TestServer } from '../support/server';
import {
  CHECK_FOLDER,
  CUSTOMER_PHOTO_FOLDER,
  MOVE_PHOTO_FOLDER,
  SIGNATURE_FOLDER,
  addSavedCheck,
  assignLiveCustomerOrders,
  balanceOf,
  companyIdOf,
  countRows,
  customerBody,
  setBilling,
  signatureFields,
  surveyQuestions,
  uploadTo,
  type Uploaded,
} from './deliveryFixtures';
import { SUMMIT_DRIVER, SUMMIT_DRIVER2, deliverBody, liveOrderIds, newKey, postJson, uploadPhoto, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;
let customerIds: number[];
let photo: Uploaded;
let signature: Uploaded;
let check: Uploaded;
let questions: [number, number];
let driver2: { id: number; name: string };
const ACCOUNT = 'summit-merchant-001';

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2 }, (s) => ({ server, summit, summit2 } = s));
beforeAll(async () => {
  customerIds = await assignLiveCustomerOrders(server, SUMMIT_DRIVER.email);
  expect(customerIds.length).toBeGreaterThanOrEqual(10);
  for (const id of customerIds) await setBilling(server, id, { balance: '600.00' });
  photo = await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 61);
  signature = await uploadTo(server, summit, SIGNATURE_FOLDER, 62, 'png');
  check = await uploadTo(server, summit, CHECK_FOLDER, 63);
  questions = await surveyQuestions(server, await companyIdOf(server, SUMMIT_DRIVER.email));
  const [row] = await server.query<{ id: number; name: string }>("SELECT id, first_name || ' ' || last_name AS name FROM accounts WHERE email = $1", [
    SUMMIT_DRIVER2.email,
  ]);
  driver2 = { id: Number(row?.id), name: row?.name ?? '' };
  await server.query(
    `INSERT INTO payment_processor_configs (company_id, payment_processing_account_id) VALUES ($1, $2)
     ON CONFLICT (company_id) DO UPDATE SET payment_processing_account_id = EXCLUDED.payment_processing_account_id`,
    [await companyIdOf(server, SUMMIT_DRIVER.email), ACCOUNT],
  );
});

/** What the office does meanwhile: the order goes to another driver (or to none). */
const reassignTo = (orderId: number, driverId: number | null) => server.query('UPDATE orders SET driver_id = $1 WHERE id = $2', [driverId, orderId]);
const deliveriesOf = (id: number) => countRows(server, 'SELECT 1 FROM deliveries WHERE order_id = $1', [id]);
const paymentsOf = (id: number) => countRows(server, 'SELECT 1 FROM order_payments WHERE order_id = $1', [id]);
const orderNumberOf = async (id: number) =>
  (await server.query<{ order_number: string }>('SELECT order_number FROM orders WHERE id = $1', [id]))[0]?.order_number;
/** The payment sandbox's ledger for the order: every authorization, sale and capture it recorded. */
const ledgerOf = async (id: number) =>
  server.query<{ kind: string; status: string; captured_cents: number }>(
    'SELECT kind, status, captured_cents FROM payment_transactions WHERE order_number = $1 ORDER BY id',
    [await orderNumberOf(id)],
  );

const reassignedAnswer = () => ({ error: 'OrderReassigned', message: `This order was reassigned to ${driver2.name}`, assigned_to: driver2.name });

/** Each customer call's body, valid in every other respect (photos, signature, payment). */
async function customerCall(call: CustomerDeliverCall, id: number): Promise<Record<string, unknown>> {
  const signed = (overrides: Record<string, unknown>) => customerBody(id, [photo], { ...signatureFields(signature), ...overrides });
  switch (call) {
    case 'rto':
      await setBilling(server, id, { isRto: true, balance: '600.00' });
      return signed({});
    case 'no_payment':
      return signed({});
    case 'cash':
      return signed({ payment_amount: '120.00' });
    case 'new_check':
      return signed({ check_guid: check.guid, check_mimetype: 'image/jpeg', check_extension: 'jpg', check_url: check.download_urls[0], payment_amount: '80' });
    case 'saved_check':
      return signed({
        customer_order_check_id: await addSavedCheck(server, id),
        delivery_survey_answers: [{ driver_delivery_survey_question_id: questions[0], answer: 'yes' }],
        payment_amount: '50',
      });
    case 'existing_card': {
      const profile = `4300000000000000000${id % 10}`;
      await server.query(
        `INSERT INTO customer_saved_cards (order_id, company_id, card_profile_id, last_four, brand, exp_month, exp_year)
         SELECT id, company_id, $2, '1881', 'Visa', 11, 2031 FROM orders WHERE id = $1`,
        [id, profile],
      );
      return signed({ card_profile_id: profile, payment_amount: '250.00', payments_v2: true });
    }
    case 'new_card': {
      // Authorized online while the order was still the driver's (auth_new_card), captured at delivery.
      const auth = await postJson<{ profile_id: string; retref: string; token: string }>(
        server,
        '/secure/cardconnect/auth_new_card',
        { customer_order_id: id, card_token: '4111111111111111', card_exp_month: '09', card_exp_year: '31', card_cvv: '7391', amount: 300 },
        { token: summit },
      );
      expect(auth.status, auth.text).toBe(200);
      return signed({
        payment_processing_account_id: ACCOUNT,
        card_exp_month: '09',
        card_exp_year: '31',
        card_token: auth.body.token,
        card_profile_id: auth.body.profile_id,
        retref: auth.body.retref,
        payment_amount: '300.00',
      });
    }
  }
}

describe('deliver an order reassigned while the phone was offline', () => {
  const calls = Object.keys(CUSTOMER_DELIVER) as CustomerDeliverCall[];

  it.each(calls.map((call, i) => [call, i] as const))(
    'customer, %s: 409 OrderReassigned naming the new driver; nothing delivered or charged',
    async (call, i) => {
      const id = customerIds[i] ?? 0;
      const body = await customerCall(call, id);
      const ledgerBefore = await ledgerOf(id);
      await reassignTo(id, driver2.id);
      const res = await postJson(server, CUSTOMER_DELIVER[call].path, body, { token: summit, key: newKey() });
      expect(res.status, res.text).toBe(409);
      expect(res.body).toEqual(reassignedAnswer());
      expect(await deliveriesOf(id)).toBe(0);
      expect(await paymentsOf(id)).toBe(0);
      expect(await balanceOf(server, id)).toBe('600.00');
      // The sandbox recorded nothing new: no sale, no capture (a new card's authorization stays uncaptured).
      expect(await ledgerOf(id)).toEqual(ledgerBefore);
      for (const txn of ledgerBefore) expect(txn).toMatchObject({ kind: 'auth', captured_cents: 0 });
    },
  );

  it('on-lot and move orders: the same answer, no delivery', async () => {
    const [onlot] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const [move] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
    const onlotPhoto = await uploadPhoto(server, summit, 64);
    const movePhoto = await uploadTo(server, summit, MOVE_PHOTO_FOLDER, 65);
    await reassignTo(onlot ?? 0, driver2.id);
    await reassignTo(move ?? 0, driver2.id);
    const onlotRes = await postJson(server, API.deliverOnlot, deliverBody(onlot ?? 0, [onlotPhoto]), { token: summit, key: newKey() });
    expect(onlotRes.status).toBe(409);
    expect(onlotRes.body).toEqual(reassignedAnswer());
    const { onlot_inventory_order_id: _unused, ...common } = deliverBody(0, [movePhoto]);
    const moveRes = await postJson(server, DELIVER_MOVE_PATH, { ...common, inventory_move_order_id: move }, { token: summit, key: newKey() });
    expect(moveRes.status).toBe(409);
    expect(moveRes.body).toEqual(reassignedAnswer());
    expect(await deliveriesOf(onlot ?? 0)).toBe(0);
    expect(await deliveriesOf(move ?? 0)).toBe(0);
  });

  it('taken off the list to no driver: OrderReassigned with assigned_to null', async () => {
    const id = customerIds[7] ?? 0;
    await reassignTo(id, null);
    const res = await postJson(server, CUSTOMER_DELIVER.cash.path, await customerCall('cash', id), { token: summit, key: newKey() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'OrderReassigned', message: 'This order was taken off your list: it is assigned to no driver now', assigned_to: null });
  });
});

describe('deliver an order already delivered by someone else', () => {
  it('reassigned, then delivered by the new driver: 409 OrderAlreadyDelivered naming them and when; the saved card is not charged', async () => {
    const id = customerIds[8] ?? 0;
    const body = await customerCall('existing_card', id);
    await reassignTo(id, driver2.id);
    const theirPhoto = await uploadTo(server, summit2, CUSTOMER_PHOTO_FOLDER, 66);
    const theirSignature = await uploadTo(server, summit2, SIGNATURE_FOLDER, 67, 'png');
    const theirs = await postJson(server, CUSTOMER_DELIVER.no_payment.path, customerBody(id, [theirPhoto], signatureFields(theirSignature)), {
      token: summit2,
      key: newKey(),
    });
    expect(theirs.status, theirs.text).toBe(200);
    const [row] = await server.query<{ delivered_at: Date }>('SELECT delivered_at FROM orders WHERE id = $1', [id]);
    const at = new Date(row?.delivered_at ?? 0);
    const ledgerBefore = await ledgerOf(id);

    const res = await postJson(server, CUSTOMER_DELIVER.existing_card.path, body, { token: summit, key: newKey() });
    expect(res.status, res.text).toBe(409);
    expect(res.body).toEqual({
      error: 'OrderAlreadyDelivered',
      message: `This order has already been delivered by ${driver2.name} on ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      delivered_by: driver2.name,
      delivered_at: at.toISOString(),
    });
    expect(await deliveriesOf(id)).toBe(1);
    expect(await paymentsOf(id)).toBe(0);
    expect(await ledgerOf(id)).toEqual(ledgerBefore);
  });

  it('marked delivered by the office while still assigned: named as the office (delivered_by null)', async () => {
    const id = customerIds[9] ?? 0;
    await server.query('UPDATE orders SET delivered_at = $2, status = $3 WHERE id = $1', [id, new Date('2026-11-19T10:00:00.000Z'), 'Delivered']);
    const res = await postJson(server, CUSTOMER_DELIVER.cash.path, await customerCall('cash', id), { token: summit, key: newKey() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'OrderAlreadyDelivered',
      message: 'This order has already been delivered (recorded by the office) on 2026-11-19 10:00 UTC',
      delivered_by: null,
      delivered_at: '2026-11-19T10:00:00.000Z',
    });
  });

  it('an order the caller never held answers 404 as before, naming no one', async () => {
    // One of driver 2's own orders, never handed over (the tests above gave driver 2 some of ours).
    const [theirs] = await server.query<{ id: number }>(
      "SELECT id FROM orders o WHERE driver_id = $1 AND kind = 'onlot' AND NOT EXISTS (SELECT 1 FROM order_former_drivers f WHERE f.order_id = o.id) LIMIT 1",
      [driver2.id],
    );
    const res = await postJson(server, API.deliverOnlot, deliverBody(Number(theirs?.id), [await uploadPhoto(server, summit, 68)]), {
      token: summit,
      key: newKey(),
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
  });
});
