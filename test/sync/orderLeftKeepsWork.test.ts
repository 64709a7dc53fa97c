// A delivery queued offline for an order the office reassigned meanwhile, or that another
// driver delivered (issue 23 item 3). Before, the entry went to needs-attention with a bare
// "Not found", Fix and resubmit dropped it, and the driver's photos and signature could no
// longer be reached. Now: the entry names who has the order, nothing is charged, the draft and
// its images stay on the phone through later pulls, nothing retries by itself, and only the
// driver's Discard removes them. Given back to the driver, it may be sent again (Retry).
import { expect, it } from 'vitest';
import { readSession, type CustomerDraft } from '../../src/db';
import { dropDeliveredEntry, retryOutboxEntry } from '../../src/outbox';
import { SUMMIT_DRIVER2 } from '../integration/helpers';
import { activeEntries, DEMO_DRIVER, prepareDelivery, syncUntilSettled, useSyncServer, type Device } from '../support/device';

const DELIVER = /POST \/secure\/driver\/deliver_customer_order_with_existing_card/;
const CARD = '41999999999999999999';

const harness = useSyncServer();

const accountOf = async (email: string) => {
  const [row] = await harness.server.query<{ id: number; name: string }>("SELECT id, first_name || ' ' || last_name AS name FROM accounts WHERE email = $1", [
    email,
  ]);
  return { id: Number(row?.id), name: row?.name ?? '' };
};

