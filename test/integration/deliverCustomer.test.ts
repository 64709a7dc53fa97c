// The customer-order deliver calls without a card (SPEC §5, §7): RTO, new check, saved check,
// no payment, cash. Payments and balances read back from the database; RTO only via its
// call; uploads of this company in the right folder; ownership; Idempotency-Key.
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_DELIVER, ERROR_TEXT, type DeliverResponse } from '../../src/domain';
import type { TestServer } from '../support/server';
import {
  CHECK_FOLDER,
  CUSTOMER_PHOTO_FOLDER,
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
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, liveOrderIds, newKey, postJson, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let ridge: string;
let ids: number[];
let photo: Uploaded;
let signature: Uploaded;
let check: Uploaded;
let questions: [number, number];

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));
beforeAll(async () => {
  ids = await assignLiveCustomerOrders(server, SUMMIT_DRIVER.email);
  expect(ids.length).toBeGreaterThanOrEqual(10);
  for (const id of ids) await setBilling(server, id, { balance: '500.00' });
  photo = await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 41);
  signature = await uploadTo(server, summit, SIGNATURE_FOLDER, 42, 'png');
  check = await uploadTo(server, summit, CHECK_FOLDER, 43);
  questions = await surveyQuestions(server, await companyIdOf(server, SUMMIT_DRIVER.email));
});

const order = (i: number): number => ids[i] ?? 0;
const post = (call: keyof typeof CUSTOMER_DELIVER, body: unknown, opts: { token?: string; key?: string } = {}) =>
  postJson(server, CUSTOMER_DELIVER[call].path, body, { token: summit, ...opts });
const signed = (id: number, overrides: Record<string, unknown> = {}) => customerBody(id, [photo], { ...signatureFields(signature), ...overrides });
const deliveriesOf = (id: number) => countRows(server, 'SELECT 1 FROM deliveries WHERE order_id = $1', [id]);
const paymentsOf = (id: number) =>
  server.query<Record<string, unknown>>(
    'SELECT method, source, amount::text, check_image_guid, saved_check_id, card_profile_id FROM order_payments WHERE order_id = $1',
    [id],
  );
const customerDeliveryOf = async (id: number) =>
  (
    await server.query<Record<string, unknown>>(
      'SELECT call, payment_method, signature_guid, signature_from, balance_before::text, balance_after::text FROM customer_deliveries WHERE order_id = $1',
      [id],
    )
  )[0];

/** Delivers with a key, replays it, and proves another body under the key is 422 — work done once. */
async function deliverOnce(call: keyof typeof CUSTOMER_DELIVER, body: Record<string, unknown>): Promise<DeliverResponse> {
  const key = newKey();
  const first = await post(call, body, { key });
  expect(first.status, first.text).toBe(200);
  const replay = await post(call, body, { key });
  expect(replay.status).toBe(200);
  expect(replay.body).toEqual(first.body);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  const reused = await post(call, { ...body, delivery_note: 'changed' }, { key });
  expect(reused.status).toBe(422);
  expect(reused.body).toMatchObject({ error: 'IdempotencyKeyReused' });
  expect(await deliveriesOf(body.customer_order_id as number)).toBe(1);
  return first.body as DeliverResponse;
}

