// POST /send-email through a REAL SMTP server on loopback: templates rendered with escaped
// variables, SPEC §5's sending rules with SPEC §8's texts, no open relay, transport failures,
// email_log, and the Idempotency-Key cases.
import { beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_PATH, PROFILE_API, type CustomerDeliveredEmailInfo, type SendEmailResponse } from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, newKey, postJson } from './helpers';
import { parseMail, useMailTestServer, waitForMessages, type SmtpCapture } from './mailSupport';

let smtp: SmtpCapture;
let server: TestServer;
let summit: string;
let ridge: string;
let orderId: number;
let info: CustomerDeliveredEmailInfo;

useMailTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ smtp, server, summit, ridge } = s));
beforeAll(async () => {
  [orderId = 0] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
  await server.query('DELETE FROM customer_email_settings WHERE order_id = $1', [orderId]);
  const res = await call<CustomerDeliveredEmailInfo>(server, `${PROFILE_API.emailInfo}/customer-order-delivered?customer-order-id=${orderId}`, {
    token: summit,
  });
  expect(res.status).toBe(200);
  info = res.body;
});

const send = (body: Record<string, unknown>, opts: { token?: string; key?: string; headers?: Record<string, string> } = {}) =>
  postJson<SendEmailResponse & { error: string }>(server, PROFILE_API.sendEmail, body, { token: opts.token ?? summit, key: opts.key });
const delivered = (overrides: Record<string, unknown> = {}) => ({
  template: 'customer-order-delivered',
  recipient: info.email,
  tags: ['delivery', 'customer'],
  variables: { ...info },
  ...overrides,
});
const logRows = (recipient: string) =>
  server.query<{ status: string; error: string | null; template: string; order_id: number | null; transport: string }>(
    'SELECT status, error, template, order_id, transport FROM email_log WHERE recipient = $1 ORDER BY id',
    [recipient],
  );

