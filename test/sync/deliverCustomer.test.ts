import { beforeEach, describe, expect, it } from 'vitest';
import type { CustomerDraft } from '../../src/db';
import { readSession } from '../../src/db';
import { authorizeNewCard } from '../../src/replication/cardAuth';
import { activeEntries, DEMO_DRIVER, orderIdsOf, prepareDelivery, syncUntilSettled, useSyncServer, type Device } from '../support/device';
import type { TestServer } from '../support/server';

// Every customer payment path and the move kind through the real engine and the real server,
// with the network failing as a rural phone's does: offline first, a 5xx burst and a lost
// answer on the deliver call, and the tab killed in the middle of the follow-ups. Each ends
// with exactly one delivery, one payment, one certificate and each email once.

const DRIVER = DEMO_DRIVER;

interface CustomerOrder {
  id: number;
  is_rto: boolean;
  balance: number;
  check_id: number | null;
  card: string | null;
}
let pool: CustomerOrder[] = [];
let server: TestServer;

const harness = useSyncServer(async ({ server: s }) => {
  server = s;
  // More payable orders than the demo seed gives one driver: the second driver's customer
  // orders move to this one, and the unpaid ones get a balance.
  await server.query(
    `UPDATE orders SET driver_id = (SELECT id FROM accounts WHERE email = $1)
    WHERE kind = 'customer' AND driver_id = (SELECT id FROM accounts WHERE email = 'driver2@summit.test')`,
    [DRIVER.email],
  );
  await server.query(
    `UPDATE customer_order_billing b SET remaining_balance = 750 FROM orders o JOIN accounts a ON a.id = o.driver_id
    WHERE b.order_id = o.id AND a.email = $1 AND NOT b.is_rto AND b.remaining_balance = 0 AND o.delivered_at IS NULL`,
    [DRIVER.email],
  );
  pool = await server.query<CustomerOrder>(
    `
    SELECT o.id, coalesce(b.is_rto, false) is_rto, coalesce(b.remaining_balance, 0)::float balance,
      (SELECT min(c.id) FROM customer_order_checks c WHERE c.order_id = o.id) check_id,
      (SELECT min(s.card_profile_id) FROM customer_saved_cards s WHERE s.order_id = o.id) card
    FROM orders o JOIN accounts a ON a.id = o.driver_id LEFT JOIN customer_order_billing b ON b.order_id = o.id
    WHERE a.email = $1 AND o.kind = 'customer' AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.id`,
    [DRIVER.email],
  );
});
const signedInDevice = (opts: Parameters<typeof harness.signedInDevice>[0] = {}) => harness.signedInDevice(opts);

/** The first free order that fits, preferring one without saved checks or cards (scarce). */
function take(test: (o: CustomerOrder) => boolean): CustomerOrder {
  const plain = pool.findIndex((o) => test(o) && o.check_id === null && o.card === null);
  const index = plain >= 0 ? plain : pool.findIndex(test);
  const [order] = index >= 0 ? pool.splice(index, 1) : [];
  if (!order) throw new Error('no seeded customer order fits');
  return order;
}

let since = new Date();
beforeEach(() => {
  since = new Date();
});

/** What reached the server for the order; emails are the ones sent since the test began (tests run one at a time). */
async function outcome(orderId: number) {
  const count = async (sql: string) => Number((await server.query<{ n: string }>(sql, [orderId]))[0]?.n ?? 0);
  const emails = await server.query<{ template: string | null; recipient: string; n: string }>(
    `SELECT template, recipient, count(*)::text n FROM email_log WHERE created_at >= $1 AND status = 'sent' GROUP BY template, recipient`,
    [since],
  );
  return {
    deliveries: await count('SELECT count(*)::text n FROM deliveries WHERE order_id = $1'),
    payments: await count('SELECT count(*)::text n FROM order_payments WHERE order_id = $1'),
    certificates: await count('SELECT count(*)::text n FROM delivery_certificates c JOIN deliveries d ON d.id = c.delivery_id WHERE d.order_id = $1'),
    emails,
  };
}

async function expectOnce(orderId: number, opts: { payment: boolean; certificate: boolean }) {
  const got = await outcome(orderId);
  expect(got.deliveries).toBe(1);
  expect(got.payments).toBe(opts.payment ? 1 : 0);
  expect(got.certificates).toBe(opts.certificate ? 1 : 0);
  expect(got.emails.length).toBeGreaterThan(0);
  for (const row of got.emails) expect(Number(row.n), `${row.template} → ${row.recipient}`).toBe(1);
  return got;
}

