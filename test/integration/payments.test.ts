// /api/payments card calls against the sandbox processor: approvals, every decline number,
// Luhn / expiry, SPEC §5 payload rules, capture and refund with amounts read back from the
// database, saved-card details, and the traceId every error carries (SPEC §7).
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, call, useTestServer } from './helpers';
import { CARDS, CVV, P, cardBody, companyIdOf, orderNumber, pay, savedCard, txn, txnsOfOrder, type CardAnswer, type PaymentError } from './paymentsHelpers';

let server: TestServer;
let summit: string;
let summitCompany: number;

useTestServer({ summit: SUMMIT_DRIVER }, (s) => ({ server, summit } = s));
beforeAll(async () => {
  summitCompany = await companyIdOf(server, SUMMIT_DRIVER.email);
});

const authorize = (overrides: Record<string, unknown> = {}, key?: string) =>
  pay<CardAnswer & PaymentError>(server, P.authNewCard, cardBody(overrides), summit, key);

describe('POST /api/payments/auth-new-card', () => {
  it('approves a test card: token 9…1111, a saved profile and an authorized row, never the PAN', async () => {
    const order = orderNumber();
    const res = await authorize({ order_number: order, account_token: CARDS.visa });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      approved: true,
      resp_code: '00',
      status: 'authorized',
      amount: '125.50',
      brand: 'VISA',
      first_four_digits: '4111',
      last_four_digits: '1111',
    });
    expect(res.body).not.toHaveProperty('traceId');
    expect(res.body.token).toMatch(/^9\d{11}1111$/);
    expect(res.body.retref).toMatch(/^\d{12}$/);
    expect(res.text).not.toContain(CARDS.visa);
    const [row] = await txnsOfOrder(server, order);
    expect(row).toMatchObject({
      retref: res.body.retref,
      company_id: summitCompany,
      kind: 'auth',
      method: 'card',
      status: 'authorized',
      amount_cents: 12550,
      captured_cents: 0,
      token: res.body.token,
      profile_id: res.body.profile_id,
    });
    const [profile] = await server.query<{ company_id: number; token: string; expiration: string; billing_state: string }>(
      'SELECT company_id, token, expiration, billing_state FROM card_profiles WHERE profile_id = $1',
      [res.body.profile_id],
    );
    expect(profile).toMatchObject({ company_id: summitCompany, token: res.body.token, billing_state: 'PA' });
  });

  it('takes a token from /tokenize as account_token and a Mastercard', async () => {
    const tokenized = await pay<{ token: string; brand: string; last_four_digits: string }>(server, P.tokenize, { account: CARDS.mastercard }, summit);
    expect(tokenized.status).toBe(200);
    expect(tokenized.body).toMatchObject({ brand: 'MC', last_four_digits: '5454' });
    const res = await authorize({ account_token: tokenized.body.token, amount: 19.99 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: tokenized.body.token, brand: 'MC', amount: '19.99' });
  });

  it('answers each decline number with 402, its code and a recorded declined row (no profile)', async () => {
    const cases: [string, string, string, string][] = [
      [CARDS.declined, 'CardDeclined', 'Declined', '05'],
      [CARDS.insufficient, 'InsufficientFunds', 'Insufficient funds', '51'],
      [CARDS.expired, 'CardExpired', 'Expired card', '54'],
      [CARDS.badCvv, 'InvalidCvv', 'CVV mismatch', 'N7'],
    ];
    for (const [pan, error, message, respcode] of cases) {
      const order = orderNumber();
      const res = await authorize({ account_token: pan, order_number: order });
      expect(res.status, pan).toBe(402);
      expect(res.body).toMatchObject({ error, message, respcode });
      expect(res.body.traceId).toMatch(/^[0-9a-f-]{36}$/);
      const rows = await txnsOfOrder(server, order);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'declined', profile_id: null, retref: res.body.retref });
    }
  });

  it('refuses a number failing Luhn, an unknown token, a past or impossible expiry: 400, nothing recorded', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ account_token: CARDS.luhnFails }, 400, 'InvalidCreditCardNumber', 'Invalid Credit Card Number'],
      [{ account_token: '9123456789011111' }, 400, 'InvalidCreditCardNumber', 'Invalid Credit Card Number'],
      [{ account_token: 'not a card' }, 400, 'InvalidCreditCardNumber', 'Invalid Credit Card Number'],
      [{ expiration: '0120' }, 402, 'CardExpired', 'Expired card'],
      [{ expiration: '1330' }, 400, 'InvalidRequest', 'expiration: Format MMYY'],
    ];
    for (const [override, status, error, message] of cases) {
      const order = orderNumber();
      const res = await authorize({ ...override, order_number: order });
      expect(res.status, JSON.stringify(override)).toBe(status);
      expect(res.body).toMatchObject({ error, message });
      expect(res.body.traceId).toBeTruthy();
      expect(await txnsOfOrder(server, order)).toHaveLength(0);
    }
  });

  it('enforces SPEC §5: MMYY, uppercase state, phone 5–15, required strings; drops a bad email', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ expiration: '12/30' }, 'expiration', 'Format MMYY'],
      [{ expiration: '123' }, 'expiration', 'Format MMYY'],
      [{ expiration: 1230 }, 'expiration', 'Format MMYY'],
      [{ billing_state: 'pa' }, 'billing_state', 'Uppercase 2-letter state abbreviation'],
      [{ billing_state: 'PEN' }, 'billing_state', 'Uppercase 2-letter state abbreviation'],
      [{ billing_phone: '1234' }, 'billing_phone', 'Length 5 to 15'],
      [{ billing_phone: '1234567890123456' }, 'billing_phone', 'Length 5 to 15'],
      [{ first_name: '' }, 'first_name', 'Required'],
      [{ billing_city: 42 }, 'billing_city', 'Required'],
      [{ order_number: undefined }, 'order_number', 'Required'],
      [{ cvv: '12' }, 'cvv', 'CVV must be 3 or 4 digits'],
      [{ amount: '-5' }, 'amount', 'Amount must be a positive number with at most 2 decimals'],
      [{ amount: '1.005' }, 'amount', 'Amount must be a positive number with at most 2 decimals'],
      [{ amount: 0 }, 'amount', 'Amount must be a positive number with at most 2 decimals'],
    ];
    for (const [override, field, text] of cases) {
      const res = await authorize(override);
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest', message: `${field}: ${text}` });
      expect(res.body.fields?.[field]).toBe(text);
      expect(res.body.traceId).toBeTruthy();
    }
    const noEmail = await authorize({ billing_email: 'not-an-email' });
    expect(noEmail.status).toBe(200);
    const [profile] = await server.query<{ billing_email: string | null }>('SELECT billing_email FROM card_profiles WHERE profile_id = $1', [
      noEmail.body.profile_id,
    ]);
    expect(profile?.billing_email).toBeNull();
    const missing = await authorize({ billing_email: undefined });
    expect(missing.status).toBe(200);
  });

  it('answers 400 with a traceId for a non-object body, and 401 with a traceId without a token', async () => {
    const notObject = await pay<PaymentError>(server, P.authNewCard, [CARDS.visa], summit);
    expect(notObject.status).toBe(400);
    expect(notObject.body.traceId).toBeTruthy();
    expect(notObject.text).not.toContain(CARDS.visa);
    const anonymous = await pay<PaymentError>(server, P.authNewCard, cardBody(), '');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: 'NotAuthenticated' });
    expect(anonymous.body.traceId).toBeTruthy();
  });
});

