import { ERROR_TEXT, ORDER_KIND_SPECS, PROFILE_API, type EmailInfoKind, type EmailTemplate, type ErrorCode, type OrderKind } from '../../domain';
import type { FollowupResult } from '../../db';
import type { EmailStep } from '../../outbox';
import type { FollowupContext, FollowupEntry } from '../outboxTypes';
import { committedFacts } from './committedFacts';

// The emails sent through an email-information lookup then send-email, one per recipient
// whose setting allows it (SPEC §5, §7). The lookup's query names the entry's order by its
// kind's id (`idQuery`); a recipient whose setting is off is skipped with SPEC §8's text.

type Info = Record<string, unknown> & { send_email: boolean; email: string | null };

interface EmailPlan {
  /** The email-information lookup whose answer holds recipients and variables. */
  lookup: EmailInfoKind;
  template: EmailTemplate;
  /** SPEC §8 text when the recipient's setting is off. */
  off: ErrorCode;
  /**
   * What the commit's answer adds: `driver`, the driver the order went to (the lookup's
   * driver-id); `date`, the date the action set (the email names it even when a later
   * reschedule reached the server first).
   */
  fromCommit?: 'driver' | 'date';
}

export type LookupEmailStep = Exclude<EmailStep, 'office-admin-customer'>;

const EMAIL_PLANS: Record<LookupEmailStep, EmailPlan> = {
  'customer-delivered': { lookup: 'customer-order-delivered', template: 'customer-order-delivered', off: 'CustomerEmailSettingOff' },
  'rto-delivered': { lookup: 'rto-delivered', template: 'rto-order-delivered', off: 'RtoEmailSettingOff' },
  'office-admin-onlot': { lookup: 'office-admin-onlot-delivered', template: 'office-admin-order-delivered', off: 'OfficeAdminEmailSettingOff' },
  'office-admin-move': { lookup: 'office-admin-move-delivered', template: 'office-admin-order-delivered', off: 'OfficeAdminEmailSettingOff' },
  'customer-scheduled': {
    lookup: 'customer-order-scheduled',
    template: 'customer-order-scheduled',
    off: 'CustomerScheduledEmailSettingOff',
    fromCommit: 'date',
  },
  'driver-reassigned': { lookup: 'driver-reassigned', template: 'driver-reassigned', off: 'DriverEmailSettingOff', fromCommit: 'driver' },
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

/**
 * One lookup email: each recipient's send-email carries `${key}:${recipient tag}` as its
 * Idempotency-Key, so a retry after a lost answer or a killed tab never sends it twice.
 */
export async function runLookupEmail(
  ctx: FollowupContext,
  entry: FollowupEntry,
  order: { kind: OrderKind; id: number },
  email: LookupEmailStep,
  key: string,
): Promise<FollowupResult> {
  const plan = EMAIL_PLANS[email];
  const facts = committedFacts(entry);
  const query: Record<string, string> = { [ORDER_KIND_SPECS[order.kind].idQuery]: String(order.id) };
  if (plan.fromCommit === 'driver' && facts.driverId !== null) query['driver-id'] = String(facts.driverId);
  const info = await ctx.http.read(`GET ${PROFILE_API.emailInfo}/:kind`, query, { params: { kind: plan.lookup } });
  const recipients: Info[] = (Array.isArray(info) ? info : [info]).filter((r) => r.send_email && r.email);
  const off = ERROR_TEXT[plan.off];
  if (recipients.length === 0) return result('skipped', off, ctx.now());
  const errors: string[] = [];
  let skipped = 0;
  for (const recipient of recipients) {
    const address = String(recipient.email);
    const variables = variablesOf(recipient);
    if (plan.fromCommit === 'date' && facts.scheduledDate !== null) variables.scheduled_date = facts.scheduledDate;
    const answer = await ctx.http.call(
      `POST ${PROFILE_API.sendEmail}`,
      { recipient: address, template: plan.template, variables, fromNoReply: true, tags: ['driver-app', email] },
      { idempotencyKey: `${key}:${fnv1a(address)}` },
    );
    // The setting turned off between the lookup and the send: the server says so, a warning.
    if (answer.error === off) skipped += 1;
    else if (!answer.success) errors.push(answer.error ?? ERROR_TEXT.FailedToSendEmail);
  }
  if (errors.length === 0) return skipped === recipients.length ? result('skipped', off, ctx.now()) : result('done', null, ctx.now());
  const message = recipients.length > 1 ? `${ERROR_TEXT.FailedToSendOneOrMoreEmails}: ${errors.join('; ')}` : (errors[0] ?? ERROR_TEXT.FailedToSendEmail);
  return result('failed', message, ctx.now());
}
