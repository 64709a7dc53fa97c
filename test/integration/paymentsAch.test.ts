// ACH checks (ach-new, ach-token, refunds) and the driver app's card calls
// (/secure/cardconnect/auth_new_card, profile_inquiry) against the sandbox processor.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, liveOrderIds, useTestServer } from './helpers';
import { CARDS, CVV, FUTURE_EXPIRY, P, ROUTING, achNewBody, companyIdOf, orderNumber, pay, txn, txnsOfOrder, type PaymentError } from './paymentsHelpers';

let server: TestServer;
let summit: string;
let summit2: string;
let summitCompany: number;
let ridgeCompany: number;

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2 }, (s) => ({ server, summit, summit2 } = s));
beforeAll(async () => {
  summitCompany = await companyIdOf(server, SUMMIT_DRIVER.email);
  ridgeCompany = await companyIdOf(server, RIDGE_DRIVER.email);
});

interface AchAnswer {
  retref: string;
  token: string;
  status: string;
  amount: string;
}

describe('POST /api/payments/capture-check-payment', () => {
  it('debits a new account (captured at once), then the same account by its token; refunds it', async () => {
    const order = orderNumber();
    const first = await pay<AchAnswer>(server, P.captureCheckPayment, achNewBody({ order_number: order }), summit);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'captured', amount: '410.25' });
    expect(first.body.token).toMatch(/^9\d{11}9012$/);
    expect(await txn(server, first.body.retref)).toMatchObject({
      kind: 'ach',
      method: 'ach',
      status: 'captured',
      amount_cents: 41025,
      captured_cents: 41025,
      company_id: summitCompany,
    });
    const [account] = await server.query<{ account_last_four: string; routing_number: string }>(
      'SELECT account_last_four, routing_number FROM ach_accounts WHERE token = $1',
      [first.body.token],
    );
    expect(account).toEqual({ account_last_four: '9012', routing_number: ROUTING });

    const again = await pay<AchAnswer>(
      server,
      P.captureCheckPayment,
      { type: 'ach-token', token: first.body.token, amount: 99.5, order_number: order },
      summit,
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ token: first.body.token, amount: '99.50' });
    expect(await txnsOfOrder(server, order)).toHaveLength(2);

    const asCard = await pay(
      server,
      P.refundRequest,
      { transaction_id: again.body.retref, ach_transaction: false, full_refund: true, first_name: 'Grace' },
      summit,
    );
    expect(asCard.status).toBe(404);
    const refund = await pay<{ retref: string }>(
      server,
      P.refundRequest,
      { transaction_id: again.body.retref, ach_transaction: true, full_refund: true, first_name: 'Grace' },
      summit,
    );
    expect(refund.status).toBe(200);
    expect(await txn(server, refund.body.retref)).toMatchObject({ kind: 'refund', method: 'ach', amount_cents: 9950, parent_retref: again.body.retref });
    expect(await txn(server, again.body.retref)).toMatchObject({ status: 'refunded', refunded_cents: 9950 });
  });

  it("answers 'Invalid Account Number' for a bad routing checksum or account; declines by test account", async () => {
    for (const override of [
      { routing_number: '021000022' },
      { routing_number: '12345' },
      { account_number: '12' },
      { account_number: '0000000' },
      { account_number: '12-34-56' },
    ]) {
      const order = orderNumber();
      const res = await pay<PaymentError>(server, P.captureCheckPayment, achNewBody({ ...override, order_number: order }), summit);
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidAccountNumber', message: 'Invalid Account Number' });
      expect(res.body.traceId).toBeTruthy();
      expect(await txnsOfOrder(server, order)).toHaveLength(0);
    }
    const declined = await pay<PaymentError>(server, P.captureCheckPayment, achNewBody({ account_number: '5550002' }), summit);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'CardDeclined', message: 'Declined' });
    const nsf = await pay<PaymentError>(server, P.captureCheckPayment, achNewBody({ account_number: '5559995' }), summit);
    expect(nsf.status).toBe(402);
    expect(nsf.body).toMatchObject({ error: 'InsufficientFunds' });
  });

  it('validates the body: type, numeric amount, billing rules, required fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [achNewBody({ type: 'ach' }), 'type'],
      [achNewBody({ amount: '410.25' }), 'amount'],
      [achNewBody({ amount: -1 }), 'amount'],
      [achNewBody({ billing_state: 'de' }), 'billing_state'],
      [achNewBody({ routing_number: undefined }), 'routing_number'],
      [{ type: 'ach-token', amount: 5, order_number: 'X' }, 'token'],
    ];
    for (const [body, field] of cases) {
      const res = await pay<PaymentError>(server, P.captureCheckPayment, body, summit);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('InvalidRequest');
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
  });

  it("ignores a body's company_id: the token's company is the one charged", async () => {
    const order = orderNumber();
    const res = await pay<AchAnswer>(server, P.captureCheckPayment, achNewBody({ order_number: order, company_id: ridgeCompany }), summit);
    expect(res.status).toBe(200);
    expect((await txnsOfOrder(server, order))[0]?.company_id).toBe(summitCompany);
    const [account] = await server.query<{ company_id: number }>('SELECT company_id FROM ach_accounts WHERE token = $1', [res.body.token]);
    expect(account?.company_id).toBe(summitCompany);
  });
});