describe('customer deliver calls: success, read back, once per key', () => {
  it('cash: payment recorded, balance reduced, signature and survey stored', async () => {
    const id = order(0);
    const answers = [
      { driver_delivery_survey_question_id: questions[0], answer: true },
      { driver_delivery_survey_question_id: questions[1], answer: 'Dog in the yard' },
    ];
    const res = await deliverOnce('cash', signed(id, { payment_amount: '125.5', delivery_survey_answers: answers, signature_from: 'driver' }));
    expect(res.order_key).toBe(`co-${id}`);
    expect(await paymentsOf(id)).toEqual([
      { method: 'Cash', source: 'cash', amount: '125.50', check_image_guid: null, saved_check_id: null, card_profile_id: null },
    ]);
    expect(await balanceOf(server, id)).toBe('374.50');
    expect(await customerDeliveryOf(id)).toEqual({
      call: 'cash',
      payment_method: 'Cash',
      signature_guid: signature.guid,
      signature_from: 'driver',
      balance_before: '500.00',
      balance_after: '374.50',
    });
    const stored = await server.query<{ question_id: number; answer: string }>(
      'SELECT question_id, answer FROM delivery_survey_answers WHERE delivery_id = $1 ORDER BY question_id',
      [res.delivery_id],
    );
    expect(stored).toEqual([
      { question_id: questions[0], answer: 'true' },
      { question_id: questions[1], answer: 'Dog in the yard' },
    ]);
    const [row] = await server.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]);
    expect(row?.status).toBe('Delivered');
  });

  it('new check: the check image is kept with the payment', async () => {
    const id = order(1);
    await deliverOnce(
      'new_check',
      signed(id, { check_guid: check.guid, check_mimetype: 'image/jpeg', check_extension: 'jpg', check_url: check.download_urls[0], payment_amount: 500 }),
    );
    expect(await paymentsOf(id)).toEqual([
      { method: 'Check', source: 'new_check', amount: '500.00', check_image_guid: check.guid, saved_check_id: null, card_profile_id: null },
    ]);
    expect(await balanceOf(server, id)).toBe('0.00');
  });

  it('saved check: only a check on file for this order; GPS, survey and id required', async () => {
    const id = order(2);
    const own = await addSavedCheck(server, id);
    const otherOrders = await addSavedCheck(server, order(3));
    const answers = [{ driver_delivery_survey_question_id: questions[0], answer: 'yes' }];
    const bare = await post('saved_check', signed(id, { delivery_gps_lat: null, payment_amount: '10' }));
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      error: 'DeliveryLocationNotSet',
      errors: ['DeliveryLocationNotSet', 'DeliverySurveyAnswersNotSet', 'SavedCheckDoesNotHaveAnId'],
    });
    const foreign = await post('saved_check', signed(id, { customer_order_check_id: otherOrders, delivery_survey_answers: answers, payment_amount: '10' }));
    expect(foreign.status).toBe(404);
    await deliverOnce('saved_check', signed(id, { customer_order_check_id: own, delivery_survey_answers: answers, payment_amount: '200.00' }));
    expect(await paymentsOf(id)).toEqual([
      { method: 'Check', source: 'saved_check', amount: '200.00', check_image_guid: null, saved_check_id: own, card_profile_id: null },
    ]);
    expect(await balanceOf(server, id)).toBe('300.00');
  });

  it('no payment: no payment row, balance unchanged', async () => {
    const id = order(4);
    await deliverOnce('no_payment', signed(id));
    expect(await paymentsOf(id)).toEqual([]);
    expect(await balanceOf(server, id)).toBe('500.00');
    expect(await customerDeliveryOf(id)).toMatchObject({ call: 'no_payment', payment_method: 'NoPayment', balance_after: '500.00' });
  });

  it('RTO: only an RTO order, only through the RTO call', async () => {
    const rtoOrder = order(5);
    await setBilling(server, rtoOrder, { isRto: true, balance: '3200.00' });
    const viaCash = await post('cash', signed(rtoOrder, { payment_amount: '10' }));
    expect(viaCash.status).toBe(400);
    expect(viaCash.body).toMatchObject({ error: 'FailedToDeliverOrderWithCash' });
    expect((viaCash.body as { message: string }).message).toContain('rent-to-own');
    const notRto = await post('rto', signed(order(6)));
    expect(notRto.status).toBe(400);
    expect(notRto.body).toMatchObject({ error: 'FailedToDeliverRtoOrder' });
    expect(await deliveriesOf(order(6))).toBe(0);

    await deliverOnce('rto', signed(rtoOrder));
    expect(await paymentsOf(rtoOrder)).toEqual([]);
    expect(await customerDeliveryOf(rtoOrder)).toMatchObject({ call: 'rto', payment_method: null, signature_guid: signature.guid, signature_from: 'customer' });
    expect(await balanceOf(server, rtoOrder)).toBe('3200.00');
  });
});

