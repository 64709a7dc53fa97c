// POST /send-email (SPEC §7) and the office-admin "customer order delivered" report call.
// Business outcomes answer 200 {success, error} with SPEC §8's text (a recipient's setting is
// off); a transport failure answers 502 so the outbox retries it and the Idempotency-Key is
// released; a recipient outside the company is refused with 400 (never an open relay).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_TEXT, type OfficeAdminDeliveredReportResponse, type SendEmailBody, type SendEmailResponse, type TokenClaims } from '../../src/domain';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { requireOrder } from './access';
import { certificateAttachment } from './certificates';
import type { FileStore } from './storage/fileStore';
import { officeAdminCustomerDeliveredInfo } from './emailInfo';
import type { Outcome } from './idempotency';
import { judgeSend, resolveRecipient, type Recipient } from './mail/recipients';
import { alreadySent, logSkipped, sendAndLog, senderIdentity, type MailDeps } from './mail/send';
import { renderMessage, renderTemplate } from './mail/templates';
import { createMailer, type Mailer } from './mail/transport';

const TEMPLATE_HEADER = 'X-Driver-App-Template';

/** The order number of the recipient's order the email is about, as the database has it. */
const orderNumberOf = (recipient: Recipient, orderId: number): string =>
  (recipient.kind === 'customer' ? recipient.orders.find((o) => o.orderId === orderId)?.orderNumber : undefined) ?? String(orderId);

/** Where a request's mail goes: the server's mailer, the time zone its dates are written in, its log. */
export interface EmailDeps {
  db: Db;
  /** buildServer always sets one; a hand-built context still gets mail captured, never lost. */
  mailer?: Mailer;
  /** Where certificates' bytes live (the customer's delivered email carries the order's). */
  files: FileStore;
  zone: string;
  log: Logger;
}

let captured: Mailer | null = null;
function mailerOf(deps: EmailDeps): Mailer {
  return deps.mailer ?? (captured ??= createMailer({ captureDir: join(tmpdir(), 'driver-app-mail') }));
}

const mailDeps = (deps: EmailDeps, auth: TokenClaims): MailDeps => ({ db: deps.db, mailer: mailerOf(deps), auth, log: deps.log });

export async function sendEmail(deps: EmailDeps, auth: TokenClaims, body: SendEmailBody): Promise<Outcome> {
  const recipient = await resolveRecipient(deps.db, auth, body.recipient);
  if (!recipient) throw new HttpError(400, 'EmailRecipientNotAllowed');
  const verdict = judgeSend(recipient, body.template, body.variables);
  if ('refused' in verdict) throw new HttpError(400, 'EmailRecipientNotAllowed', `${ERROR_TEXT.EmailRecipientNotAllowed}: ${verdict.refused}`);
  const identity = await senderIdentity(deps.db, auth, body);
  const certificate =
    body.template === 'customer-order-delivered' && verdict.send && verdict.orderId !== null
      ? await certificateAttachment(deps.db, deps.files, auth.company_id, verdict.orderId, orderNumberOf(recipient, verdict.orderId))
      : null;
  // The server says whether the certificate is attached, whatever the variables claimed.
  const variables = { ...body.variables, delivery_certificate_attached: certificate !== null };
  const rendered = body.template
    ? renderTemplate(body.template, variables, { subject: body.subject, zone: deps.zone })
    : renderMessage(body.message ?? '', body.messageIsHtml, body.subject ?? '');
  const mail = mailDeps(deps, auth);
  const template = body.template ?? null;
  if (!verdict.send) {
    await logSkipped(mail, { template, to: body.recipient, subject: rendered.subject, orderId: verdict.orderId, code: verdict.code });
    const skipped: SendEmailResponse = { success: false, error: ERROR_TEXT[verdict.code] };
    return { status: 200, body: skipped };
  }
  const headers: Record<string, string> = {};
  if (body.tags.length > 0) headers['X-Tags'] = body.tags.join(', ');
  if (template) headers[TEMPLATE_HEADER] = template;
  const ok = await sendAndLog(mail, {
    fromName: identity.fromName,
    replyTo: identity.replyTo,
    to: body.recipient,
    subject: rendered.subject,
    text: rendered.text,
    html: body.template || body.messageIsHtml ? rendered.html : undefined,
    headers,
    template,
    orderId: verdict.orderId,
    attachments: certificate ? [certificate] : undefined,
  });
  if (ok) return { status: 200, body: { success: true, error: null } satisfies SendEmailResponse };
  return { status: 502, body: { success: false, error: ERROR_TEXT.FailedToSendEmail, message: ERROR_TEXT.FailedToSendEmail } };
}

/**
 * Emails every office admin whose send_email is on that the caller's customer order was
 * delivered. `key` is the request's Idempotency-Key: a retry under it reaches only the admins
 * the first attempt missed.
 */
export async function reportDeliveredToOfficeAdmins(deps: EmailDeps, auth: TokenClaims, customerOrderId: number, key: string | null): Promise<Outcome> {
  const order = await requireOrder(deps.db, auth, { kind: 'customer', id: customerOrderId });
  if (!order.deliveredAt) throw new HttpError(409, 'OrderNotDelivered');
  const admins = await officeAdminCustomerDeliveredInfo(deps.db, auth, customerOrderId);
  const identity = await senderIdentity(deps.db, auth, { fromNoReply: true });
  const mail = mailDeps(deps, auth);
  const batchKey = key === null ? null : `report:${auth.account_id}:${key}`;
  const reached = batchKey ? await alreadySent(deps.db, batchKey) : new Set<string>();
  const result: OfficeAdminDeliveredReportResponse = { success: true, error: null, sent: 0, skipped: 0, failed: 0 };
  for (const admin of admins) {
    const rendered = renderTemplate('office-admin-order-delivered', { ...admin }, { zone: deps.zone });
    if (!admin.send_email) {
      await logSkipped(mail, {
        template: 'office-admin-order-delivered',
        to: admin.email,
        subject: rendered.subject,
        orderId: admin.orderId,
        code: 'OfficeAdminEmailSettingOff',
      });
      result.skipped += 1;
    } else if (reached.has(admin.email)) {
      result.sent += 1;
    } else {
      const ok = await sendAndLog(mail, {
        fromName: identity.fromName,
        to: admin.email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        headers: { [TEMPLATE_HEADER]: 'office-admin-order-delivered' },
        template: 'office-admin-order-delivered',
        orderId: admin.orderId,
        batchKey,
      });
      if (ok) result.sent += 1;
      else result.failed += 1;
    }
  }
  if (result.failed === 0) return { status: 200, body: result };
  const error = ERROR_TEXT.FailedToSendOneOrMoreEmails;
  return { status: 502, body: { ...result, success: false, error, message: error } };
}