describe('POST /send-email: templates over SMTP', () => {
  it("sends the customer-delivered template to the order's customer, with the variables in the HTML", async () => {
    expect(info.send_email).toBe(true);
    const res = await send(delivered());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, error: null });
    const [message] = await waitForMessages(smtp, 1);
    expect(message?.to).toEqual([info.email]);
    const mail = parseMail(message?.raw ?? '');
    expect(mail.headers.get('from')).toBe('Summit Sheds <no-reply@driver-app.local>');
    expect(mail.headers.get('reply-to')).toBe('office@summit.test');
    expect(mail.headers.get('subject')).toBe(`Your ${info.building_model} has been delivered`);
    expect(mail.headers.get('x-tags')).toBe('delivery, customer');
    expect(mail.headers.get('x-driver-app-template')).toBe('customer-order-delivered');
    for (const value of [info.first_name, info.serial_number, info.order_number, 'Summit Sheds', info.dealer_user_name]) {
      expect(mail.html).toContain(value);
      expect(mail.text).toContain(value);
    }
    expect(await logRows(info.email ?? '')).toEqual([
      { status: 'sent', error: null, template: 'customer-order-delivered', order_id: orderId, transport: 'smtp' },
    ]);
  });

  it('HTML-escapes every variable and drops links that are not http(s)', async () => {
    const res = await send(
      delivered({
        variables: { ...info, first_name: '<script>alert("x")</script>', delivery_certificate_url: 'javascript:alert(1)', building_model: 'Shed & "Barn"' },
      }),
    );
    expect(res.body.success).toBe(true);
    const mail = parseMail((await waitForMessages(smtp, 1))[0]?.raw ?? '');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).toContain('Shed &amp; &quot;Barn&quot;');
  });

  it('formats the scheduled date like "Monday January 5th" in the driver\'s zone', async () => {
    const res = await postJson(
      server,
      PROFILE_API.sendEmail,
      {
        template: 'customer-order-scheduled',
        recipient: info.email,
        variables: {
          first_name: info.first_name,
          order_number: info.order_number,
          scheduled_date: '2026-01-06T02:00:00Z',
          delivery_address: '12 Mill Creek Rd',
        },
      },
      { token: summit },
    );
    expect(res.body).toEqual({ success: true, error: null });
    const mail = parseMail((await waitForMessages(smtp, 1))[0]?.raw ?? '');
    // Without x-time-zone the day is UTC's; 02:00 UTC on Tuesday the 6th is Monday evening in New York.
    expect(mail.headers.get('subject')).toBe('Your delivery is scheduled for Tuesday January 6th');
    const ny = await call<SendEmailResponse>(server, PROFILE_API.sendEmail, {
      method: 'POST',
      token: summit,
      headers: { 'content-type': 'application/json', 'x-time-zone': 'America/New_York' },
      body: JSON.stringify({
        template: 'customer-order-scheduled',
        recipient: info.email,
        variables: { scheduled_date: '2026-01-06T02:00:00Z', order_number: info.order_number },
      }),
    });
    expect(ny.body.success).toBe(true);
    const nyMail = parseMail((await waitForMessages(smtp, 2))[1]?.raw ?? '');
    expect(nyMail.headers.get('subject')).toBe('Your delivery is scheduled for Monday January 5th');
    expect(nyMail.html).toContain('Monday January 5th');
  });

  it('sends to drivers, office admins and RTO admins of the company', async () => {
    const cases = [
      {
        template: 'driver-assigned',
        recipient: 'driver2@summit.test',
        variables: { first_name: 'Marcy', order_number: 'SS-1', building_model: '10x12 Lofted Barn' },
      },
      {
        template: 'office-admin-order-delivered',
        recipient: 'admin@summit.test',
        variables: { adminName: 'Ruth', driverName: 'Dale Hostetler', miles: 12.5, orderId: 7 },
      },
      {
        template: 'rto-order-delivered',
        recipient: 'lorraine@keystone-rto.test',
        variables: { first_name: 'Lorraine', customer_name: 'Amos Zook', order_number: 'SS-2' },
      },
    ];
    for (const body of cases) expect((await send(body)).body, body.template).toEqual({ success: true, error: null });
    const messages = await waitForMessages(smtp, 3);
    expect(messages.map((m) => m.to[0])).toEqual(cases.map((c) => c.recipient));
    const admin = parseMail(messages[1]?.raw ?? '');
    expect(admin.headers.get('subject')).toBe('Order 7 delivered by Dale Hostetler');
    expect(admin.html).toContain('12.5');
  });
});

