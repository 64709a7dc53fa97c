import { CERTIFICATE_ERROR_MARK, CERTIFICATE_PATH, ERROR_TEXT, PROFILE_API, parseOrderKey } from '../../domain';
import type { FollowupResult } from '../../db';
import type { FollowupSpec } from '../../outbox';
import { AnswerNotUnderstood } from '../endpointCall';
import type { FollowupContext, FollowupEntry } from '../outboxTypes';
import { runLookupEmail } from './emailFollowups';
import { notifyOffice } from './notifyOffice';

// The follow-ups after a commit: a delivery's certificate and emails (SPEC §4.6–4.7), an order
// action's office notification and email (SPEC §7, §9). Each request carries
// `${entry id}:${step}` as its Idempotency-Key, so a retry after a lost answer or a crash
// replays the first answer and no email or notification goes twice.

const result = (status: FollowupResult['status'], message: string | null, now: number): FollowupResult => ({
  status,
  message,
  at: new Date(now).toISOString(),
});

/** The text a failed follow-up is recorded under: the office notification's is SPEC §8's, the reason after it. */
export function followupFailureText(step: FollowupSpec, reason: string): string {
  if (step.type !== 'notify') return reason;
  const text = ERROR_TEXT.FailedToNotifyCompanyUsers;
  return reason.startsWith(text) ? reason : `${text}: ${reason}`;
}

/** Runs one follow-up; throws a TransportError for the processor to retry or give up on. */
export async function runFollowup(ctx: FollowupContext, current: FollowupEntry, step: FollowupSpec): Promise<FollowupResult> {
  const order = parseOrderKey(current.order_key) ?? { kind: 'customer' as const, id: 0 };
  const key = `${current.id}:${step.id}`;
  if (step.type === 'notify') return notifyOffice(ctx, current, order, step.notice, key);
  if (step.type === 'certificate') {
    try {
      const url = await ctx.http.call(`POST ${CERTIFICATE_PATH}`, { customer_order_id: order.id, use_report2: false }, { idempotencyKey: key });
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
    const answer = await ctx.http.call(`POST ${PROFILE_API.emailOfficeAdminCustomerOrderDelivered}`, { customer_order_id: order.id }, { idempotencyKey: key });
    return answer.success ? result('done', null, ctx.now()) : result('failed', answer.error ?? ERROR_TEXT.FailedToSendEmail, ctx.now());
  }
  return runLookupEmail(ctx, current, order, step.email, key);
}
