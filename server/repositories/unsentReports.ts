// device_unsent_reports (migration 0020): each phone's last report of what it holds unsent, by
// account and phone database (src/domain/unsentReport.ts). The rules are services/unsentReports.ts's.
import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { TokenClaims, UnsentReportBody } from '../../src/domain';
import type { Executor, Tx } from '../db/client';
import { deviceUnsentReports } from '../db/schema';

export type DeviceReportRow = typeof deviceUnsentReports.$inferSelect;

/** A phone's reports with nothing unsent are forgotten this long after its last one. */
const QUIET_REPORTS_KEPT_DAYS = 90;

const callers = (auth: TokenClaims) => and(eq(deviceUnsentReports.accountId, auth.account_id), eq(deviceUnsentReports.companyId, auth.company_id));

/** Stores the phone's report (its last one replaced); a new report is a new fact, so no loss of it was announced yet. */
export async function storeDeviceReport(tx: Tx, auth: TokenClaims, body: UnsentReportBody): Promise<void> {
  const report = { unsent: body.unsent, entries: body.entries, reportedAt: sql`now()`, lossAnnouncedAt: null };
  await tx
    .insert(deviceUnsentReports)
    .values({ accountId: auth.account_id, companyId: auth.company_id, deviceId: body.device_id, ...report })
    .onConflictDoUpdate({ target: [deviceUnsentReports.accountId, deviceUnsentReports.deviceId], set: { companyId: auth.company_id, ...report } });
}

/** The account's other phones whose last report held something unsent and whose loss was never announced, locked, oldest first. */
export function openReportsOfOtherDevices(tx: Tx, auth: TokenClaims, deviceId: string): Promise<DeviceReportRow[]> {
  return tx
    .select()
    .from(deviceUnsentReports)
    .where(and(callers(auth), ne(deviceUnsentReports.deviceId, deviceId), gt(deviceUnsentReports.unsent, 0), isNull(deviceUnsentReports.lossAnnouncedAt)))
    .orderBy(asc(deviceUnsentReports.reportedAt))
    .for('update');
}

/** Marks these phones' reports as announced (each loss is told once). */
export async function markLossAnnounced(tx: Tx, auth: TokenClaims, deviceIds: string[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await tx
    .update(deviceUnsentReports)
    .set({ lossAnnouncedAt: sql`now()` })
    .where(and(callers(auth), inArray(deviceUnsentReports.deviceId, deviceIds)));
}

/** Forgets the account's quiet phones (nothing unsent) not heard from for QUIET_REPORTS_KEPT_DAYS. */
export async function forgetQuietDevices(db: Executor, auth: TokenClaims): Promise<void> {
  await db
    .delete(deviceUnsentReports)
    .where(
      and(callers(auth), eq(deviceUnsentReports.unsent, 0), lt(deviceUnsentReports.reportedAt, sql`now() - make_interval(days => ${QUIET_REPORTS_KEPT_DAYS})`)),
    );
}