describe('capture, refund and void', () => {
  it('captures part of an authorization, refunds part then the rest; amounts read back', async () => {
    const auth = await authorize({ amount: '125.50' });
    const retref = auth.body.retref;
    const over = await pay<PaymentError>(server, P.capturePayment, { transaction_id: retref, amount: '200.00', token: null }, summit);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: 'AmountExceedsAuthorized' });

    const captured = await pay(server, P.capturePayment, { transaction_id: retref, amount: '100.00', token: auth.body.token }, summit);
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ retref, status: 'captured', amount: '100.00' });
    expect(await txn(server, retref)).toMatchObject({ status: 'captured', amount_cents: 12550, captured_cents: 10000 });

    const again = await pay<PaymentError>(server, P.capturePayment, { transaction_id: retref, amount: '100.00' }, summit);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'InvalidTransactionState' });

    const partial = await pay<{ retref: string; original_retref: string }>(
      server,
      P.refundRequest,
      {
        transaction_id: retref,
        ach_transaction: false,
        full_refund: false,
        amount: 40,
        first_name: 'Ada',
      },
      summit,
    );
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ original_retref: retref, amount: '40.00', status: 'refunded' });
    expect(await txn(server, partial.body.retref)).toMatchObject({ kind: 'refund', amount_cents: 4000, parent_retref: retref, name: 'Ada' });
    expect(await txn(server, retref)).toMatchObject({ status: 'partially_refunded', captured_cents: 10000, refunded_cents: 4000 });

    const tooMuch = await pay<PaymentError>(
      server,
      P.refundRequest,
      { transaction_id: retref, ach_transaction: false, full_refund: false, amount: 60.01, first_name: 'Ada' },
      summit,
    );
    expect(tooMuch.status).toBe(400);
    const rest = await pay(server, P.refundRequest, { transaction_id: retref, ach_transaction: false, full_refund: true, first_name: 'Ada' }, summit);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ amount: '60.00' });
    expect(await txn(server, retref)).toMatchObject({ status: 'refunded', refunded_cents: 10000 });
    const done = await pay<PaymentError>(
      server,
      P.refundRequest,
      { transaction_id: retref, ach_transaction: false, full_refund: true, first_name: 'Ada' },
      summit,
    );
    expect(done.status).toBe(409);
    const refunds = await server.query<{ n: number; total: number }>(
      "SELECT count(*)::int n, sum(amount_cents)::int total FROM payment_transactions WHERE parent_retref = $1 AND kind = 'refund'",
      [retref],
    );
    expect(refunds[0]).toEqual({ n: 2, total: 10000 });
  });

  it('captures the whole authorization when amount equals it; voids an uncaptured one', async () => {
    const first = await authorize({ amount: '80' });
    const full = await pay(server, P.capturePayment, { transaction_id: first.body.retref, amount: '80.00' }, summit);
    expect(full.status).toBe(200);
    expect(await txn(server, first.body.retref)).toMatchObject({ captured_cents: 8000, status: 'captured' });

    const second = await authorize({ amount: '55.10' });
    const voided = await pay(
      server,
      P.refundRequest,
      { transaction_id: second.body.retref, ach_transaction: false, full_refund: true, first_name: 'Ada' },
      summit,
    );
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'voided', amount: '55.10' });
    expect(await txn(server, second.body.retref)).toMatchObject({ status: 'voided', captured_cents: 0 });
    const late = await pay(server, P.capturePayment, { transaction_id: second.body.retref, amount: '55.10' }, summit);
    expect(late.status).toBe(409);
  });

  it('refuses bad capture / refund bodies and unknown or mismatched transactions', async () => {
    const auth = await authorize();
    const bad: [string, unknown][] = [
      [P.capturePayment, { amount: '10.00' }],
      [P.capturePayment, { transaction_id: auth.body.retref, amount: 'ten' }],
      [P.refundRequest, { transaction_id: auth.body.retref, ach_transaction: 'no', full_refund: true, first_name: 'A' }],
      [P.refundRequest, { transaction_id: auth.body.retref, ach_transaction: false, full_refund: false, first_name: 'A' }],
    ];
    for (const [path, body] of bad) {
      const res = await pay<PaymentError>(server, path, body, summit);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('InvalidRequest');
      expect(res.body.traceId).toBeTruthy();
    }
    const unknown = await pay<PaymentError>(server, P.capturePayment, { transaction_id: '999999999999', amount: '1.00' }, summit);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'NotFound', message: 'Not found' });
    const wrongToken = await pay(server, P.capturePayment, { transaction_id: auth.body.retref, amount: '1.00', token: '9000000000001111' }, summit);
    expect(wrongToken.status).toBe(404);
    const asAch = await pay(server, P.refundRequest, { transaction_id: auth.body.retref, ach_transaction: true, full_refund: true, first_name: 'A' }, summit);
    expect(asAch.status).toBe(404);
    expect(await txn(server, auth.body.retref)).toMatchObject({ status: 'authorized', captured_cents: 0 });
  });
});

