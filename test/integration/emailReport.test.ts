// POST /secure/report/email_office_admin_customer_order_delivered over a real loopback SMTP
// server (opted-out admins skipped, partial failure then a retry that reaches only the rest),
// and the capture transport used when no SMTP_URL is set.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_API, type OfficeAdminDeliveredReportResponse } from '../../src/domain';
import { startTestServer, type TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, liveOrderIds, newKey, postJson } from './helpers';
import { parseMail, useMailTestServer, waitForMessages, type SmtpCapture } from './mailSupport';

let smtp: SmtpCapture;
let server: TestServer;
let summit: string;
let orderId: number;

useMailTestServer({ summit: SUMMIT_DRIVER }, (s) => ({ smtp, server, summit } = s));
beforeAll(async () => {
  orderId = await deliveredCustomerOrder(SUMMIT_DRIVER.email);
});

async function deliveredCustomerOrder(email: string, offset = 0): Promise<number> {
  const rows = await server.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id JOIN deliveries d ON d.order_id = o.id
    WHERE a.email = $1 AND o.kind = 'customer' AND o.delivered_at IS NOT NULL ORDER BY o.id`,
    [email],
  );
  return rows[offset]?.id ?? 0;
}
const report = (body: unknown, opts: { key?: string; token?: string } = {}) =>
  postJson<OfficeAdminDeliveredReportResponse>(server, PROFILE_API.emailOfficeAdminCustomerOrderDelivered, body, {
    token: opts.token ?? summit,
    key: opts.key,
  });

describe('POST /secure/report/email_office_admin_customer_order_delivered', () => {
  it('emails every office admin whose send_email is on, and records the opted-out one as skipped', async () => {
    const res = await report({ customer_order_id: orderId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, error: null, sent: 1, skipped: 1, failed: 0 });
    const [message] = await waitForMessages(smtp, 1);
    expect(message?.to).toEqual(['admin@summit.test']);
    const [order] = await server.query<{ order_number: string; serial_number: string; miles: number }>(
      'SELECT o.order_number, o.serial_number, d.miles_driven miles FROM orders o JOIN deliveries d ON d.order_id = o.id WHERE o.id = $1',
      [orderId],
    );
    const mail = parseMail(message?.raw ?? '');
    expect(mail.headers.get('subject')).toBe(`Order ${order?.order_number} delivered by Dale Hostetler`);
    expect(mail.html).toContain('Hi Ruth Stoltzfus,');
    expect(mail.html).toContain(order?.serial_number);
    expect(mail.html).toContain(String(order?.miles));
    expect(mail.headers.has('reply-to')).toBe(false); // from no-reply
    const log = await server.query<{ recipient: string; status: string; error: string | null }>(
      'SELECT recipient, status, error FROM email_log WHERE order_id = $1 ORDER BY recipient',
      [orderId],
    );
    expect(log).toEqual([
      { recipient: 'admin@summit.test', status: 'sent', error: null },
      { recipient: 'dispatch@summit.test', status: 'skipped', error: "Office admin's email setting is turned off" },
    ]);
  });

  it('502 "Failed to send one or more emails" when some fail; a retry under the key reaches only those', async () => {
    await server.query(`INSERT INTO accounts (company_id, email, password_hash, role, first_name, last_name)
      SELECT company_id, 'yard@summit.test', 'locked', 'office_admin', 'Ike', 'Lapp' FROM accounts WHERE email = 'admin@summit.test'`);
    smtp.refuse.add('yard@summit.test');
    const key = newKey();
    const id = await deliveredCustomerOrder(SUMMIT_DRIVER.email, 1);
    const failed = await report({ customer_order_id: id }, { key });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, error: 'Failed to send one or more emails', sent: 1, skipped: 1, failed: 1 });
    expect((await waitForMessages(smtp, 1)).map((m) => m.to[0])).toEqual(['admin@summit.test']);
    smtp.refuse.clear();
    const retried = await report({ customer_order_id: id }, { key });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ success: true, error: null, sent: 2, skipped: 1, failed: 0 });
    const messages = await waitForMessages(smtp, 2);
    expect(messages.map((m) => m.to[0])).toEqual(['admin@summit.test', 'yard@summit.test']); // admin was not mailed twice
    await server.query(`UPDATE accounts SET removed_at = now() WHERE email = 'yard@summit.test'`);
  });

  it("409 for an order not delivered yet; 404 for another company's or driver's order; 400 for a bad body", async () => {
    const [live] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    const notYet = await report({ customer_order_id: live });
    expect(notYet.status).toBe(409);
    expect(notYet.body).toMatchObject({ error: 'OrderNotDelivered' });
    const ridgeOrder = await deliveredCustomerOrder(RIDGE_DRIVER.email);
    const otherDriver = await deliveredCustomerOrder(SUMMIT_DRIVER2.email);
    expect(ridgeOrder * otherDriver).toBeGreaterThan(0);
    for (const id of [ridgeOrder, otherDriver, 99_999_999]) {
      const res = await report({ customer_order_id: id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
    }
    for (const body of [{}, { customer_order_id: '12' }, { customer_order_id: -1 }, { customer_order_id: orderId, recipients: ['x@y.test'] }]) {
      const res = await report(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it('Idempotency-Key: the same body replays without mailing again; another body → 422', async () => {
    const key = newKey();
    const id = await deliveredCustomerOrder(SUMMIT_DRIVER.email, 2);
    const first = await report({ customer_order_id: id }, { key });
    expect(first.status).toBe(200);
    await waitForMessages(smtp, 1);
    const again = await report({ customer_order_id: id }, { key });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(1);
    expect((await report({ customer_order_id: orderId }, { key })).status).toBe(422);
  });
});

describe('without SMTP_URL', () => {
  it('captures each message as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-mail-test-'));
    const local = await startTestServer({ dataDir });
    try {
      const token = await local.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
      const res = await postJson(
        local,
        PROFILE_API.sendEmail,
        { recipient: 'driver2@summit.test', subject: 'Captured', message: 'Hello <b>Marcy</b>', messageIsHtml: true },
        { token },
      );
      expect(res.body).toEqual({ success: true, error: null });
      const files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = parseMail(readFileSync(join(dataDir, 'mail', files[0] ?? ''), 'utf8'));
      expect(mail.headers.get('to')).toBe('driver2@summit.test');
      expect(mail.headers.get('subject')).toBe('Captured');
      expect(mail.html).toContain('Hello <b>Marcy</b>');
      expect(mail.text).toContain('Hello Marcy');
      const [row] = await local.query<{ transport: string; status: string }>(`SELECT transport, status FROM email_log WHERE subject = 'Captured'`);
      expect(row).toEqual({ transport: 'capture', status: 'sent' });
    } finally {
      await local.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