describe('POST /secure/cardconnect/auth_new_card and profile_inquiry', () => {
  const authBody = (orderId: number, overrides: Record<string, unknown> = {}) => ({
    customer_order_id: orderId,
    card_token: CARDS.visa,
    card_exp_month: FUTURE_EXPIRY.slice(0, 2),
    card_exp_year: `20${FUTURE_EXPIRY.slice(2)}`,
    card_cvv: CVV,
    ...overrides,
  });

  it("authorizes the order's remaining balance, saves the card to the order's card list, and inquires it", async () => {
    const [orderId] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    expect(orderId).toBeDefined();
    const id = orderId ?? 0;
    const [before] = await server.query<{ updated_at: Date; order_number: string; remaining_balance: string | null }>(
      'SELECT o.updated_at, o.order_number, b.remaining_balance FROM orders o LEFT JOIN customer_order_billing b ON b.order_id = o.id WHERE o.id = $1',
      [id],
    );
    const res = await pay<{ profile_id: string; first_four_digits: string; retref: string; token: string; amount: string; customer_order_id: number }>(
      server,
      P.cardconnectAuthNewCard,
      authBody(id),
      summit,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_four_digits: '4111', customer_order_id: id, amount: Number(before?.remaining_balance ?? 0).toFixed(2) });
    expect(res.body.profile_id).toMatch(/^\d{20}$/);
    expect(await txn(server, res.body.retref)).toMatchObject({ status: 'authorized', order_number: before?.order_number, profile_id: res.body.profile_id });
    const [listed] = await server.query<{ last_four: string; brand: string }>(
      'SELECT last_four, brand FROM customer_saved_cards WHERE order_id = $1 AND card_profile_id = $2',
      [id, res.body.profile_id],
    );
    expect(listed).toEqual({ last_four: '1111', brand: 'Visa' });
    const [after] = await server.query<{ updated_at: Date }>('SELECT updated_at FROM orders WHERE id = $1', [id]);
    expect(after && before && after.updated_at > before.updated_at).toBe(true);

    const inquiry = await pay(server, P.cardconnectProfileInquiry, { profile_id: res.body.profile_id }, summit);
    expect(inquiry.status).toBe(200);
    expect(inquiry.body).toMatchObject({ profile_id: res.body.profile_id, token: res.body.token, customer_order_id: id, last_four_digits: '1111' });
  });

  it('takes an explicit amount; answers declines and bad input as {error, message}; 404 for orders not the driver’s', async () => {
    const [orderId] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    const id = orderId ?? 0;
    const ok = await pay<{ amount: string; retref: string }>(
      server,
      P.cardconnectAuthNewCard,
      authBody(id, { amount: '12.34', card_exp_year: FUTURE_EXPIRY.slice(2) }),
      summit,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.amount).toBe('12.34');
    const declined = await pay<PaymentError>(server, P.cardconnectAuthNewCard, authBody(id, { card_token: CARDS.declined }), summit);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'CardDeclined', message: 'Declined' });
    const bad = await pay<PaymentError>(server, P.cardconnectAuthNewCard, authBody(id, { card_exp_month: '13' }), summit);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ card_exp_month: 'Format MMYY' });
    const luhn = await pay<PaymentError>(server, P.cardconnectAuthNewCard, authBody(id, { card_token: CARDS.luhnFails }), summit);
    expect(luhn.status).toBe(400);
    expect(luhn.body).toMatchObject({ error: 'InvalidCreditCardNumber', message: 'Invalid Credit Card Number' });
    const otherDriver = await pay(server, P.cardconnectAuthNewCard, authBody(id), summit2);
    expect(otherDriver.status).toBe(404);
    const onlot = (await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot'))[0] ?? 0;
    expect((await pay(server, P.cardconnectAuthNewCard, authBody(onlot), summit)).status).toBe(404);
    const missing = await pay<PaymentError>(server, P.cardconnectProfileInquiry, {}, summit);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ profile_id: 'Required' });
    expect((await pay(server, P.cardconnectProfileInquiry, { profile_id: '11111111111111111111' }, summit)).status).toBe(404);
  });
});