async function customerDraft(device: Device, order: CustomerOrder, extra: Partial<CustomerDraft>): Promise<Partial<CustomerDraft>> {
  const doc = await device.db.customer_deliveries.findOne(`co-${order.id}`).exec();
  const question = doc?.server?.driver_delivery_survey_questions[0];
  return {
    signatureFrom: 'customer',
    happyList: doc?.server?.happy_list_results.slice(0, 2).map((i) => i.item) ?? [],
    surveyAnswers: question ? { [String(question.id)]: question.type === 'YESNO' ? true : 'All good' } : {},
    ...extra,
  };
}

async function authorized(device: Device, orderId: number, amount: string) {
  const outcome = await authorizeNewCard(device.engine.http, {
    customerOrderId: orderId,
    cardNumber: '4111111111111111',
    expMonth: '12',
    expYear: '30',
    cvv: '737',
    amount,
    billingZip: '17601',
    paymentProcessingAccountId: null,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.card;
}

/** Offline, then back with a 503 burst and a lost answer on the deliver call, then settled. */
async function deliverThroughFaults(device: Device, path: RegExp) {
  device.net.offline = true;
  await device.engine.syncNow();
  expect((await activeEntries(device))[0]?.status).toBe('queued');
  device.net.offline = false;
  device.net.inject(path, { kind: 'status', status: 503 }, 2);
  device.net.inject(path, { kind: 'lose-response' }, 1);
  await syncUntilSettled(device, 20);
  expect(device.net.reached(path)).toBe(2); // the lost one committed; the replay answered from the key
}

const PATHS = {
  cash: { match: (o: CustomerOrder) => !o.is_rto && o.balance >= 10, draft: { paymentMethod: 'Cash', paymentAmount: '10' }, payment: true },
  no_payment: { match: (o: CustomerOrder) => !o.is_rto, draft: { paymentMethod: 'NoPayment' }, payment: false },
  new_check: {
    match: (o: CustomerOrder) => !o.is_rto && o.balance >= 10,
    draft: { paymentMethod: 'Check', checkSelection: 'NewCheck', paymentAmount: '10' },
    payment: true,
    check: true,
  },
  saved_check: {
    match: (o: CustomerOrder) => !o.is_rto && o.balance >= 10 && o.check_id !== null,
    draft: { paymentMethod: 'Check', checkSelection: 'SavedCheck', paymentAmount: '10' },
    payment: true,
  },
  existing_card: {
    match: (o: CustomerOrder) => !o.is_rto && o.balance >= 10 && o.card !== null,
    draft: { paymentMethod: 'CreditCard', cardSelection: 'ExistingCard', paymentAmount: '10' },
    payment: true,
  },
  new_card: {
    match: (o: CustomerOrder) => !o.is_rto && o.balance >= 10,
    draft: { paymentMethod: 'CreditCard', cardSelection: 'NewCard', paymentAmount: '10' },
    payment: true,
  },
  rto: { match: (o: CustomerOrder) => o.is_rto, draft: {}, payment: false },
} as const;

describe('customer deliveries through the outbox', () => {
  for (const [call, spec] of Object.entries(PATHS)) {
    it(`${call}: offline, 5xx, a lost answer — one delivery, ${spec.payment ? 'one payment' : 'no payment'}, one certificate, each email once`, async () => {
      const device = await signedInDevice();
      const order = take(spec.match);
      const draft = await customerDraft(device, order, {
        ...(spec.draft as Partial<CustomerDraft>),
        ...(call === 'saved_check' ? { customerOrderSavedCheckId: order.check_id } : {}),
        ...(call === 'existing_card' ? { cardProfileId: order.card } : {}),
        // A new card is authorized online first (PAN and CVV in memory); the delivery then queues.
        ...(call === 'new_card' ? { newCard: await authorized(device, order.id, '10.00') } : {}),
      });
      await prepareDelivery(device, 'customer', order.id, { draft, signature: true, check: 'check' in spec });
      const [entry] = await activeEntries(device);
      expect(entry?.kind).toBe(`deliver_customer_${call}`);
      await deliverThroughFaults(device, new RegExp(`POST /secure/driver/deliver_customer_order_`));
      const got = await expectOnce(order.id, { payment: spec.payment, certificate: true });
      const templates = new Set(got.emails.map((e) => e.template));
      expect(templates.has('office-admin-order-delivered')).toBe(true);
      if (call === 'rto') expect(templates.has('rto-order-delivered')).toBe(true);
      const [stored] = await server.query<{ payload: { happy_list_results?: unknown[]; signature_from?: string } }>(
        'SELECT payload FROM deliveries WHERE order_id = $1',
        [order.id],
      );
      expect(stored?.payload.signature_from).toBe('customer');
      expect(stored?.payload.happy_list_results?.length).toBe((draft.happyList ?? []).length);
      // Done: the local draft, its images and the list row are gone; the entry is done.
      expect(await device.db.customer_deliveries.findOne(`co-${order.id}`).exec()).toBeNull();
      expect(await activeEntries(device)).toHaveLength(0);
      expect(await device.blobs.keys()).toHaveLength(0);
    });
  }

  it('survives the tab being killed between every pair of steps: deliver→certificate→each email', async () => {
    let device = await signedInDevice({ timeoutMs: 600_000 });
    const order = take(PATHS.cash.match);
    await prepareDelivery(device, 'customer', order.id, {
      draft: await customerDraft(device, order, PATHS.cash.draft as Partial<CustomerDraft>),
      signature: true,
    });
    const boundaries = [
      /POST \/secure\/driver\/generate_delivery_certificate/,
      /GET \/api\/driver\/email-info\/customer-order-delivered/,
      /POST \/secure\/report\/email_office_admin/,
    ];
    for (const boundary of boundaries) {
      device.net.inject(boundary, { kind: 'hang' });
      void device.engine.syncNow();
      for (let i = 0; i < 300 && !device.net.log.some((l) => boundary.test(l)); i++) await new Promise((r) => setTimeout(r, 20));
      device.killed = true;
      // The dead tab's database handle goes too (RxDB counts open collections per realm).
      await harness.forget(device);
      const next = await harness.device({ idb: device.idb, timeoutMs: 600_000 });
      device = next;
    }
    await syncUntilSettled(device, 20);
    await expectOnce(order.id, { payment: true, certificate: true });
  });

  it('a declined saved card needs attention; switched to cash it delivers, one charge attempt per submission', async () => {
    const device = await signedInDevice();
    const order = take((o) => !o.is_rto && o.balance >= 10);
    // A saved card the sandbox declines (its documented decline profile) on this order.
    const declined = '41000000000000000009';
    const [company] = await server.query<{ company_id: number }>('SELECT company_id FROM orders WHERE id = $1', [order.id]);
    await server.query(
      `INSERT INTO card_tokens (token, company_id, brand, first_four, last_four, sandbox_outcome) VALUES ('9000000000000009', $1, 'VISA', '4000', '0002', 'decline')`,
      [company?.company_id],
    );
    await server.query(
      `INSERT INTO card_profiles (profile_id, company_id, customer_order_id, token, expiration, name, billing_zip) VALUES ($3, $1, $2, '9000000000000009', '1131', 'Test Customer', '17527')`,
      [company?.company_id, order.id, declined],
    );
    await server.query(
      `INSERT INTO customer_saved_cards (order_id, company_id, card_profile_id, last_four, brand, exp_month, exp_year)
      SELECT id, company_id, $2, '0002', 'Visa', 11, 2031 FROM orders WHERE id = $1`,
      [order.id, declined],
    );
    // The office's change reaches the phone with the order (the phone offers only cards it was sent).
    await server.query('UPDATE orders SET updated_at = clock_timestamp() WHERE id = $1', [order.id]);
    await device.engine.syncNow();
    await prepareDelivery(device, 'customer', order.id, {
      draft: await customerDraft(device, order, { paymentMethod: 'CreditCard', cardSelection: 'ExistingCard', cardProfileId: declined, paymentAmount: '10' }),
      signature: true,
    });
    device.net.offline = true;
    await device.engine.syncNow();
    device.net.offline = false;
    await syncUntilSettled(device);
    const [stuck] = await activeEntries(device);
    expect(stuck?.status).toBe('needs_attention');
    expect(stuck?.last_error?.code).toBe('FailedToDeliverOrderWithAnExistingCard');
    const attempts = async () =>
      Number((await server.query<{ n: string }>(`SELECT count(*)::text n FROM charge_attempts WHERE order_id = $1`, [order.id]))[0]?.n ?? 0);
    expect(await attempts()).toBe(1);
    // The decline's answer lost on the way, the driver presses Retry: the same submission is
    // answered from its remembered attempt, and the card is not charged again.
    const { retryOutboxEntry } = await import('../../src/outbox');
    device.net.inject(/POST \/secure\/driver\/deliver_customer_order_with_existing_card/, { kind: 'lose-response' });
    await retryOutboxEntry(device.db, (await readSession(device.db))!, stuck!.id);
    await syncUntilSettled(device);
    expect((await activeEntries(device))[0]?.status).toBe('needs_attention');
    expect(await attempts()).toBe(1);
    expect((await outcome(order.id)).deliveries).toBe(0);
    // The driver discards, switches to cash and delivers again.
    const session = await readSession(device.db);
    const { discardOutboxEntry, queueDelivery } = await import('../../src/outbox');
    const { patchDraft } = await import('../../src/db');
    await discardOutboxEntry(device.db, session!, stuck!.id);
    const draft = await device.db.customer_deliveries.findOne(`co-${order.id}`).exec();
    expect(draft?.draft.deliveryError).toContain('Failed to deliver order with an existing card');
    await patchDraft(device.db, session!, 'customer', order.id, { paymentMethod: 'Cash', cardSelection: null });
    expect((await queueDelivery(device.db, session!, 'customer', order.id)).ok).toBe(true);
    await syncUntilSettled(device);
    await expectOnce(order.id, { payment: true, certificate: true });
    expect(await attempts()).toBe(1);
  });
});

describe('move orders through the outbox', () => {
  it('offline, 5xx, a lost answer — one delivery and the office-admin email once', async () => {
    const device = await signedInDevice();
    const [moveId] = await orderIdsOf(device, 'move');
    expect(moveId).toBeDefined();
    await prepareDelivery(device, 'move', moveId!, { photos: 2 });
    expect((await activeEntries(device))[0]?.kind).toBe('deliver_move');
    await deliverThroughFaults(device, /POST \/secure\/driver\/deliver_inventory_move_order/);
    const got = await outcome(moveId!);
    expect(got.deliveries).toBe(1);
    expect(got.emails.map((e) => e.template)).toEqual(['office-admin-order-delivered']);
    for (const row of got.emails) expect(Number(row.n)).toBe(1);
    const [stored] = await server.query<{ gps_lat: number; n: string }>(
      'SELECT d.gps_lat, (SELECT count(*)::text FROM delivery_images i WHERE i.delivery_id = d.id) n FROM deliveries d WHERE d.order_id = $1',
      [moveId],
    );
    expect(stored).toMatchObject({ gps_lat: 39.1, n: '2' });
  });
});

describe('prefetch for offline use', () => {
  it("pulls every order's delivery details, notes and (customer) saved checks, pausing 400 ms after every 10 (SPEC §7), and refetches only what changed", async () => {
    const pauses: number[] = [];
    const device = await signedInDevice({
      sleep: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
    });
    const rows = await device.db.orders.find().exec();
    const customers = await device.db.customer_deliveries.find().exec();
    const moves = await device.db.move_deliveries.find().exec();
    const onlots = await device.db.onlot_deliveries.find().exec();
    expect(customers.length).toBe(rows.filter((o) => o.customer_order_id !== null).length);
    expect(moves.length).toBe(rows.filter((o) => o.inventory_move_order_id !== null).length);
    expect(onlots.length).toBe(rows.filter((o) => o.onlot_inventory_order_id !== null).length);
    expect(customers.every((d) => d.server !== null && Array.isArray(d.saved_checks) && Array.isArray(d.notes))).toBe(true);
    expect([...moves, ...onlots].every((d) => d.server !== null && Array.isArray(d.notes))).toBe(true);
    // Notes the office wrote are there to read offline.
    const [noted] = await server.query<{ order_id: number; note: string }>(
      `SELECT n.order_id, n.note FROM order_notes n JOIN orders o ON o.id = n.order_id JOIN accounts a ON a.id = o.driver_id
        WHERE a.email = $1 AND o.kind = 'customer' AND o.delivered_at IS NULL ORDER BY n.id LIMIT 1`,
      [DRIVER.email],
    );
    if (noted) expect(customers.find((d) => d.order_id === noted.order_id)?.notes?.map((n) => n.note)).toContain(noted.note);
    const fetched = device.net.reached(/GET \/api\/driver\/saved-checks/);
    expect(fetched).toBe(customers.length);
    // Every kind's orders in one prefetch (the due ones first), the scheduled orders' schedule
    // details beside it under the same throttle.
    const scheduled = rows.filter((o) => o.is_scheduled_for_delivery).length;
    const batches = Math.floor((customers.length + moves.length + onlots.length) / 10) + Math.floor(scheduled / 10);
    expect(pauses).toEqual(Array.from({ length: batches }, () => 400));
    const detailCalls = () => device.net.reached(/GET \/api\/driver\/(customer-order|inventory-move-order|onlot-inventory-order)-details/);
    const before = detailCalls();
    await device.engine.syncNow();
    expect(device.net.reached(/GET \/api\/driver\/saved-checks/)).toBe(fetched);
    expect(detailCalls()).toBe(before);
  });
});
