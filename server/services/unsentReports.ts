// Lost local work (issue 24 item 7; src/domain/unsentReport.ts). Each report replaces the
// phone's last one. The first report of a new phone database (a new phone, or one whose
// storage the browser cleared) is answered with what the account's other phones last reported
// unsent and the server never received: an entry arrived when its Idempotency-Key (the entry id)
// committed, whenever that was. Told once per report: the driver through the answer, the office
// through a notification to its users (as create_notification writes them). What can be known
// is only what a phone reported: work queued after its last report is not seen, and a phone that
// still holds its work and sends it later would have been reported as lost too early (the
// driver's notice says so).
import {
  NOTIFICATION_TOPIC_TITLES,
  driverNameOf,
  lostCount,
  parseOrderKey,
  type LostWork,
  type TokenClaims,
  type UnsentEntry,
  type UnsentReportAnswer,
  type UnsentReportBody,
} from '../../src/domain';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { officeAdminsOf } from '../repositories/accounts';
import { committedKeysAmong } from '../repositories/idempotencyKeys';
import { insertNotifications } from '../repositories/notifications';
import { forgetQuietDevices, markLossAnnounced, openReportsOfOtherDevices, storeDeviceReport, type DeviceReportRow } from '../repositories/unsentReports';
import { requireOrder } from './access';
import type { Complete } from './idempotency';

/** The notification's message is at most 2000 characters (migration 0005). */
const MESSAGE_MAX = 2000;

export async function reportUnsent(db: Db, auth: TokenClaims, body: UnsentReportBody, complete: Complete): Promise<UnsentReportAnswer> {
  return db.transaction(async (tx) => {
    await storeDeviceReport(tx, auth, body);
    const lost = body.first ? await announceLostWork(tx, auth, body.device_id) : null;
    if (body.first) await forgetQuietDevices(tx, auth);
    const answer: UnsentReportAnswer = { lost };
    await complete(tx, 200, answer);
    return answer;
  });
}

/** What the account's other phones last reported and never sent; null when nothing was lost. */
async function announceLostWork(tx: Tx, auth: TokenClaims, deviceId: string): Promise<LostWork | null> {
  const reports = await openReportsOfOtherDevices(tx, auth, deviceId);
  if (reports.length === 0) return null;
  await markLossAnnounced(
    tx,
    auth,
    reports.map((r) => r.deviceId),
  );
  const listed = reports.flatMap((r) => r.entries);
  const arrived = await committedKeysAmong(
    tx,
    auth.account_id,
    listed.map((e) => e.id),
  );
  const entries = listed
    .filter((e) => !arrived.has(e.id))
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map(({ needs_attention: _, ...entry }) => entry);
  const unlisted = reports.reduce((sum, r) => sum + Math.max(0, r.unsent - r.entries.length), 0);
  if (entries.length + unlisted === 0) return null;
  const reportedAt = lastReport(reports);
  const lost = { entries, unlisted, reported_at: reportedAt.toISOString() };
  return { ...lost, office_notified: await notifyOffice(tx, auth, lost) };
}

function lastReport(reports: DeviceReportRow[]): Date {
  return reports.reduce((latest, r) => (r.reportedAt > latest ? r.reportedAt : latest), reports[0]?.reportedAt ?? new Date(0));
}

/** Tells the company's office users (create_notification's recipients); false when it has none. */
async function notifyOffice(tx: Tx, auth: TokenClaims, lost: Omit<LostWork, 'office_notified'>): Promise<boolean> {
  const recipients = await officeAdminsOf(tx, auth.company_id);
  if (recipients.length === 0) return false;
  const message = await officeMessage(tx, auth, lost);
  await insertNotifications(
    tx,
    recipients.map((r) => ({
      companyId: auth.company_id,
      accountId: r.id,
      createdBy: null,
      type: 'system' as const,
      topic: 'driver_work_lost' as const,
      title: NOTIFICATION_TOPIC_TITLES.driver_work_lost,
      message,
      orderId: null,
    })),
  );
  return true;
}

/** The office's words (English, as the office's notifications are): who, how many, when last reported, and each action. */
async function officeMessage(tx: Tx, auth: TokenClaims, lost: Omit<LostWork, 'office_notified'>): Promise<string> {
  const count = lostCount(lost);
  const when = `${lost.reported_at.slice(0, 16).replace('T', ' ')} UTC`;
  const head =
    `${driverNameOf(auth)}'s phone last reported ${count} unsent action${count === 1 ? '' : 's'} on ${when}. ` +
    `A sign-in on a new or cleared phone found them gone, and they never reached the server: `;
  const numbers = await orderNumbers(tx, auth, lost.entries);
  const lines = lost.entries.map((e) => {
    const number = e.order_key ? numbers.get(e.order_key) : undefined;
    const order = [number ? `order ${number}` : null, e.display || null].filter(Boolean).join(', ');
    return order ? `${e.label} (${order})` : e.label;
  });
  if (lost.unlisted > 0) lines.push(`${lost.unlisted} more not listed`);
  let message = `${head}${lines.join('; ')}.`;
  if (message.length > MESSAGE_MAX) message = `${message.slice(0, MESSAGE_MAX - 1)}…`;
  return message;
}

/** The order numbers of the reported orders that are still the caller's (the one access check); others are named by the phone's words only. */
async function orderNumbers(tx: Tx, auth: TokenClaims, entries: Pick<UnsentEntry, 'order_key'>[]): Promise<Map<string, string>> {
  const numbers = new Map<string, string>();
  for (const key of new Set(entries.map((e) => e.order_key))) {
    const ref = key ? parseOrderKey(key) : null;
    if (!key || !ref) continue;
    try {
      numbers.set(key, (await requireOrder(tx, auth, ref)).orderNumber);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
  }
  return numbers;
}
