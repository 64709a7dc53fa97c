import { OFFICE_NOTICES, ORDER_KIND_SPECS, PROFILE_API, officeNoticeText, type OfficeNotice, type OrderKind } from '../../domain';
import type { FollowupResult } from '../../db';
import type { FollowupContext, FollowupEntry } from '../outboxTypes';
import { committedFacts } from './committedFacts';

/** How the driver named the order when the action was queued (the list row may be gone, e.g. after a reassign). */
function orderText(entry: Pick<FollowupEntry, 'display'>): string | null {
  const d = entry.display;
  if (!d) return null;
  const parts = [d.name, d.model, d.serial ? `serial ${d.serial}` : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * create_notification to the company's office users after an order action (SPEC §7), keyed
 * `${entry id}:notify:office`: a retry replays the first answer, so the office hears it once.
 * A refusal is thrown (the processor records it as "Failed to notify company users").
 */
export async function notifyOffice(
  ctx: FollowupContext,
  entry: FollowupEntry,
  order: { kind: OrderKind; id: number },
  notice: OfficeNotice,
  key: string,
): Promise<FollowupResult> {
  const facts = committedFacts(entry);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const text = officeNoticeText(notice, { order: orderText(entry), scheduledDate: facts.scheduledDate, driverName: facts.driverName, zone });
  const named = OFFICE_NOTICES[notice].namesOrder ? { [ORDER_KIND_SPECS[order.kind].idField]: order.id } : {};
  await ctx.http.call(`POST ${PROFILE_API.createNotification}`, { ...text, type: 'order', ...named }, { idempotencyKey: key });
  return { status: 'done', message: null, at: new Date(ctx.now()).toISOString() };
}
