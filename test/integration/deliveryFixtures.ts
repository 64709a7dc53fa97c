// Fixtures of the deliveries suites: uploads to a named folder, customer deliver bodies, and
// the orders-area rows a customer delivery reads (billing/balance/RTO, saved checks, survey
// questions, saved cards), written with SQL so the suites do not depend on the demo seed.
import type { TestServer } from '../support/server';
import { makeImage, uploadFiles } from './helpers';

export const SIGNATURE_FOLDER = '/deliver-customer-order/signature';
export const CHECK_FOLDER = '/deliver-customer-order/check';
export const CUSTOMER_PHOTO_FOLDER = '/deliver-customer-order/delivery';
export const MOVE_PHOTO_FOLDER = '/deliver-inventory-move-order/delivery';

export interface Uploaded {
  guid: string;
  extension: 'jpg' | 'png';
  mime_type: 'image/jpeg' | 'image/png';
  download_urls: string[];
}

/** Uploads one fresh image to `folder` and answers its image record. */
export async function uploadTo(server: TestServer, token: string, folder: string, seed: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Uploaded> {
  const bytes = await makeImage(format, seed, { width: 120, height: 80 });
  const res = await uploadFiles(server, token, [{ bytes, name: `f${seed}.${format === 'jpeg' ? 'jpg' : 'png'}`, type: `image/${format}` }], { folder });
  if (res.status !== 200) throw new Error(`upload failed ${res.status} ${res.text}`);
  const path = (res.body as { path: string }[])[0]?.path ?? '';
  const guid = /\/files\/([0-9a-f-]{36})\./.exec(path)?.[1];
  if (!guid) throw new Error(`unexpected upload answer ${res.text}`);
  return format === 'jpeg'
    ? { guid, extension: 'jpg', mime_type: 'image/jpeg', download_urls: [path] }
    : { guid, extension: 'png', mime_type: 'image/png', download_urls: [path] };
}

export function signatureFields(signature: Uploaded): Record<string, unknown> {
  return {
    signature_guid: signature.guid,
    signature_mimetype: signature.mime_type,
    signature_extension: signature.extension,
    signature_url: signature.download_urls[0],
    signature_from: 'customer',
  };
}

export function customerBody(orderId: number, photos: Uploaded[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customer_order_id: orderId,
    date_delivered: '2026-03-03T16:10:00.000Z',
    delivery_miles_driven: 37,
    delivery_gps_lat: 40.0412,
    delivery_gps_lon: -76.0987,
    delivery_began: '2026-03-03T15:00:00.000Z',
    delivery_ended: '2026-03-03T16:05:00.000Z',
    delivery_note: 'Doors face the driveway',
    building_images: photos,
    delivery_survey_answers: [],
    ...overrides,
  };
}

export async function companyIdOf(server: TestServer, email: string): Promise<number> {
  const [row] = await server.query<{ company_id: number }>('SELECT company_id FROM accounts WHERE email = $1', [email]);
  if (!row) throw new Error(`no account ${email}`);
  return row.company_id;
}

/** Sets the order's billing row (created when missing): RTO flag and remaining balance. */
export async function setBilling(server: TestServer, orderId: number, opts: { isRto?: boolean; balance: string }): Promise<void> {
  await server.query(
    `INSERT INTO customer_order_billing (order_id, company_id, name_on_order, is_rto, remaining_balance, street_address_one, city, state, zip)
     SELECT o.id, o.company_id, 'Test Customer', $2, $3, '12 Orchard Ln', 'Gap', 'PA', '17527' FROM orders o WHERE o.id = $1
     ON CONFLICT (order_id) DO UPDATE SET is_rto = EXCLUDED.is_rto, remaining_balance = EXCLUDED.remaining_balance`,
    [orderId, opts.isRto ?? false, opts.balance],
  );
}

export async function balanceOf(server: TestServer, orderId: number): Promise<string | null> {
  const [row] = await server.query<{ b: string }>('SELECT remaining_balance::text b FROM customer_order_billing WHERE order_id = $1', [orderId]);
  return row?.b ?? null;
}

export async function addSavedCheck(server: TestServer, orderId: number): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    `INSERT INTO customer_order_checks (order_id, company_id, name_on_check, bank_name, account_last_four)
     SELECT id, company_id, 'Test Customer', 'Fulton Bank', '4821' FROM orders WHERE id = $1 RETURNING id`,
    [orderId],
  );
  if (!row) throw new Error('saved check insert failed');
  return row.id;
}

/** Two survey questions of the company (YESNO and TEXT), created for the test. */
export async function surveyQuestions(server: TestServer, companyId: number): Promise<[number, number]> {
  const rows = await server.query<{ id: number }>(
    `INSERT INTO driver_delivery_survey_questions (company_id, question, type, position)
     VALUES ($1, 'Was the site level and clear?', 'YESNO', 90), ($1, 'Anything the office should know?', 'TEXT', 91) RETURNING id`,
    [companyId],
  );
  const [a, b] = rows;
  if (!a || !b) throw new Error('survey insert failed');
  return [a.id, b.id];
}

/** All live customer orders of the company go to this driver (more orders to deliver in one file). */
export async function assignLiveCustomerOrders(server: TestServer, email: string): Promise<number[]> {
  const rows = await server.query<{ id: number }>(
    `UPDATE orders o SET driver_id = a.id FROM accounts a
     WHERE a.email = $1 AND o.company_id = a.company_id AND o.kind = 'customer' AND o.delivered_at IS NULL AND o.cancelled_at IS NULL
     RETURNING o.id`,
    [email],
  );
  return rows.map((r) => r.id).sort((x, y) => x - y);
}

export async function countRows(server: TestServer, sql: string, params: unknown[]): Promise<number> {
  const [row] = await server.query<{ n: number }>(`SELECT count(*)::int n FROM (${sql}) t`, params);
  return row?.n ?? -1;
}
