// The customer-order card deliver calls (SPEC §5, §7): existing card (a card saved for the
// order, charged through the PaymentGateway sandbox) and new card (the authorization made by
// /secure/cardconnect/auth_new_card captured at delivery). The charge commits with the
// delivery or not at all; card_cvv is never stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_DELIVER, ERROR_TEXT } from '../../src/domain';
import type { TestServer } from '../support/server';
import {
  CUSTOMER_PHOTO_FOLDER,
  SIGNATURE_FOLDER,
  assignLiveCustomerOrders,
  balanceOf,
  companyIdOf,
  countRows,
  customerBody,
  setBilling,
  signatureFields,
  uploadTo,
  type Uploaded,
} from './deliveryFixtures';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, liveOrderIds, newKey, postJson, useTestServer } from './helpers';
import { storedLeaves } from './paymentsHelpers';

let server: TestServer;
let summit: string;
let ridge: string;
let ids: number[];
let photo: Uploaded;
let signature: Uploaded;
const CVV = '7391';
const ACCOUNT = 'summit-merchant-001';

let summit2: string;
useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER, summit2: SUMMIT_DRIVER2 }, (s) => ({ server, summit, ridge, summit2 } = s));
beforeAll(async () => {
  ids = await assignLiveCustomerOrders(server, SUMMIT_DRIVER.email);
  for (const id of ids) await setBilling(server, id, { balance: '900.00' });
  photo = await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 51);
  signature = await uploadTo(server, summit, SIGNATURE_FOLDER, 52, 'png');
  await server.query(
    `INSERT INTO payment_processor_configs (company_id, payment_processing_account_id) VALUES ($1, $2)
     ON CONFLICT (company_id) DO UPDATE SET payment_processing_account_id = EXCLUDED.payment_processing_account_id`,
    [await companyIdOf(server, SUMMIT_DRIVER.email), ACCOUNT],
  );
});

const order = (i: number): number => ids[i] ?? 0;
const post = (call: 'existing_card' | 'new_card', body: unknown, opts: { token?: string; key?: string } = {}) =>
  postJson(server, CUSTOMER_DELIVER[call].path, body, { token: summit, ...opts });
const deliveriesOf = (id: number) => countRows(server, 'SELECT 1 FROM deliveries WHERE order_id = $1', [id]);
const paymentOf = async (id: number) =>
  (
    await server.query<Record<string, unknown>>(
      'SELECT method, source, amount::text, card_profile_id, card_last_four, authorization_code, retref FROM order_payments WHERE order_id = $1',
      [id],
    )
  )[0];

/** A card saved for the order (the orders area's list); the sandbox adopts it on first use. */
async function savedCard(orderId: number, profileId: string, lastFour = '1881'): Promise<void> {
  await server.query(
    `INSERT INTO customer_saved_cards (order_id, company_id, card_profile_id, last_four, brand, exp_month, exp_year)
     SELECT id, company_id, $2, $3, 'Visa', 11, 2031 FROM orders WHERE id = $1`,
    [orderId, profileId, lastFour],
  );
}

interface Authorized {
  profile_id: string;
  retref: string;
  token: string;
}
async function authorizeNewCard(orderId: number, amount: number, pan = '4111111111111111'): Promise<Authorized> {
  const res = await postJson(
    server,
    '/secure/cardconnect/auth_new_card',
    {
      customer_order_id: orderId,
      card_token: pan,
      card_exp_month: '09',
      card_exp_year: '31',
      card_cvv: CVV,
      amount,
    },
    { token: summit },
  );
  expect(res.status, res.text).toBe(200);
  return res.body as Authorized;
}

function newCardBody(orderId: number, auth: Authorized, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return customerBody(orderId, [photo], {
    ...signatureFields(signature),
    payment_processing_account_id: ACCOUNT,
    card_cvv: CVV,
    card_exp_month: '09',
    card_exp_year: '31',
    card_token: auth.token,
    card_profile_id: auth.profile_id,
    retref: auth.retref,
    payment_amount: '300.00',
    ...overrides,
  });
}

