// POST /secure/driver/generate_delivery_certificate and GET /files/certificates/<guid>.pdf:
// a real PDF (parsed back with pdf-lib: pages, text, embedded images), stored once per
// layout, downloadable by its own company only; failures are "ERROR:" texts in {error, message}.
import { beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_PATH, CUSTOMER_DELIVER } from '../../src/domain';
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
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, newKey, postJson, useTestServer } from './helpers';
import { downloadFile, readPdf } from './pdfText';

let server: TestServer;
let summit: string;
let ridge: string;
let ids: number[];
let photos: Uploaded[];
let signature: Uploaded;

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));
beforeAll(async () => {
  ids = await assignLiveCustomerOrders(server, SUMMIT_DRIVER.email);
  for (const id of ids) await setBilling(server, id, { balance: '400.00' });
  photos = [
    await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 61),
    await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 62, 'png'),
    await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 63),
  ];
  signature = await uploadTo(server, summit, SIGNATURE_FOLDER, 64, 'png');
  const cash = await postJson(server, CUSTOMER_DELIVER.cash.path, customerBody(order(0), photos, { ...signatureFields(signature), payment_amount: '125' }), {
    token: summit,
  });
  expect(cash.status, cash.text).toBe(200);
  await setBilling(server, order(1), { isRto: true, balance: '2400.00' });
  await server.query("UPDATE customer_order_billing SET rto_company_name = 'Keystone Rent-To-Own' WHERE order_id = $1", [order(1)]);
  const rto = await postJson(server, CUSTOMER_DELIVER.rto.path, customerBody(order(1), photos.slice(0, 1), signatureFields(signature)), { token: summit });
  expect(rto.status, rto.text).toBe(200);
});

const order = (i: number): number => ids[i] ?? 0;
const generate = (body: unknown, opts: { token?: string; key?: string; zone?: string } = {}) =>
  call(server, CERTIFICATE_PATH, {
    method: 'POST',
    body: JSON.stringify(body),
    token: opts.token ?? summit,
    headers: { 'content-type': 'application/json', ...(opts.key ? { 'idempotency-key': opts.key } : {}), ...(opts.zone ? { 'x-time-zone': opts.zone } : {}) },
  });

const download = (url: string, token = summit) => downloadFile(server, url, token);

