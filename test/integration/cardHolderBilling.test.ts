// Billing as typed (issue 22 item 5, SPEC §7 auth-new-card): the holder's name and billing the
// driver typed on the new-card form are what /secure/cardconnect/auth_new_card authorizes
// with and what the saved card profile keeps, read back through saved-card-details and
// profile_inquiry; a body without them (older clients) still authorizes with the order's
// stored billing. Neither the card number nor the CVV is kept.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, liveOrderIds, useTestServer } from './helpers';
import { CARDS, CVV, FUTURE_EXPIRY, P, pay, savedCard, storedLeaves, txn, type PaymentError } from './paymentsHelpers';

let server: TestServer;
let summit: string;
let orderId: number;

useTestServer({ summit: SUMMIT_DRIVER }, (s) => ({ server, summit } = s));
beforeAll(async () => {
  orderId = (await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer'))[0] ?? 0;
  expect(orderId).toBeGreaterThan(0);
});

const TYPED = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  billing_address: '88 Quarry Rd',
  billing_city: 'Intercourse',
  billing_state: 'PA',
  billing_zip: '17534',
  billing_phone: '7175550142',
  billing_email: 'dana@example.com',
};

const authBody = (overrides: Record<string, unknown> = {}) => ({
  customer_order_id: orderId,
  card_token: CARDS.visa,
  card_exp_month: FUTURE_EXPIRY.slice(0, 2),
  card_exp_year: FUTURE_EXPIRY.slice(2),
  card_cvv: CVV,
  amount: '25.00',
  ...overrides,
});

interface Authorized {
  profile_id: string;
  retref: string;
}

interface ProfileRow {
  name: string;
  billing_address: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_zip: string;
  billing_phone: string | null;
  billing_email: string | null;
}

const profileRow = async (profileId: string): Promise<ProfileRow | undefined> =>
  (
    await server.query<ProfileRow>(
      'SELECT name, billing_address, billing_city, billing_state, billing_zip, billing_phone, billing_email FROM card_profiles WHERE profile_id = $1',
      [profileId],
    )
  )[0];

describe('auth_new_card with the billing the driver typed', () => {
  it('authorizes with it, saves it on the card profile, and answers it back', async () => {
    const res = await pay<Authorized>(server, P.cardconnectAuthNewCard, authBody(TYPED), summit);
    expect(res.status, res.text).toBe(200);
    // The authorization itself carries the typed holder's name.
    expect((await txn(server, res.body.retref))?.name).toBe('Dana Whitfield');
    const stored = {
      name: 'Dana Whitfield',
      billing_address: '88 Quarry Rd',
      billing_city: 'Intercourse',
      billing_state: 'PA',
      billing_zip: '17534',
      billing_phone: '7175550142',
      billing_email: 'dana@example.com',
    };
    expect(await profileRow(res.body.profile_id)).toEqual(stored);

    const details = await savedCard(server, res.body.profile_id, summit);
    expect(details.status, details.text).toBe(200);
    expect(details.body).toMatchObject(stored);
    const inquiry = await pay(server, P.cardconnectProfileInquiry, { profile_id: res.body.profile_id }, summit);
    expect(inquiry.status, inquiry.text).toBe(200);
    expect(inquiry.body).toMatchObject(stored);

    // Never the card number or the CVV, in the profile or the transaction.
    const { values, keys } = storedLeaves([await profileRow(res.body.profile_id), await txn(server, res.body.retref)]);
    expect(values.filter((v) => v.includes(CARDS.visa) || v === CVV)).toEqual([]);
    expect(keys.filter((k) => /cvv|card_number|account_token/i.test(k))).toEqual([]);
  });

  it("without it (an older client's body) authorizes with the order's stored billing", async () => {
    const [order] = await server.query<{ first: string | null; last: string | null; street: string; city: string; state: string; zip: string }>(
      `SELECT o.customer_first_name first, o.customer_last_name last, b.street_address_one street, b.city, b.state, b.zip
       FROM orders o JOIN customer_order_billing b ON b.order_id = o.id WHERE o.id = $1`,
      [orderId],
    );
    expect(order).toBeDefined();
    const res = await pay<Authorized>(server, P.cardconnectAuthNewCard, authBody(), summit);
    expect(res.status, res.text).toBe(200);
    expect(await profileRow(res.body.profile_id)).toMatchObject({
      name: `${order?.first ?? ''} ${order?.last ?? ''}`.trim(),
      billing_address: order?.street,
      billing_city: order?.city,
      billing_state: order?.state,
      billing_zip: order?.zip,
    });
  });

  it('refuses typed billing that breaks the form rules, naming the field', async () => {
    const res = await pay<PaymentError>(server, P.cardconnectAuthNewCard, authBody({ ...TYPED, billing_state: 'pa', billing_phone: '12' }), summit);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ billing_state: 'Uppercase 2-letter state abbreviation', billing_phone: 'Length 5 to 15' });
  });
});