describe('deliver with an existing card', () => {
  it('charges the saved card once, records the payment and reduces the balance', async () => {
    const id = order(0);
    await savedCard(id, '41000000000000000001');
    const body = customerBody(id, [photo], {
      ...signatureFields(signature),
      card_profile_id: '41000000000000000001',
      payment_amount: '250',
      payments_v2: true,
    });
    const key = newKey();
    const first = await post('existing_card', body, { key });
    expect(first.status, first.text).toBe(200);
    const replay = await post('existing_card', body, { key });
    expect(replay.body).toEqual(first.body);
    const reused = await post('existing_card', { ...body, payment_amount: '251' }, { key });
    expect(reused.status).toBe(422);
    const payment = await paymentOf(id);
    expect(payment).toMatchObject({
      method: 'CreditCard',
      source: 'existing_card',
      amount: '250.00',
      card_profile_id: '41000000000000000001',
      card_last_four: '1881',
    });
    expect(payment?.retref).toEqual(expect.any(String));
    const txns = await server.query<{ kind: string; status: string; amount_cents: number }>(
      'SELECT kind, status, amount_cents FROM payment_transactions WHERE retref = $1',
      [payment?.retref],
    );
    expect(txns).toEqual([{ kind: 'sale', status: 'captured', amount_cents: 25000 }]);
    expect(await countRows(server, 'SELECT 1 FROM payment_transactions WHERE profile_id = $1', ['41000000000000000001'])).toBe(1);
    expect(await balanceOf(server, id)).toBe('650.00');
    expect(await deliveriesOf(id)).toBe(1);
  });

  it('refuses a card not saved for this order (400 SavedCardRequired) and a declined card (402): nothing stored, nothing charged', async () => {
    const id = order(1);
    await savedCard(order(2), '41000000000000000002');
    const otherOrders = await post(
      'existing_card',
      customerBody(id, [photo], { ...signatureFields(signature), card_profile_id: '41000000000000000002', payment_amount: '10' }),
    );
    expect(otherOrders.status).toBe(400);
    expect(otherOrders.body).toMatchObject({ error: 'SavedCardRequired', message: ERROR_TEXT.SavedCardRequired });
    // A declining card on file (sandbox outcome 'decline'), saved for this order.
    const [company] = await server.query<{ company_id: number }>('SELECT company_id FROM orders WHERE id = $1', [id]);
    await server.query(
      `INSERT INTO card_tokens (token, company_id, brand, first_four, last_four, sandbox_outcome) VALUES ('9000000000000002', $1, 'VISA', '4000', '0002', 'decline')`,
      [company?.company_id],
    );
    await server.query(
      `INSERT INTO card_profiles (profile_id, company_id, customer_order_id, token, expiration, name, billing_zip) VALUES ('41000000000000000003', $1, $2, '9000000000000002', '1131', 'Test Customer', '17527')`,
      [company?.company_id, id],
    );
    await savedCard(id, '41000000000000000003', '0002');
    const declined = await post(
      'existing_card',
      customerBody(id, [photo], { ...signatureFields(signature), card_profile_id: '41000000000000000003', payment_amount: '10' }),
    );
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'FailedToDeliverOrderWithAnExistingCard' });
    expect((declined.body as { message: string }).message).toMatch(/^Failed to deliver order with an existing card: /);
    expect(await countRows(server, 'SELECT 1 FROM payment_transactions WHERE profile_id = $1', ['41000000000000000003'])).toBe(0);
    expect(await deliveriesOf(id)).toBe(0);
    expect(await balanceOf(server, id)).toBe('900.00');
    const zero = await post(
      'existing_card',
      customerBody(id, [photo], { ...signatureFields(signature), card_profile_id: '41000000000000000003', payment_amount: '0' }),
    );
    expect(zero.body).toMatchObject({ error: 'InvalidAmount' });
    const unsigned = await post('existing_card', customerBody(id, [photo], { card_profile_id: '41000000000000000003', payment_amount: '10' }));
    expect(unsigned.body).toMatchObject({ error: 'DeliverySignatureRequired' });
  });

  it("another company: its order is 404 and its saved card cannot be charged (not one of this customer's cards)", async () => {
    const [ridgeOrder] = await liveOrderIds(server, RIDGE_DRIVER.email, 'customer');
    await savedCard(ridgeOrder ?? 0, '42000000000000000001');
    const ridgeOnSummitCard = await post(
      'existing_card',
      customerBody(order(1), [photo], { ...signatureFields(signature), card_profile_id: '42000000000000000001', payment_amount: '10' }),
    );
    expect(ridgeOnSummitCard.status).toBe(400);
    expect(ridgeOnSummitCard.body).toMatchObject({ error: 'SavedCardRequired' });
    const summitOnRidgeOrder = await post(
      'existing_card',
      customerBody(ridgeOrder ?? 0, [photo], { ...signatureFields(signature), card_profile_id: '42000000000000000001', payment_amount: '10' }),
    );
    expect(summitOnRidgeOrder.status).toBe(404);
    const ridgeSignature = await uploadTo(server, ridge, SIGNATURE_FOLDER, 53, 'png');
    const ridgePhoto = await uploadTo(server, ridge, CUSTOMER_PHOTO_FOLDER, 54);
    const ridgeOnSummit = await post(
      'existing_card',
      customerBody(order(0), [ridgePhoto], { ...signatureFields(ridgeSignature), card_profile_id: '42000000000000000001', payment_amount: '10' }),
      { token: ridge },
    );
    expect(ridgeOnSummit.status).toBe(404);
    expect(await countRows(server, 'SELECT 1 FROM payment_transactions WHERE profile_id = $1', ['42000000000000000001'])).toBe(0);
  });
});

