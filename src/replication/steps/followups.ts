import { CERTIFICATE_ERROR_MARK, CERTIFICATE_PATH, PROFILE_API, parseOrderKey, type EmailInfoKind, type EmailTemplate } from '../../domain';
import type { FollowupResult } from '../../db';
import type { EmailStep, FollowupSpec } from '../../outbox';
import { AnswerNotUnderstood } from '../endpointCall';
import type { EntryHandle, OutboxContext } from '../outboxTypes';

// The follow-ups after a delivery committed (SPEC §4.6–4.7): the certificate, then emails.
// Each request carries `${entry id}:${step}` as its Idempotency-Key, so a retry after a lost
// answer or a crash replays the first answer and no email goes twice.

type Info = Record<string, unknown> & { send_email: boolean; email: string | null };

interface EmailPlan {
  /** The email-information lookup whose answer holds recipients and variables. */
  lookup: EmailInfoKind;
  query: 'customer-order-id' | 'onlot-inventory-order-id' | 'inventory-move-order-id';
  template: EmailTemplate;
  /** SPEC §8 text when the recipient's setting is off. */
  off: string;
}

const EMAIL_PLANS: Record<Exclude<EmailStep, 'office-admin-customer'>, EmailPlan> = {
  'customer-delivered': {
    lookup: 'customer-order-delivered',
    query: 'customer-order-id',
    template: 'customer-order-delivered',
    off: "Customer's email setting is turned off",
  },
  'rto-delivered': { lookup: 'rto-delivered', query: 'customer-order-id', template: 'rto-order-delivered', off: "RTO company's email setting is turned off" },
  'office-admin-onlot': {
    lookup: 'office-admin-onlot-delivered',
    query: 'onlot-inventory-order-id',
    template: 'office-admin-order-delivered',
    off: "Office admin's email setting is turned off",
  },
  'office-admin-move': {
    lookup: 'office-admin-move-delivered',
    query: 'inventory-move-order-id',
    template: 'office-admin-order-delivered',
    off: "Office admin's email setting is turned off",
  },
};

const result = (status: FollowupResult['status'], message: string | null, now: number): FollowupResult => ({
  status,
  message,
  at: new Date(now).toISOString(),
});

/** Send-email variables: the lookup's flat values (the template picks the names it knows). */
function variablesOf(info: Info): Record<string, string | number | boolean | null> {
  const vars: Record<string, string | number | boolean | null> = {};
  for (const [name, value] of Object.entries(info)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) vars[name] = value as string | number | boolean | null;
  }
  return vars;
}

/** A short stable tag per recipient (keys are at most 128 characters; addresses can be longer). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** Runs one follow-up; throws a TransportError for the processor to retry or give up on. */
export async function runFollowup(ctx: OutboxContext, entry: EntryHandle, step: FollowupSpec): Promise<FollowupResult> {
  const current = entry.get();
  const orderId = parseOrderKey(current.order_key)?.id ?? 0;
  const key = `${current.id}:${step.id}`;
  if (step.type === 'certificate') {
    try {
      const url = await ctx.http.call(`POST ${CERTIFICATE_PATH}`, { customer_order_id: orderId, use_report2: false }, { idempotencyKey: key });
      return result('done', url, ctx.now());
    } catch (error) {
      // SPEC §7: an answer containing "ERROR:" is logged as FailedToGenerateDeliveryCertificate (not retried).
      if (error instanceof AnswerNotUnderstood) {
        const text = typeof error.answer === 'string' ? error.answer : (JSON.stringify(error.answer) ?? '');
        if (text.includes(CERTIFICATE_ERROR_MARK)) return result('failed', text, ctx.now());
      }
      throw error;
    }
  }
  if (step.email === 'office-admin-customer') {
    const answer = await ctx.http.call(`POST ${PROFILE_API.emailOfficeAdminCustomerOrderDelivered}`, { customer_order_id: orderId }, { idempotencyKey: key });
    return answer.success ? result('done', null, ctx.now()) : result('failed', answer.error ?? 'Failed to send email', ctx.now());
  }
  const plan = EMAIL_PLANS[step.email];
  const info = await ctx.http.read(`GET ${PROFILE_API.emailInfo}/:kind`, { [plan.query]: String(orderId) }, { params: { kind: plan.lookup } });
  const recipients: Info[] = (Array.isArray(info) ? info : [info]).filter((r) => r.send_email && r.email);
  if (recipients.length === 0) return result('skipped', plan.off, ctx.now());
  const errors: string[] = [];
  for (const recipient of recipients) {
    const email = String(recipient.email);
    const answer = await ctx.http.call(
      `POST ${PROFILE_API.sendEmail}`,
      {
        recipient: email,
        template: plan.template,
        variables: variablesOf(recipient),
        fromNoReply: true,
        tags: ['driver-app', step.email],
      },
      { idempotencyKey: `${key}:${fnv1a(email)}` },
    );
    if (!answer.success) errors.push(answer.error ?? 'Failed to send email');
  }
  if (errors.length === 0) return result('done', null, ctx.now());
  return result('failed', recipients.length > 1 ? `Failed to send one or more emails: ${errors.join('; ')}` : (errors[0] ?? 'Failed to send email'), ctx.now());
}