/** A live, payable customer order of the demo driver with a saved card of its customer. */
async function payableOrder(): Promise<number> {
  const me = await accountOf(DEMO_DRIVER.email);
  const [row] = await harness.server.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN customer_order_billing b ON b.order_id = o.id
     WHERE o.driver_id = $1 AND o.kind = 'customer' AND NOT b.is_rto AND o.delivered_at IS NULL AND o.cancelled_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM order_former_drivers f WHERE f.order_id = o.id)
     ORDER BY o.id LIMIT 1`,
    [me.id],
  );
  const id = Number(row?.id);
  await harness.server.query('UPDATE customer_order_billing SET remaining_balance = 750 WHERE order_id = $1', [id]);
  await harness.server.query(
    `INSERT INTO customer_saved_cards (order_id, company_id, card_profile_id, last_four, brand, exp_month, exp_year)
     SELECT id, company_id, $2, '1881', 'Visa', 11, 2031 FROM orders WHERE id = $1`,
    [id, CARD],
  );
  return id;
}

/** The driver fills the form offline (two photos, the customer's signature, the saved card) and presses Deliver. */
async function queueOffline(device: Device, orderId: number): Promise<string> {
  device.net.offline = true;
  const doc = await device.db.customer_deliveries.findOne(`co-${orderId}`).exec();
  const question = doc?.server?.driver_delivery_survey_questions[0];
  const draft: Partial<CustomerDraft> = {
    signatureFrom: 'customer',
    surveyAnswers: question ? { [String(question.id)]: question.type === 'YESNO' ? true : 'All good' } : {},
    paymentMethod: 'CreditCard',
    cardSelection: 'ExistingCard',
    cardProfileId: CARD,
    paymentAmount: '120',
  };
  const entryId = await prepareDelivery(device, 'customer', orderId, { draft, signature: true, photos: 2 });
  await device.engine.syncNow();
  expect((await activeEntries(device))[0]?.status).toBe('queued');
  return entryId;
}

/** Nothing reached the server's books for the order: no delivery of ours, no payment, no card transaction. */
async function expectNothingCharged(orderId: number, deliveries: number): Promise<void> {
  const count = async (sql: string) => Number((await harness.server.query<{ n: number }>(sql, [orderId]))[0]?.n);
  expect(await count('SELECT count(*)::int n FROM deliveries WHERE order_id = $1')).toBe(deliveries);
  expect(await count('SELECT count(*)::int n FROM order_payments WHERE order_id = $1')).toBe(0);
  expect(await count('SELECT count(*)::int n FROM payment_transactions t JOIN orders o ON o.order_number = t.order_number WHERE o.id = $1')).toBe(0);
}

/** The entry's draft, photos and signature are on the phone, and the delivery screen has what it shows. */
async function expectWorkKept(device: Device, orderId: number, entryId: string): Promise<void> {
  const entry = await device.db.outbox.findOne(entryId).exec();
  const doc = await device.db.customer_deliveries.findOne(`co-${orderId}`).exec();
  const draft = doc?.draft;
  expect(draft?.photos).toHaveLength(2);
  expect(draft?.signature).not.toBeNull();
  expect(draft).toMatchObject({ paymentMethod: 'CreditCard', cardSelection: 'ExistingCard', cardProfileId: CARD, paymentAmount: '120' });
  expect(doc?.server).not.toBeNull();
  const images = [...(entry?.attachments.photos ?? []), entry?.attachments.signature].map((p) => p?.id ?? '');
  expect(images).toHaveLength(3);
  expect(await device.blobs.keys()).toEqual(expect.arrayContaining(images));
}

/** Two more runs later: still there, not tried again, the order itself gone from the list. */
async function expectKeptThroughPulls(device: Device, orderId: number, entryId: string): Promise<void> {
  const reached = device.net.reached(DELIVER);
  for (let run = 0; run < 2; run += 1) {
    device.clock.t += 10 * 60_000;
    await device.engine.syncNow();
  }
  expect(device.net.reached(DELIVER)).toBe(reached);
  expect((await device.db.outbox.findOne(entryId).exec())?.status).toBe('needs_attention');
  expect(await device.db.orders.findOne(`co-${orderId}`).exec()).toBeNull();
  await expectWorkKept(device, orderId, entryId);
}

/** Only the driver's Discard removes the entry, the draft and its images. */
async function discard(device: Device, orderId: number, entryId: string): Promise<void> {
  const session = await readSession(device.db);
  await dropDeliveredEntry(device.db, device.blobs, session!, entryId);
  expect(await device.db.outbox.findOne(entryId).exec()).toBeNull();
  expect(await device.db.customer_deliveries.findOne(`co-${orderId}`).exec()).toBeNull();
  expect(await device.blobs.keys()).toHaveLength(0);
}

it('reassigned while the phone was offline: "reassigned to <name>", nothing charged, the work kept until Discard', async () => {
  const orderId = await payableOrder();
  const colleague = await accountOf(SUMMIT_DRIVER2.email);
  const device = await harness.signedInDevice();
  const entryId = await queueOffline(device, orderId);

  await harness.server.query('UPDATE orders SET driver_id = $1 WHERE id = $2', [colleague.id, orderId]); // the office
  device.net.offline = false;
  await device.engine.syncNow('driver'); // the driver's Sync now: no back-off left from the offline try

  const entry = await device.db.outbox.findOne(entryId).exec();
  expect(entry?.status).toBe('needs_attention');
  expect(entry?.last_error).toMatchObject({ code: 'OrderReassigned', status: 409, holder: { assigned_to: colleague.name } });
  expect(device.net.reached(DELIVER)).toBe(1);
  await expectNothingCharged(orderId, 0);
  await expectWorkKept(device, orderId, entryId);
  await expectKeptThroughPulls(device, orderId, entryId);
  await expectNothingCharged(orderId, 0);
  await discard(device, orderId, entryId);
});

it('delivered by another driver meanwhile: "already delivered by <name>", nothing charged, the work kept until Discard', async () => {
  const orderId = await payableOrder();
  const colleague = await accountOf(SUMMIT_DRIVER2.email);
  const device = await harness.signedInDevice();
  const entryId = await queueOffline(device, orderId);

  // The office gives the order to a colleague, who delivers it from their own phone.
  await harness.server.query('UPDATE orders SET driver_id = $1 WHERE id = $2', [colleague.id, orderId]);
  const theirs = await harness.signedInDevice({}, SUMMIT_DRIVER2);
  await prepareDelivery(theirs, 'customer', orderId, { draft: { signatureFrom: 'customer', paymentMethod: 'NoPayment' }, signature: true, photos: 1 });
  await syncUntilSettled(theirs);
  const [delivered] = await harness.server.query<{ delivered_at: Date }>('SELECT delivered_at FROM orders WHERE id = $1', [orderId]);

  device.net.offline = false;
  await device.engine.syncNow('driver'); // the driver's Sync now: no back-off left from the offline try
  const entry = await device.db.outbox.findOne(entryId).exec();
  expect(entry?.status).toBe('needs_attention');
  expect(entry?.last_error).toMatchObject({
    code: 'OrderAlreadyDelivered',
    status: 409,
    holder: { delivered_by: colleague.name, delivered_at: new Date(delivered?.delivered_at ?? 0).toISOString() },
  });
  await expectNothingCharged(orderId, 1);
  await expectWorkKept(device, orderId, entryId);
  await expectKeptThroughPulls(device, orderId, entryId);
  await discard(device, orderId, entryId);
});

it('given back to the driver later: the refusal is marked, nothing resends by itself, Retry delivers and charges once', async () => {
  const orderId = await payableOrder();
  const [me, colleague] = [await accountOf(DEMO_DRIVER.email), await accountOf(SUMMIT_DRIVER2.email)];
  const device = await harness.signedInDevice();
  const entryId = await queueOffline(device, orderId);
  await harness.server.query('UPDATE orders SET driver_id = $1 WHERE id = $2', [colleague.id, orderId]);
  device.net.offline = false;
  await device.engine.syncNow('driver');
  expect((await device.db.outbox.findOne(entryId).exec())?.last_error).toMatchObject({ code: 'OrderReassigned' });
  expect(await device.db.orders.findOne(`co-${orderId}`).exec()).toBeNull();

  await harness.server.query('UPDATE orders SET driver_id = $1 WHERE id = $2', [me.id, orderId]); // the office gives it back
  device.clock.t += 10 * 60_000;
  await device.engine.syncNow();
  expect(await device.db.orders.findOne(`co-${orderId}`).exec()).not.toBeNull();
  const entry = await device.db.outbox.findOne(entryId).exec();
  expect(entry?.status).toBe('needs_attention');
  expect(entry?.last_error).toMatchObject({ code: 'OrderReassigned', order_back: true });
  expect(device.net.reached(DELIVER)).toBe(1);
  await expectWorkKept(device, orderId, entryId);

  const session = await readSession(device.db);
  await retryOutboxEntry(device.db, session!, entryId);
  await syncUntilSettled(device);
  expect(device.net.reached(DELIVER)).toBe(2);
  const count = async (sql: string) => Number((await harness.server.query<{ n: number }>(sql, [orderId]))[0]?.n);
  expect(await count('SELECT count(*)::int n FROM deliveries WHERE order_id = $1 AND driver_id = ' + String(me.id))).toBe(1);
  expect(await count('SELECT count(*)::int n FROM order_payments WHERE order_id = $1 AND amount = 120')).toBe(1);
  expect(await device.db.customer_deliveries.findOne(`co-${orderId}`).exec()).toBeNull();
  expect(await device.blobs.keys()).toHaveLength(0);
});