describe('POST /api/payments/auth-profile and GET /api/payments/saved-card-details', () => {
  it('charges a saved profile (CVV optional) and reads its details back', async () => {
    const saved = await authorize({ amount: '1.00' });
    const order = orderNumber();
    const res = await pay<CardAnswer>(
      server,
      P.authProfile,
      { amount: '310.75', profile_id: saved.body.profile_id, order_number: order, billing_zip: '17602' },
      summit,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ profile_id: saved.body.profile_id, last_four_digits: '1111', amount: '310.75' });
    expect((await txnsOfOrder(server, order))[0]).toMatchObject({ amount_cents: 31075, profile_id: saved.body.profile_id, status: 'authorized' });
    const withCvv = await pay(
      server,
      P.authProfile,
      { amount: '5', profile_id: saved.body.profile_id, cvv: CVV, order_number: order, billing_zip: '17602' },
      summit,
    );
    expect(withCvv.status).toBe(200);

    const details = await savedCard(server, saved.body.profile_id, summit);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      profile_id: saved.body.profile_id,
      brand: 'VISA',
      first_four_digits: '4111',
      last_four_digits: '1111',
      name: 'Ada Lovelace',
      billing_zip: '17602',
    });
    expect(details.text).not.toContain(CARDS.visa);
  });

  it('declines a profile whose card declines; 404 for unknown profiles; 400 for bad input', async () => {
    const saved = await authorize({ amount: '1.00' });
    // The customer's account has since run dry: the sandbox's outcome for this card changes.
    await server.query("UPDATE card_tokens SET sandbox_outcome = 'insufficient' WHERE token = $1", [saved.body.token]);
    const order = orderNumber();
    const declined = await pay<PaymentError>(
      server,
      P.authProfile,
      { amount: '20', profile_id: saved.body.profile_id, order_number: order, billing_zip: '17602' },
      summit,
    );
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'InsufficientFunds', message: 'Insufficient funds', respcode: '51' });
    expect((await txnsOfOrder(server, order))[0]).toMatchObject({ status: 'declined', amount_cents: 2000 });
    const unknown = await pay<PaymentError>(
      server,
      P.authProfile,
      { amount: '5', profile_id: '12345678901234567890', order_number: 'X', billing_zip: '1' },
      summit,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.traceId).toBeTruthy();
    const bad = await pay<PaymentError>(server, P.authProfile, { amount: '5', order_number: 'X', billing_zip: '1' }, summit);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ profile_id: 'Required' });
    const noQuery = await call<PaymentError>(server, P.savedCardDetails, { token: summit });
    expect(noQuery.status).toBe(400);
    expect(noQuery.body.traceId).toBeTruthy();
    const missing = await savedCard(server, '00000000000000000000', summit);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'NotFound' });
  });

  it('answers the seeded cards of the orders area (profiles adopted into the processor)', async () => {
    const [listed] = await server.query<{ card_profile_id: string; last_four: string }>(
      'SELECT c.card_profile_id, c.last_four FROM customer_saved_cards c WHERE c.company_id = $1 ORDER BY c.id LIMIT 1',
      [summitCompany],
    );
    expect(listed, 'the orders area seeds saved cards').toBeDefined();
    if (!listed) return;
    const [profile] = await server.query<{ n: number }>('SELECT count(*)::int n FROM card_profiles WHERE profile_id = $1 AND company_id = $2', [
      listed.card_profile_id,
      summitCompany,
    ]);
    expect(profile?.n).toBe(1);
    const details = await savedCard(server, listed.card_profile_id, summit);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ profile_id: listed.card_profile_id, last_four_digits: listed.last_four });
  });
});