describe('generate delivery certificate', () => {
  it('renders a real PDF once: details, signature and photos; the answer is the download URL as text', async () => {
    const key = newKey();
    const res = await generate({ customer_order_id: order(0), use_report2: false }, { key, zone: 'America/New_York' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^\/files\/certificates\/[0-9a-f-]{36}\.pdf$/);
    const replay = await generate({ customer_order_id: order(0), use_report2: false }, { key, zone: 'America/New_York' });
    expect(replay.text).toBe(res.text);
    const reused = await generate({ customer_order_id: order(0), use_report2: true }, { key });
    expect(reused.status).toBe(422);
    const again = await generate({ customer_order_id: order(0) });
    expect(again.text).toBe(res.text);
    expect(await countRows(server, 'SELECT 1 FROM delivery_certificates WHERE order_id = $1', [order(0)])).toBe(1);

    const file = await download(res.text);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(Buffer.from(file.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const [row] = await server.query<{
      byte_size: number;
      layout: string;
      serial_number: string;
      order_number: string;
      address: string;
      first: string;
      last: string;
    }>(
      `SELECT c.byte_size, c.layout, o.serial_number, o.order_number, o.delivery_address address, o.customer_first_name first, o.customer_last_name last
       FROM delivery_certificates c JOIN orders o ON o.id = c.order_id WHERE c.order_id = $1`,
      [order(0)],
    );
    expect(row).toMatchObject({ byte_size: file.bytes.length, layout: 'report1' });
    const pdf = await readPdf(file.bytes);
    expect(pdf.pages).toBe(3); // details + photos two per page
    expect(pdf.images).toBe(4); // three photos and the signature
    for (const expected of [
      row?.serial_number,
      row?.order_number,
      row?.address,
      `${row?.first} ${row?.last}`,
      'Summit Sheds',
      'Certificate of Delivery',
      'Dale Hostetler',
      'Cash $125.00',
      '$275.00',
      '03/03/2026 11:10 AM',
      '37',
      'Doors face the driveway',
      'Signed by the customer',
    ]) {
      expect(pdf.text, expected).toContain(expected);
    }
  });

  it('use_report2: one page with thumbnails; an RTO delivery names its RTO company', async () => {
    const res = await generate({ customer_order_id: order(1), use_report2: true });
    expect(res.status, res.text).toBe(200);
    const pdf = await readPdf((await download(res.text)).bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.images).toBe(2);
    expect(pdf.text).toContain('Rent-to-own (Keystone Rent-To-Own): no payment collected at delivery');
    const report1 = await generate({ customer_order_id: order(1), use_report2: false });
    expect(report1.text).not.toBe(res.text);
    expect(await countRows(server, 'SELECT 1 FROM delivery_certificates WHERE order_id = $1', [order(1)])).toBe(2);
  });

  it('failures: bad input 400, not delivered 409, anything not the driver\'s 404 — each an "ERROR:" message', async () => {
    const bad = await generate({ customer_order_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'InvalidRequest' });
    expect(bad.text).toContain('ERROR: customer_order_id');
    expect((await generate({ customer_order_id: order(0), extra: 1 })).status).toBe(400);
    const undelivered = await generate({ customer_order_id: order(2) });
    expect(undelivered.status).toBe(409);
    expect(undelivered.body).toEqual({
      error: 'FailedToGenerateDeliveryCertificate',
      message: 'ERROR: Failed to generate delivery certificate: the order has not been delivered yet',
    });
    const [onlot] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const summit2 = await server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password);
    for (const [id, token] of [
      [onlot ?? 0, summit],
      [2_000_000, summit],
      [order(0), ridge],
      [order(0), summit2],
    ] as const) {
      const res = await generate({ customer_order_id: id }, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'ERROR: Not found' });
    }
  });

  it('the PDF downloads for its own company only', async () => {
    const url = (await generate({ customer_order_id: order(0) })).text;
    expect((await download(url, ridge)).status).toBe(404);
    expect((await download(url.replace(/[0-9a-f]{4}\.pdf$/, '0000.pdf'))).status).toBe(404);
    expect((await download('/files/certificates/not-a-guid.pdf')).status).toBe(404);
    const anonymous = await fetch(`${server.url}${url}`);
    expect(anonymous.status).toBe(401);
  });

  it('the demo data: every seeded customer delivery has its call recorded, and the latest certificates show a signature and photos', async () => {
    const missing = await countRows(
      server,
      `SELECT 1 FROM deliveries d LEFT JOIN customer_deliveries c ON c.delivery_id = d.id
      WHERE d.kind = 'customer' AND c.delivery_id IS NULL AND d.order_id NOT IN (${order(0)}, ${order(1)})`,
      [],
    );
    expect(missing).toBe(0);
    expect(await countRows(server, "SELECT 1 FROM order_payments WHERE source <> 'cash'", [])).toBeGreaterThan(0);
    const [seeded] = await server.query<{ order_id: number; serial_number: string }>(
      `SELECT c.order_id, o.serial_number FROM customer_deliveries c JOIN orders o ON o.id = c.order_id JOIN deliveries d ON d.id = c.delivery_id
       JOIN accounts a ON a.id = d.driver_id WHERE a.email = $1 AND c.signature_guid IS NOT NULL AND o.id <> ALL($2::int[]) ORDER BY c.order_id LIMIT 1`,
      [SUMMIT_DRIVER.email, [order(0), order(1)]],
    );
    expect(seeded).toBeDefined();
    const res = await generate({ customer_order_id: seeded?.order_id ?? 0, use_report2: true });
    expect(res.status, res.text).toBe(200);
    const pdf = await readPdf((await download(res.text)).bytes);
    expect(pdf.images).toBe(3);
    expect(pdf.text).toContain(seeded?.serial_number);
  });
});