describe('deliver with a new card', () => {
  it('captures the authorization once; the CVV is nowhere in the database', async () => {
    const id = order(3);
    const auth = await authorizeNewCard(id, 300);
    const key = newKey();
    const first = await post('new_card', newCardBody(id, auth), { key });
    expect(first.status, first.text).toBe(200);
    const replay = await post('new_card', newCardBody(id, auth), { key });
    expect(replay.body).toEqual(first.body);
    // The CVV is left out of the Idempotency-Key hash: another CVV is still "the same request".
    const otherCvv = await post('new_card', newCardBody(id, auth, { card_cvv: '123' }), { key });
    expect(otherCvv.status).toBe(200);
    expect(otherCvv.body).toEqual(first.body);
    const reused = await post('new_card', newCardBody(id, auth, { payment_amount: '299' }), { key });
    expect(reused.status).toBe(422);
    expect(await paymentOf(id)).toMatchObject({
      method: 'CreditCard',
      source: 'new_card',
      amount: '300.00',
      card_profile_id: auth.profile_id,
      card_last_four: '1111',
      retref: auth.retref,
    });
    const [txn] = await server.query<{ status: string; captured_cents: number }>('SELECT status, captured_cents FROM payment_transactions WHERE retref = $1', [
      auth.retref,
    ]);
    expect(txn).toEqual({ status: 'captured', captured_cents: 30000 });
    expect(await balanceOf(server, id)).toBe('600.00');
    const stored = await server.query<{ payload: unknown; answer: unknown; payment: unknown }>(
      `SELECT d.payload, i.response_body::jsonb AS answer, to_jsonb(p) AS payment
       FROM deliveries d JOIN order_payments p ON p.delivery_id = d.id JOIN idempotency_keys i ON i.key = $2 WHERE d.order_id = $1`,
      [id, key],
    );
    expect(stored[0]).toBeDefined();
    // Every stored value and key: no value is the CVV and no key names one.
    const { values, keys } = storedLeaves(stored[0]);
    expect(values.length).toBeGreaterThan(10);
    expect(values).not.toContain(CVV);
    expect(keys.filter((k) => /cvv/i.test(k))).toEqual([]);
  });

  it('without a retref the saved profile is charged with the CVV in memory', async () => {
    const id = order(4);
    const auth = await authorizeNewCard(id, 1);
    const res = await post('new_card', newCardBody(id, auth, { retref: null, payment_amount: '120.25' }));
    expect(res.status, res.text).toBe(200);
    const payment = await paymentOf(id);
    expect(payment).toMatchObject({ amount: '120.25', source: 'new_card' });
    expect(payment?.retref).not.toBe(auth.retref);
    expect(await balanceOf(server, id)).toBe('779.75');
  });

  it("SPEC §5 card rules, a card number for a token, a foreign account, another order's or too small an authorization", async () => {
    const id = order(5);
    const auth = await authorizeNewCard(id, 50);
    const expectError = async (overrides: Record<string, unknown>, status: number, error: string) => {
      const res = await post('new_card', newCardBody(id, auth, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect(res.body, res.text).toMatchObject({ error });
      expect(res.text).not.toContain(CVV);
    };
    // The CVV is needed only to charge without the online authorization (no retref): a queued
    // delivery carries the authorization instead, and never the CVV.
    await expectError({ card_cvv: '', retref: null }, 400, 'CreditCardCVVRequired');
    await expectError({ card_token: null }, 400, 'CreditCardNumberRequired');
    await expectError({ card_exp_month: null }, 400, 'CreditCardExpirationDateRequired');
    await expectError({ card_exp_month: '13' }, 400, 'CreditCardExpirationDateRequired');
    await expectError({ card_cvv: 12345 }, 400, 'InvalidRequest');
    await expectError({ card_token: '4111111111111111' }, 400, 'InvalidRequest');
    await expectError({ payment_processing_account_id: 'someone-else', payment_amount: '50' }, 400, 'FailedToDeliverOrderWithANewCard');
    // The amount is the authorized one, exactly (issue 22: the phone refuses the same before queueing).
    await expectError({ payment_amount: '60' }, 400, 'AmountNotAuthorized');
    await expectError({ payment_amount: '40' }, 400, 'AmountNotAuthorized');
    const otherOrder = await authorizeNewCard(order(6), 50);
    await expectError(
      { retref: otherOrder.retref, card_token: otherOrder.token, card_profile_id: otherOrder.profile_id, payment_amount: '50' },
      400,
      'FailedToDeliverOrderWithANewCard',
    );
    await expectError({ card_profile_id: '49999999999999999999', payment_amount: '50' }, 404, 'NotFound');
    const [txn] = await server.query<{ status: string }>('SELECT status FROM payment_transactions WHERE retref = $1', [otherOrder.retref]);
    expect(txn?.status).toBe('authorized'); // the refused delivery's capture was rolled back
    expect(await deliveriesOf(id)).toBe(0);
    expect(await balanceOf(server, id)).toBe('900.00');
  });
});

// Issue 20: the card a driver authorized for their customer is theirs alone. Before, another
// driver of the company could name its profile and token on their own order's new-card
// delivery (without the retref, with the CVV) and charge that customer's card.
describe("another driver's card", () => {
  it("cannot pay for my delivery: the profile and the authorization are the caller's only (404, nothing charged)", async () => {
    expect(ids.length).toBeGreaterThanOrEqual(9);
    const theirs = ids[ids.length - 1] ?? 0;
    const mine = ids[ids.length - 2] ?? 0;
    const auth = await authorizeNewCard(theirs, 1);
    await server.query('UPDATE orders SET driver_id = (SELECT id FROM accounts WHERE email = $1) WHERE id = $2', [SUMMIT_DRIVER2.email, mine]);
    const myPhoto = await uploadTo(server, summit2, CUSTOMER_PHOTO_FOLDER, 61);
    const mySignature = await uploadTo(server, summit2, SIGNATURE_FOLDER, 62, 'png');
    const body = customerBody(mine, [myPhoto], {
      ...signatureFields(mySignature),
      payment_processing_account_id: ACCOUNT,
      card_cvv: CVV,
      card_exp_month: '09',
      card_exp_year: '31',
      card_token: auth.token,
      card_profile_id: auth.profile_id,
      payment_amount: '40.00',
    });
    for (const retref of [null, auth.retref]) {
      const res = await postJson(server, CUSTOMER_DELIVER.new_card.path, { ...body, retref }, { token: summit2 });
      expect(res.status, res.text).toBe(404);
      expect(res.body).toMatchObject({ error: 'NotFound' });
    }
    expect(await deliveriesOf(mine)).toBe(0);
    expect(await paymentOf(mine)).toBeUndefined();
  });
});
