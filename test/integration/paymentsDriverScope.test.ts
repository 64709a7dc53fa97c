// Payments belong to the driver, not only to the company (issue 20, item 3: an outside
// tester, signed in as Summit's driver 2 with driver 1's ids, authorized driver 1's customer's
// saved card, captured and refunded driver 1's authorization and read the card's details).
// Every payment call goes through the order routes' access check: an order of the caller, or
// a transaction / card / bank token of the caller's own authorization. A foreign id answers
// exactly what an unknown id answers. Refunds never exceed what was captured.
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_API } from '../../src/domain';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, useTestServer } from './helpers';
import { CARDS, CVV, FUTURE_EXPIRY, P, achNewBody, cardBody, orderNumber, pay, savedCard, txn, type CardAnswer, type PaymentError } from './paymentsHelpers';

let server: TestServer;
let d1: string; // driver@summit.test: owns the cards, orders and authorizations below
let d2: string; // driver2@summit.test: same company, tries driver 1's ids
let d1Orders: number[] = [];

useTestServer({ d1: SUMMIT_DRIVER, d2: SUMMIT_DRIVER2 }, (s) => ({ server, d1, d2 } = s));
beforeAll(async () => {
  d1Orders = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
  expect(d1Orders.length, 'the seed gives driver 1 live customer orders').toBeGreaterThanOrEqual(4);
});

let nextOrder = 0;
/** A live customer order of driver 1 no other test of this file uses. */
const freshOrder = (): number => {
  const id = d1Orders[nextOrder];
  nextOrder += 1;
  if (id === undefined) throw new Error('out of driver 1 orders');
  return id;
};
const orderNumberOf = async (id: number): Promise<string> =>
  (await server.query<{ order_number: string }>('SELECT order_number FROM orders WHERE id = $1', [id]))[0]?.order_number ?? '';

