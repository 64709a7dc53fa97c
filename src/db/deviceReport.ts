import { map, type Observable } from 'rxjs';
import type { LostWork } from '../domain';
import type { DriverDatabase } from './database';
import { driverKey, type DriverIdentity } from './driverScope';
import { uuidv4 } from './uuid';
import { watchLocal } from './watchLocal';

// Lost local work (issue 24 item 7; src/domain/unsentReport.ts): this phone database's own id,
// what it last told the server it holds unsent (per driver), and the notice of work another
// phone of the driver lost. Local documents die with the database, which is the point: a
// database the browser cleared comes back without an id, and its first report says so.

const DEVICE_ID = 'device';

export interface DeviceIdentity {
  /** Made once per database (a random UUID): the server keeps one report per account and id. */
  id: string;
  /** The server answered a report from this database: later ones are not "first". */
  answered: boolean;
}

/** This database's identity, made on first use. */
export async function deviceIdentity(db: DriverDatabase): Promise<DeviceIdentity> {
  const doc = await db.getLocal<DeviceIdentity>(DEVICE_ID);
  if (doc) return doc.toJSON().data;
  const made: DeviceIdentity = { id: uuidv4(), answered: false };
  await db.upsertLocal<DeviceIdentity>(DEVICE_ID, made);
  return made;
}

export async function markDeviceAnswered(db: DriverDatabase, device: DeviceIdentity): Promise<void> {
  if (!device.answered) await db.upsertLocal<DeviceIdentity>(DEVICE_ID, { ...device, answered: true });
}

/** The last report sent for a driver: what it said, its body as sent and its Idempotency-Key, answered or not. */
export interface LastUnsentReport {
  /** The report's facts (not whether it was the database's first): unchanged facts are not sent again. */
  signature: string;
  body: string;
  key: string;
  answered: boolean;
}

const lastReportId = (who: DriverIdentity) => `unsent-report:${driverKey(who)}`;

export async function readLastUnsentReport(db: DriverDatabase, who: DriverIdentity): Promise<LastUnsentReport | null> {
  return (await db.getLocal<LastUnsentReport>(lastReportId(who)))?.toJSON().data ?? null;
}

export async function writeLastUnsentReport(db: DriverDatabase, who: DriverIdentity, report: LastUnsentReport): Promise<void> {
  await db.upsertLocal<LastUnsentReport>(lastReportId(who), report);
}

/** The driver's notice of lost work, until they close it. */
export interface LostWorkNote extends LostWork {
  company_id: number;
  account_id: number;
  /** When this phone heard it (ISO). */
  noticed_at: string;
}

const lostWorkId = (who: DriverIdentity) => `lost-work:${driverKey(who)}`;

export async function writeLostWorkNote(db: DriverDatabase, note: LostWorkNote): Promise<void> {
  await db.upsertLocal<LostWorkNote>(lostWorkId(note), note);
}

export function lostWorkNote$(db: DriverDatabase, who: DriverIdentity): Observable<LostWorkNote | null> {
  return watchLocal<LostWorkNote>(db, lostWorkId(who)).pipe(map((doc) => (doc ? (doc.toJSON().data as LostWorkNote) : null)));
}

/** The driver read the notice. */
export async function closeLostWorkNote(db: DriverDatabase, who: DriverIdentity): Promise<void> {
  const doc = await db.getLocal(lostWorkId(who));
  await doc?.remove();
}
