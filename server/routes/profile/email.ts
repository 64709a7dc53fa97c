// POST /send-email (SPEC §7) and the office-admin "customer order delivered" report call.
// Business outcomes answer 200 {success, error} with SPEC §8's text (a recipient's setting is
// off); a transport failure answers 502 so the outbox retries it and the Idempotency-Key is
// released; a recipient outside the company is refused with 400 (never an open relay).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ERROR_TEXT, PROFILE_API, requestSchemaOf,
  type OfficeAdminDeliveredReportResponse, type SendEmailResponse,
} from '../../../src/domain';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import { authOf } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { officeAdminCustomerDeliveredInfo } from '../../services/emailInfo';
import { readIdempotencyKey, runIdempotent } from '../../http/keyedAnswers';
import { judgeSend, resolveRecipient } from '../../services/mail/recipients';
import { alreadySent, logSkipped, sendAndLog, senderIdentity, type MailDeps } from '../../services/mail/send';
import { renderMessage, renderTemplate } from '../../services/mail/templates';
import { createMailer, type Mailer } from '../../services/mail/transport';
import { requestTimeZone } from '../../services/timeZone';
import { parseBody } from './shared';

const TEMPLATE_HEADER = 'X-Driver-App-Template';

export function emailRoutes(app: FastifyInstance, ctx: AppContext): void {
  // buildServer always sets one; a hand-built context still gets mail captured, never lost.
  const mailer: Mailer = ctx.mailer ?? createMailer({ captureDir: join(tmpdir(), 'driver-app-mail') });

  app.post(PROFILE_API.sendEmail, async (request, reply) => {
    const auth = authOf(request);
    const body = parseBody(requestSchemaOf(`POST ${PROFILE_API.sendEmail}`, 'bodySchema'), request.body);
    const zone = requestTimeZone(request);
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async () => {
        const recipient = await resolveRecipient(ctx.db, auth.company_id, body.recipient);
        if (!recipient) throw new HttpError(400, 'EmailRecipientNotAllowed');
        const verdict = judgeSend(recipient, body.template, body.variables);
        if ('refused' in verdict) throw new HttpError(400, 'EmailRecipientNotAllowed', `${ERROR_TEXT.EmailRecipientNotAllowed}: ${verdict.refused}`);
        const identity = await senderIdentity(ctx.db, auth, body);
        const rendered = body.template
          ? renderTemplate(body.template, body.variables, { subject: body.subject, zone })
          : renderMessage(body.message ?? '', body.messageIsHtml, body.subject ?? '');
        const deps: MailDeps = { db: ctx.db, mailer, auth, log: request.log };
        const template = body.template ?? null;
        if (!verdict.send) {
          await logSkipped(deps, { template, to: body.recipient, subject: rendered.subject, orderId: verdict.orderId, code: verdict.code });
          const skipped: SendEmailResponse = { success: false, error: ERROR_TEXT[verdict.code] };
          return { status: 200, body: skipped };
        }
        const headers: Record<string, string> = {};
        if (body.tags.length > 0) headers['X-Tags'] = body.tags.join(', ');
        if (template) headers[TEMPLATE_HEADER] = template;
        const ok = await sendAndLog(deps, {
          fromName: identity.fromName, replyTo: identity.replyTo, to: body.recipient, subject: rendered.subject,
          text: rendered.text, html: body.template || body.messageIsHtml ? rendered.html : undefined, headers,
          template, orderId: verdict.orderId,
        });
        if (ok) return { status: 200, body: { success: true, error: null } satisfies SendEmailResponse };
        return { status: 502, body: { success: false, error: ERROR_TEXT.FailedToSendEmail, message: ERROR_TEXT.FailedToSendEmail } };
      },
    });
  });

  app.post(PROFILE_API.emailOfficeAdminCustomerOrderDelivered, async (request, reply) => {
    const auth = authOf(request);
    const body = parseBody(requestSchemaOf(`POST ${PROFILE_API.emailOfficeAdminCustomerOrderDelivered}`, 'bodySchema'), request.body);
    const zone = requestTimeZone(request);
    const key = readIdempotencyKey(request);
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async () => {
        const [order] = await ctx.db.select({ deliveredAt: orders.deliveredAt }).from(orders)
          .where(and(eq(orders.id, body.customer_order_id), eq(orders.companyId, auth.company_id), eq(orders.kind, 'customer'), eq(orders.driverId, auth.account_id)));
        if (!order) throw notFound();
        if (!order.deliveredAt) throw new HttpError(409, 'OrderNotDelivered');
        const admins = await officeAdminCustomerDeliveredInfo(ctx.db, auth, body.customer_order_id);
        const identity = await senderIdentity(ctx.db, auth, { fromNoReply: true });
        const deps: MailDeps = { db: ctx.db, mailer, auth, log: request.log };
        // A retry under the same key reaches only the admins the first attempt missed.
        const batchKey = key === null ? null : `report:${auth.account_id}:${key}`;
        const reached = batchKey ? await alreadySent(ctx.db, batchKey) : new Set<string>();
        const result: OfficeAdminDeliveredReportResponse = { success: true, error: null, sent: 0, skipped: 0, failed: 0 };
        for (const admin of admins) {
          const rendered = renderTemplate('office-admin-order-delivered', { ...admin }, { zone });
          if (!admin.send_email) {
            await logSkipped(deps, { template: 'office-admin-order-delivered', to: admin.email, subject: rendered.subject, orderId: admin.orderId, code: 'OfficeAdminEmailSettingOff' });
            result.skipped += 1;
          } else if (reached.has(admin.email)) {
            result.sent += 1;
          } else {
            const ok = await sendAndLog(deps, {
              fromName: identity.fromName, to: admin.email, subject: rendered.subject, text: rendered.text, html: rendered.html,
              headers: { [TEMPLATE_HEADER]: 'office-admin-order-delivered' },
              template: 'office-admin-order-delivered', orderId: admin.orderId, batchKey,
            });
            if (ok) result.sent += 1;
            else result.failed += 1;
          }
        }
        if (result.failed === 0) return { status: 200, body: result };
        const error = ERROR_TEXT.FailedToSendOneOrMoreEmails;
        return { status: 502, body: { ...result, success: false, error, message: error } };
      },
    });
  });
}
