// Happy-list results as data (issue 22 item 4): a customer delivery records every item of the
// order's list with whether it was ticked; the delivery log answers them per delivery and the
// certificate names them item by item; an item not on the order's list refuses the delivery
// and nothing is written.
import { beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_PATH, CUSTOMER_DELIVER, PROFILE_API, type DeliveryLogResponse } from '../../src/domain';
import type { TestServer } from '../support/server';
import {
  CUSTOMER_PHOTO_FOLDER,
  SIGNATURE_FOLDER,
  assignLiveCustomerOrders,
  countRows,
  customerBody,
  setBilling,
  signatureFields,
  uploadTo,
  type Uploaded,
} from './deliveryFixtures';
import { SUMMIT_DRIVER, call, postJson, useTestServer } from './helpers';
import { downloadFile, readPdf } from './pdfText';

let server: TestServer;
let summit: string;
let ids: number[];
let signature: Uploaded;
let photo: Uploaded;

useTestServer({ summit: SUMMIT_DRIVER }, (s) => ({ server, summit } = s));
beforeAll(async () => {
  ids = await assignLiveCustomerOrders(server, SUMMIT_DRIVER.email);
  for (const id of ids.slice(0, 2)) await setBilling(server, id, { balance: '300.00' });
  signature = await uploadTo(server, summit, SIGNATURE_FOLDER, 71, 'png');
  photo = await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 72);
});

const order = (i: number): number => ids[i] ?? 0;

interface Item {
  item: string;
  text: string;
}

/** The order's happy list as the delivery details show it, with three items at least. */
async function listOf(orderId: number): Promise<Item[]> {
  const items = await server.query<Item>('SELECT item, text FROM happy_list_items WHERE order_id = $1 ORDER BY position', [orderId]);
  expect(items.length, `order ${orderId} has a happy list`).toBeGreaterThanOrEqual(3);
  return items;
}

const deliverCash = (orderId: number, happy: unknown[]) =>
  postJson<{ error?: string; message?: string }>(
    server,
    CUSTOMER_DELIVER.cash.path,
    customerBody(orderId, [photo], { ...signatureFields(signature), payment_amount: '100.00', happy_list_results: happy }),
    { token: summit },
  );

describe('happy-list results of a customer delivery', () => {
  it('are read back in the delivery log and named item by item in the certificate, ticked ones checked', async () => {
    const list = await listOf(order(0));
    const ticked = list.slice(0, 2);
    const res = await deliverCash(
      order(0),
      ticked.map((i) => ({ ...i, value: true })),
    );
    expect(res.status, res.text).toBe(200);
    const expected = list.map((i, n) => ({ item: i.item, text: i.text, value: n < 2 }));

    const log = await call<DeliveryLogResponse>(server, PROFILE_API.logList, { token: summit });
    expect(log.status, log.text).toBe(200);
    const entry = log.body.deliveries.find((d) => d.customer_order_id === order(0));
    expect(entry?.happy_list_results).toEqual(expected);
    // Other deliveries answer the field too, empty when nothing was recorded.
    expect(log.body.deliveries.every((d) => Array.isArray(d.happy_list_results))).toBe(true);

    const generated = await call(server, CERTIFICATE_PATH, {
      method: 'POST',
      body: JSON.stringify({ customer_order_id: order(0) }),
      token: summit,
      headers: { 'content-type': 'application/json' },
    });
    expect(generated.status, generated.text).toBe(200);
    const file = await downloadFile(server, generated.text, summit);
    expect(file.status).toBe(200);
    const { text } = await readPdf(file.bytes);
    expect(text).toContain('Happy list');
    for (const { item, value } of expected) expect(text, item).toContain(`${value ? '[x]' : '[  ]'} ${item}`);
  });

  it("refuses an item that is not on the order's list with 400 InvalidRequest, and writes nothing", async () => {
    const [first] = await listOf(order(1));
    const before = await countRows(server, 'SELECT 1 FROM delivery_happy_list_results', []);
    const res = await deliverCash(order(1), [
      { ...first, value: true },
      { item: 'Hot tub', text: 'Hot tub filled', value: true },
    ]);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toBe('InvalidRequest');
    expect(res.body.message).toContain('"Hot tub" is not on this order\'s happy list');
    expect(await countRows(server, 'SELECT 1 FROM deliveries WHERE order_id = $1', [order(1)])).toBe(0);
    expect(await countRows(server, 'SELECT 1 FROM order_payments WHERE order_id = $1', [order(1)])).toBe(0);
    expect(await countRows(server, 'SELECT 1 FROM delivery_happy_list_results', [])).toBe(before);
    const [billing] = await server.query<{ b: string }>('SELECT remaining_balance::text b FROM customer_order_billing WHERE order_id = $1', [order(1)]);
    expect(billing?.b).toBe('300.00');

    const twice = await deliverCash(order(1), [
      { ...first, value: true },
      { ...first, value: true },
    ]);
    expect(twice.status, twice.text).toBe(400);
    expect(twice.body.message).toBe('happy_list_results names an item twice');
  });

  it('an order names each item once: a list with an item twice cannot be stored (it could never be delivered)', async () => {
    // Before: the office could store it, the phone queued the delivery, and the server refused
    // it after the driver had left with 409 OrderAlreadyDelivered, on an order not delivered.
    const [first] = await listOf(order(2));
    const stored = server.query(
      'INSERT INTO happy_list_items (order_id, company_id, item, text, position) SELECT order_id, company_id, item, text, 99 FROM happy_list_items WHERE order_id = $1 AND item = $2',
      [order(2), first?.item],
    );
    await expect(stored).rejects.toThrow(/happy_list_items_order_item_key/);
  });

  it("the demo data: every seeded customer delivery has its order's happy list recorded", async () => {
    const missing = await countRows(
      server,
      `SELECT cd.delivery_id FROM customer_deliveries cd JOIN happy_list_items h ON h.order_id = cd.order_id
       LEFT JOIN delivery_happy_list_results r ON r.delivery_id = cd.delivery_id AND r.item = h.item
       WHERE r.delivery_id IS NULL`,
      [],
    );
    expect(missing).toBe(0);
    expect(await countRows(server, 'SELECT 1 FROM delivery_happy_list_results WHERE value', [])).toBeGreaterThan(0);
    expect(await countRows(server, 'SELECT 1 FROM delivery_happy_list_results WHERE NOT value', [])).toBeGreaterThan(0);
  });
});