describe('POST /send-email: SPEC §5 rules answer SPEC §8 texts', () => {
  it("skips, with the setting's text, when the recipient turned that email off", async () => {
    await server.query(
      'INSERT INTO customer_email_settings (order_id, company_id, order_delivered, order_scheduled) SELECT id, company_id, false, false FROM orders WHERE id = $1',
      [orderId],
    );
    await server.query(
      `INSERT INTO account_settings (account_id, company_id, send_email) SELECT id, company_id, false FROM accounts WHERE email = 'admin@summit.test' ON CONFLICT (account_id) DO UPDATE SET send_email = false`,
    );
    await server.query(`UPDATE rto_companies SET send_email = false WHERE admin_email = 'lorraine@keystone-rto.test'`);
    const cases: [Record<string, unknown>, string][] = [
      [delivered(), "Customer's email setting is turned off"],
      [delivered({ template: 'customer-order-scheduled' }), "Customer's order scheduled email setting is turned off"],
      [{ template: 'driver-reassigned', recipient: 'driver2@summit.test', variables: {} }, "Driver's email setting is turned off"], // seeded off
      [{ template: 'office-admin-order-delivered', recipient: 'admin@summit.test', variables: {} }, "Office admin's email setting is turned off"],
      [{ template: 'office-admin-order-delivered', recipient: 'dispatch@summit.test', variables: {} }, "Office admin's email setting is turned off"],
      [{ template: 'rto-order-delivered', recipient: 'lorraine@keystone-rto.test', variables: {} }, "RTO company's email setting is turned off"],
      // A free message to a customer who turned their emails off was sent.
      [{ recipient: info.email, subject: 'Final notice', message: 'Pay here' }, "Customer's email setting is turned off"],
    ];
    for (const [body, text] of cases) {
      const res = await send(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: false, error: text });
    }
    expect(smtp.messages).toHaveLength(0);
    const skipped = await logRows(info.email ?? '');
    expect(skipped.slice(-3).map((r) => [r.status, r.error])).toEqual([
      ['skipped', "Customer's email setting is turned off"],
      ['skipped', "Customer's order scheduled email setting is turned off"],
      ['skipped', "Customer's email setting is turned off"],
    ]);
    await server.query('DELETE FROM customer_email_settings WHERE order_id = $1', [orderId]);
    await server.query(`UPDATE account_settings SET send_email = true WHERE account_id = (SELECT id FROM accounts WHERE email = 'admin@summit.test')`);
    await server.query(`UPDATE rto_companies SET send_email = true`);
  });

  it("is no open relay: strangers, other companies' people and mismatched templates are refused, nothing sent", async () => {
    const [ridgeCustomer] = await server.query<{ email: string }>(
      `SELECT o.customer_email email FROM orders o JOIN companies c ON c.id = o.company_id WHERE c.name = 'Ridge Barns' AND o.customer_email IS NOT NULL LIMIT 1`,
    );
    const cases: [Record<string, unknown>, string?][] = [
      [{ recipient: 'victim@elsewhere.test', subject: 'Hi', message: 'Buy now' }],
      [{ recipient: ridgeCustomer?.email, subject: 'Hi', message: 'x' }],
      [{ recipient: RIDGE_DRIVER.email, subject: 'Hi', message: 'x' }],
      [{ template: 'driver-assigned', recipient: info.email, variables: {} }],
      [{ template: 'customer-order-delivered', recipient: 'driver2@summit.test', variables: {} }],
      [delivered({ variables: { ...info, order_number: 'RB-10400' } })],
    ];
    for (const [body] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'EmailRecipientNotAllowed' });
    }
    // Ridge's driver cannot mail Summit's customer either, nor driver 2 (same company) driver 1's
    // customer: the recipient is a customer of the caller's own orders (before: of any order).
    expect((await send(delivered(), { token: ridge })).status).toBe(400);
    const summit2 = await server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password);
    for (const body of [delivered(), { recipient: info.email, subject: 'Final notice', message: 'Pay here', messageIsHtml: true }]) {
      const res = await send(body, { token: summit2 });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'EmailRecipientNotAllowed' });
    }
    // A Reply-To must be the caller's own address or the company's, and the name it is from the
    // caller's own or the company's (a free name let mail read as from "Accounts Receivable").
    expect((await send(delivered({ senderEmail: 'ceo@bank.test' }))).status).toBe(400);
    const posing = await send(delivered({ senderName: 'Summit Sheds Accounts Receivable' }));
    expect(posing.status).toBe(400);
    expect(posing.body).toMatchObject({ error: 'InvalidRequest', message: "senderName must be your own name or your company's" });
    expect(smtp.messages).toHaveLength(0);
  });

  it('400 for a malformed body', async () => {
    const bad: Record<string, unknown>[] = [
      { template: 'customer-order-delivered' },
      { recipient: info.email ?? '', subject: 'x' },
      { recipient: info.email ?? '', subject: 'x', message: 'a', template: 'driver-assigned' },
      { recipient: info.email ?? '', message: 'no subject' },
      { recipient: info.email ?? '', template: 'spam' },
      { recipient: info.email ?? '', subject: 'Hi\r\nBcc: all@x.test', message: 'a' },
      { recipient: info.email ?? '', template: 'customer-order-delivered', variables: { nested: { a: 1 } } },
      { recipient: 'a@b.test, c@d.test', subject: 'x', message: 'y' },
      { recipient: info.email ?? '', subject: 'x', message: 'y', bcc: 'all@x.test' },
    ];
    for (const body of bad) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });
});