describe('customer deliver calls: refused, nothing stored', () => {
  it("wrong shapes name the field; another call's fields are refused", async () => {
    const id = order(6);
    const cases: [keyof typeof CUSTOMER_DELIVER, Record<string, unknown>, string][] = [
      ['cash', { customer_order_id: 'abc' }, 'customer_order_id'],
      ['cash', { signature_from: 'dog' }, 'signature_from'],
      ['cash', { signature_guid: 'not-a-uuid' }, 'signature_guid'],
      ['cash', { delivery_survey_answers: [{ driver_delivery_survey_question_id: 'x', answer: 'y' }] }, 'delivery_survey_answers'],
      ['no_payment', { payment_amount: '10' }, 'payment_amount'],
      ['cash', { check_guid: check.guid }, 'check_guid'],
      ['rto', { company_id: 2 }, 'company_id'],
    ];
    for (const [call, override, field] of cases) {
      const res = await post(call, signed(id, override));
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
      expect((res.body as { message: string }).message).toContain(field);
    }
    expect(await deliveriesOf(id)).toBe(0);
  });

  it('answers SPEC §5 codes: signature, check image, NaN amount; amounts and balance are checked', async () => {
    const id = order(6);
    const unsigned = await post('cash', customerBody(id, [photo], { payment_amount: '5' }));
    expect(unsigned.body).toEqual({ error: 'DeliverySignatureRequired', message: ERROR_TEXT.DeliverySignatureRequired, errors: ['DeliverySignatureRequired'] });
    const noCheck = await post('new_check', customerBody(id, [], { payment_amount: '5' }));
    expect(noCheck.body).toMatchObject({ errors: ['DeliveryPhotoRequired', 'DeliverySignatureRequired', 'CheckImageRequired'] });
    const nan = await post('cash', signed(id, { payment_amount: 'ten dollars' }));
    expect(nan.body).toMatchObject({ error: 'PaymentAmountIsNan', message: 'Payment amount is not a number' });
    // Issue 22: the phone's rules (src/domain/paymentRules.ts), answered with their identifiers.
    for (const amount of ['12.345', '-5', 'Infinity', '0']) {
      const bad = await post('cash', signed(id, { payment_amount: amount }));
      expect(bad.status, amount).toBe(400);
      expect(bad.body).toMatchObject({ error: 'InvalidAmount' });
    }
    const missing = await post('cash', signed(id, {}));
    expect(missing.body).toMatchObject({ error: 'PaymentAmountRequired', message: ERROR_TEXT.PaymentAmountRequired });
    const over = await post('cash', signed(id, { payment_amount: '500.01' }));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: 'PaymentExceedsBalance' });
    expect((over.body as { message: string }).message).toContain('500.01 of a remaining balance of 500.00');
    expect(await deliveriesOf(id)).toBe(0);
    expect(await balanceOf(server, id)).toBe('500.00');
  });

  it("signature and check must be this company's uploads in their folders; survey questions this company's", async () => {
    const id = order(6);
    const inPhotoFolder = await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 44, 'png');
    const ridgeSignature = await uploadTo(server, ridge, SIGNATURE_FOLDER, 45, 'png');
    for (const sig of [inPhotoFolder, ridgeSignature]) {
      const res = await post('no_payment', customerBody(id, [photo], signatureFields(sig)));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'DeliverySignatureRequired' });
    }
    const checkAsSignature = await post('new_check', signed(id, { check_guid: signature.guid, payment_amount: '5' }));
    expect(checkAsSignature.body).toMatchObject({ error: 'CheckImageRequired' });
    const [ridgeQuestion] = await surveyQuestions(server, await companyIdOf(server, RIDGE_DRIVER.email));
    const foreignQuestion = await post(
      'no_payment',
      signed(id, { delivery_survey_answers: [{ driver_delivery_survey_question_id: ridgeQuestion, answer: true }] }),
    );
    expect(foreignQuestion.status).toBe(400);
    expect(foreignQuestion.body).toMatchObject({ error: 'InvalidRequest' });
    const twice = await post(
      'no_payment',
      signed(id, { delivery_survey_answers: [questions[0], questions[0]].map((q) => ({ driver_delivery_survey_question_id: q, answer: 'a' })) }),
    );
    expect(twice.status).toBe(400);
    expect(await deliveriesOf(id)).toBe(0);
  });

  it("404 for another company's, another driver's, another kind's or an unknown order", async () => {
    const [ridgeOrder] = await liveOrderIds(server, RIDGE_DRIVER.email, 'customer');
    const [onlot] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    for (const other of [ridgeOrder, onlot, 2_000_000]) {
      const res = await post('no_payment', signed(other ?? 0));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
    }
    // Driver 2 with uploads of their own: driver 1's photos are not theirs to name (400 first).
    const summit2 = await server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password);
    const ownPhoto = await uploadTo(server, summit2, CUSTOMER_PHOTO_FOLDER, 44);
    const ownSignature = await uploadTo(server, summit2, SIGNATURE_FOLDER, 45, 'png');
    const otherDriver = await post('no_payment', customerBody(order(6), [ownPhoto], signatureFields(ownSignature)), { token: summit2 });
    expect(otherDriver.status).toBe(404);
    const ridgePhoto = await uploadTo(server, ridge, CUSTOMER_PHOTO_FOLDER, 46);
    const ridgeSignature = await uploadTo(server, ridge, SIGNATURE_FOLDER, 47, 'png');
    const ridgeOnSummit = await post('no_payment', customerBody(order(6), [ridgePhoto], signatureFields(ridgeSignature)), { token: ridge });
    expect(ridgeOnSummit.status).toBe(404);
    expect(await deliveriesOf(order(6))).toBe(0);
  });

  it('concurrent cash deliveries of one order: one commits, the balance drops once', async () => {
    const id = order(7);
    const results = await Promise.all(Array.from({ length: 4 }, () => post('cash', signed(id, { payment_amount: '100' }))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ error: 'OrderAlreadyDelivered' });
    expect(await balanceOf(server, id)).toBe('400.00');
    expect(await paymentsOf(id)).toHaveLength(1);
  });
});