/** Driver 1 authorizes a new card for one of their orders (the app's path): profile, retref, token. */
async function d1Authorizes(orderId: number, amount = '120.00'): Promise<CardAnswer> {
  const res = await pay<CardAnswer>(
    server,
    P.cardconnectAuthNewCard,
    {
      customer_order_id: orderId,
      card_token: CARDS.visa,
      card_exp_month: FUTURE_EXPIRY.slice(0, 2),
      card_exp_year: FUTURE_EXPIRY.slice(2),
      card_cvv: CVV,
      amount,
    },
    d1,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The foreign id's answer is the unknown id's: same status, same body but for the traceId. */
function expectSameAsUnknown(foreign: { status: number; body: unknown }, unknown: { status: number; body: unknown }, name: string): void {
  const strip = (body: unknown): unknown => {
    if (body === null || typeof body !== 'object') return body;
    const { traceId: _traceId, ...rest } = body as Record<string, unknown>;
    return rest;
  };
  expect(foreign.status, name).toBe(unknown.status);
  expect(strip(foreign.body), name).toEqual(strip(unknown.body));
}

const UNKNOWN_PROFILE = '10000000000000000001';
const UNKNOWN_RETREF = '100000000001';

describe("the tester's five calls, as driver 2 with driver 1's ids", () => {
  it("auth-profile on driver 1's customer's saved card (seeded and newly authorized): 404 as an unknown profile, nothing recorded", async () => {
    const [seeded] = await server.query<{ card_profile_id: string }>(
      `SELECT c.card_profile_id FROM customer_saved_cards c JOIN orders o ON o.id = c.order_id JOIN accounts a ON a.id = o.driver_id
       WHERE a.email = $1 ORDER BY c.id LIMIT 1`,
      [SUMMIT_DRIVER.email],
    );
    expect(seeded, 'the seed saves a card on one of driver 1 orders').toBeDefined();
    const fresh = await d1Authorizes(freshOrder());
    const unknown = await pay(server, P.authProfile, { amount: '5.00', profile_id: UNKNOWN_PROFILE, order_number: orderNumber(), billing_zip: '17602' }, d2);
    expect(unknown.status).toBe(404);
    for (const profileId of [seeded?.card_profile_id ?? '', fresh.profile_id]) {
      const order = orderNumber();
      const res = await pay<PaymentError>(server, P.authProfile, { amount: '5.00', profile_id: profileId, order_number: order, billing_zip: '17602' }, d2);
      expectSameAsUnknown(res, unknown, profileId);
      expect(res.body.traceId).toBeTruthy();
      expect(await server.query('SELECT 1 FROM payment_transactions WHERE order_number = $1', [order])).toHaveLength(0);
    }
  });

  it("capture-payment on driver 1's authorization: 404 as an unknown transaction, still authorized", async () => {
    const auth = await d1Authorizes(freshOrder());
    const unknown = await pay(server, P.capturePayment, { transaction_id: UNKNOWN_RETREF, amount: '1.00' }, d2);
    const res = await pay(server, P.capturePayment, { transaction_id: auth.retref, amount: '120.00', token: auth.token }, d2);
    expectSameAsUnknown(res, unknown, 'capture');
    expect(res.status).toBe(404);
    expect(await txn(server, auth.retref)).toMatchObject({ status: 'authorized', captured_cents: 0 });
  });

  it("refund-request of driver 1's captured payment and of their authorization (a void): 404 as unknown, nothing refunded", async () => {
    const captured = await d1Authorizes(freshOrder());
    expect((await pay(server, P.capturePayment, { transaction_id: captured.retref, amount: '120.00' }, d1)).status).toBe(200);
    const uncaptured = await d1Authorizes(freshOrder(), '30.00');
    const unknown = await pay(server, P.refundRequest, { transaction_id: UNKNOWN_RETREF, ach_transaction: false, full_refund: true, first_name: 'X' }, d2);
    expect(unknown.status).toBe(404);
    const partial = await pay(
      server,
      P.refundRequest,
      { transaction_id: captured.retref, ach_transaction: false, full_refund: false, amount: 20, first_name: 'X' },
      d2,
    );
    expectSameAsUnknown(partial, unknown, 'partial refund');
    const full = await pay(server, P.refundRequest, { transaction_id: captured.retref, ach_transaction: false, full_refund: true, first_name: 'X' }, d2);
    expectSameAsUnknown(full, unknown, 'full refund');
    const voided = await pay(server, P.refundRequest, { transaction_id: uncaptured.retref, ach_transaction: false, full_refund: true, first_name: 'X' }, d2);
    expectSameAsUnknown(voided, unknown, 'void');
    expect(await txn(server, captured.retref)).toMatchObject({ status: 'captured', captured_cents: 12000, refunded_cents: 0 });
    expect(await txn(server, uncaptured.retref)).toMatchObject({ status: 'authorized' });
    expect(await server.query('SELECT 1 FROM payment_transactions WHERE parent_retref = ANY($1)', [[captured.retref, uncaptured.retref]])).toHaveLength(0);
  });

  it("saved-card-details and profile_inquiry of driver 1's customer's card: 404 as an unknown profile, no card detail", async () => {
    const card = await d1Authorizes(freshOrder());
    const unknownGet = await savedCard(server, UNKNOWN_PROFILE, d2);
    const get = await savedCard(server, card.profile_id, d2);
    expectSameAsUnknown(get, unknownGet, 'saved-card-details');
    expect(get.status).toBe(404);
    expect(get.text).not.toContain(card.token);
    const unknownPost = await pay(server, P.cardconnectProfileInquiry, { profile_id: UNKNOWN_PROFILE }, d2);
    const post = await pay(server, P.cardconnectProfileInquiry, { profile_id: card.profile_id }, d2);
    expectSameAsUnknown(post, unknownPost, 'profile_inquiry');
    expect(post.status).toBe(404);
    expect(post.text).not.toContain(card.token);
  });
});

describe("driver 1's other payment ids, as driver 2", () => {
  it("a bank token of driver 1's check payment and a card token of driver 1's: answered as unknown ones", async () => {
    const ach = await pay<{ retref: string; token: string }>(server, P.captureCheckPayment, achNewBody(), d1);
    expect(ach.status).toBe(200);
    const unknownAch = await pay(server, P.captureCheckPayment, { type: 'ach-token', token: '9000000000004321', amount: 1, order_number: 'X' }, d2);
    const foreignAch = await pay(server, P.captureCheckPayment, { type: 'ach-token', token: ach.body.token, amount: 1, order_number: 'X' }, d2);
    expectSameAsUnknown(foreignAch, unknownAch, 'ach-token');
    expect(foreignAch.status).toBe(404);
    const refundAch = await pay(server, P.refundRequest, { transaction_id: ach.body.retref, ach_transaction: true, full_refund: true, first_name: 'X' }, d2);
    expect(refundAch.status).toBe(404);

    const tokenized = await pay<{ token: string }>(server, P.tokenize, { account: CARDS.mastercard }, d1);
    const unknownToken = await pay(server, P.authNewCard, cardBody({ account_token: '9000000000005454' }), d2);
    expect(unknownToken.status).toBe(400);
    for (const token of [tokenized.body.token, (await d1Authorizes(freshOrder())).token]) {
      const foreign = await pay(server, P.authNewCard, cardBody({ account_token: token }), d2);
      expectSameAsUnknown(foreign, unknownToken, `auth-new-card ${token}`);
      // The same checks in the same order as for an unknown token: an expired date answers first.
      const expired = await pay(server, P.authNewCard, cardBody({ account_token: token, expiration: '0120' }), d2);
      expectSameAsUnknown(expired, await pay(server, P.authNewCard, cardBody({ account_token: '9000000000005454', expiration: '0120' }), d2), 'expired');
      const [orderId] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'customer');
      const viaApp = await pay(
        server,
        P.cardconnectAuthNewCard,
        {
          customer_order_id: orderId,
          card_token: token,
          card_exp_month: '12',
          card_exp_year: FUTURE_EXPIRY.slice(2),
          card_cvv: CVV,
          amount: '1.00',
        },
        d2,
      );
      expect(viaApp.status).toBe(400);
      expect(viaApp.body).toMatchObject({ error: 'InvalidCreditCardNumber' });
    }
  });

  it('an order reassigned to driver 2: driver 1 loses its payments like its order; its card goes with the order', async () => {
    const orderId = freshOrder();
    const auth = await d1Authorizes(orderId);
    await server.query('UPDATE orders SET driver_id = (SELECT id FROM accounts WHERE email = $1) WHERE id = $2', [SUMMIT_DRIVER2.email, orderId]);
    expect((await call(server, `${ORDER_API.customerOrderDetails}?customerOrderId=${orderId}`, { token: d1 })).status).toBe(404);
    expect((await pay(server, P.capturePayment, { transaction_id: auth.retref, amount: '1.00' }, d1)).status).toBe(404);
    expect((await savedCard(server, auth.profile_id, d1)).status).toBe(404);
    // Driver 2 now delivers this order: the customer's card is theirs to charge, driver 1's authorization is not.
    expect((await pay(server, P.cardconnectProfileInquiry, { profile_id: auth.profile_id }, d2)).status).toBe(200);
    expect((await pay(server, P.capturePayment, { transaction_id: auth.retref, amount: '1.00' }, d2)).status).toBe(404);
    expect(await txn(server, auth.retref)).toMatchObject({ status: 'authorized', captured_cents: 0 });
  });
});

describe('the owner, and refunds never above what was captured', () => {
  it("driver 1's own calls all work: inquiry, details, auth-profile on their order's card, capture, refund", async () => {
    const orderId = freshOrder();
    const card = await d1Authorizes(orderId);
    expect(await txn(server, card.retref)).toMatchObject({ order_number: await orderNumberOf(orderId) });
    const inquiry = await pay(server, P.cardconnectProfileInquiry, { profile_id: card.profile_id }, d1);
    expect(inquiry.status).toBe(200);
    expect(inquiry.body).toMatchObject({ profile_id: card.profile_id, customer_order_id: orderId, last_four_digits: '1111' });
    expect((await savedCard(server, card.profile_id, d1)).status).toBe(200);
    const again = await pay<CardAnswer>(
      server,
      P.authProfile,
      { amount: '15.00', profile_id: card.profile_id, order_number: await orderNumberOf(orderId), billing_zip: '17602' },
      d1,
    );
    expect(again.status).toBe(200);
    expect((await pay(server, P.capturePayment, { transaction_id: card.retref, amount: '100.00', token: card.token }, d1)).status).toBe(200);
    const refund = await pay(
      server,
      P.refundRequest,
      { transaction_id: card.retref, ach_transaction: false, full_refund: false, amount: 25, first_name: 'Ada' },
      d1,
    );
    expect(refund.status).toBe(200);
    expect(await txn(server, card.retref)).toMatchObject({ status: 'partially_refunded', captured_cents: 10000, refunded_cents: 2500 });
    // The /api/payments new-card path with a made-up order number stays the caller's own.
    const own = await pay<CardAnswer>(server, P.authNewCard, cardBody({ amount: '10.00' }), d1);
    expect(own.status).toBe(200);
    expect((await pay(server, P.capturePayment, { transaction_id: own.body.retref, amount: '10.00' }, d1)).status).toBe(200);
    expect((await savedCard(server, own.body.profile_id, d1)).status).toBe(200);
    expect((await savedCard(server, own.body.profile_id, d2)).status).toBe(404);
  });

  it('refunds above the captured amount, in one refund or in the sum of several, answer 400 RefundExceedsCaptured', async () => {
    const card = await d1Authorizes(freshOrder(), '100.00');
    expect((await pay(server, P.capturePayment, { transaction_id: card.retref, amount: '80.00' }, d1)).status).toBe(200);
    const refund = (amount: number) =>
      pay<PaymentError>(
        server,
        P.refundRequest,
        {
          transaction_id: card.retref,
          ach_transaction: false,
          full_refund: false,
          amount,
          first_name: 'Ada',
        },
        d1,
      );
    const above = await refund(80.01);
    expect(above.status).toBe(400);
    expect(above.body).toMatchObject({ error: 'RefundExceedsCaptured' });
    expect(above.body.traceId).toBeTruthy();
    expect((await refund(50)).status).toBe(200);
    const sum = await refund(30.01);
    expect(sum.status).toBe(400);
    expect(sum.body).toMatchObject({ error: 'RefundExceedsCaptured' });
    // Two refunds at once that fit alone but not together: one of them only.
    const both = await Promise.all([refund(20), refund(20)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await txn(server, card.retref)).toMatchObject({ captured_cents: 8000, refunded_cents: 7000, status: 'partially_refunded' });
    const [total] = await server.query<{ cents: number }>(
      "SELECT coalesce(sum(amount_cents), 0)::int cents FROM payment_transactions WHERE parent_retref = $1 AND kind = 'refund'",
      [card.retref],
    );
    expect(total?.cents).toBe(7000);
  });
});