describe("POST /send-email: the customer's delivery certificate", () => {
  it("attaches the order's newest certificate to the customer's delivered email (its address needs a driver's token)", async () => {
    // Before: the email carried the certificate's relative address, which the template dropped
    // (and which a customer could not have opened): the customer never got the certificate.
    const [done] = await server.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN deliveries d ON d.order_id = o.id JOIN accounts a ON a.id = o.driver_id
       WHERE a.email = $1 AND o.kind = 'customer' AND d.driver_id = a.id AND o.customer_email IS NOT NULL ORDER BY o.id LIMIT 1`,
      [SUMMIT_DRIVER.email],
    );
    const id = done?.id ?? 0;
    await server.query('DELETE FROM customer_email_settings WHERE order_id = $1', [id]);
    const made = await postJson(server, CERTIFICATE_PATH, { customer_order_id: id, use_report2: false }, { token: summit });
    expect(made.status, made.text).toBe(200);
    const about = await call<CustomerDeliveredEmailInfo>(server, `${PROFILE_API.emailInfo}/customer-order-delivered?customer-order-id=${id}`, {
      token: summit,
    });
    expect(about.body.delivery_certificate_url).toBe(made.text);
    const res = await send({ template: 'customer-order-delivered', recipient: about.body.email, tags: [], variables: { ...about.body } });
    expect(res.body).toEqual({ success: true, error: null });
    const [message] = await waitForMessages(smtp, 1);
    const mail = parseMail(message?.raw ?? '');
    expect(mail.text).toContain('Your delivery certificate is attached to this email.');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`delivery-certificate-${about.body.order_number}.pdf`, 'application/pdf']]);
    expect(mail.attachments[0]?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('POST /send-email: free messages, failures and idempotency', () => {
  it('sends a plain-text message with no Reply-To when fromNoReply', async () => {
    const res = await send({ recipient: 'driver2@summit.test', subject: 'Trailer', message: 'Ramp left at <Gap> shop', fromNoReply: true, senderName: 'Dale' });
    expect(res.body).toEqual({ success: true, error: null });
    const mail = parseMail((await waitForMessages(smtp, 1))[0]?.raw ?? '');
    expect(mail.headers.get('from')).toBe('Dale <no-reply@driver-app.local>');
    expect(mail.headers.has('reply-to')).toBe(false);
    expect(mail.text.trim()).toBe('Ramp left at <Gap> shop');
    expect(mail.html).toBe('');
  });

  it('502 "Failed to send email" when the mail server refuses, logged; the key is released for a retry', async () => {
    smtp.refuse.add('driver2@summit.test');
    const key = newKey();
    const body = { recipient: 'driver2@summit.test', subject: 'Retry me', message: 'x' };
    const failed = await send(body, { key });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, error: 'Failed to send email' });
    const [row] = (await logRows('driver2@summit.test')).slice(-1);
    expect(row).toMatchObject({ status: 'failed', transport: 'smtp' });
    expect(row?.error).toMatch(/550|Mailbox unavailable/);
    smtp.refuse.clear();
    const retried = await send(body, { key });
    expect(retried.body).toEqual({ success: true, error: null });
    expect(await waitForMessages(smtp, 1)).toHaveLength(1);
  });

  it('Idempotency-Key: same key and body → same answer, one message; another body → 422', async () => {
    const key = newKey();
    const first = await send(delivered(), { key });
    const again = await send(delivered(), { key });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(1);
    const other = await send(delivered({ subject: 'Another subject' }), { key });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'IdempotencyKeyReused' });
  });
});
