// Lost local work (issue 24 item 7; src/domain/unsentReport.ts): after each push, the run tells
// the server what this phone still holds unsent for the signed-in driver, when that changed since
// the server last heard it (an idle phone sends nothing). The first report of this database asks,
// in effect, "did a phone of this driver lose work?": the answer's `lost` becomes the driver's
// notice (src/db/deviceReport.ts), shown until they close it.
import { UNSENT_REPORT_API, UNSENT_REPORT_MAX_ENTRIES, parseOrderKey, type UnsentEntry, type UnsentReportBody } from '../domain';
import {
  deviceIdentity,
  driverScope,
  markDeviceAnswered,
  readImpersonationNote,
  readLastUnsentReport,
  uuidv7,
  writeLastUnsentReport,
  writeLostWorkNote,
  type DriverDatabase,
  type OutboxDoc,
  type Session,
} from '../db';
import { activeEntriesSelector, isCommitted, kindLabel } from '../outbox';
import type { HttpClient } from './http';
import { TransportError } from './transportError';

export interface UnsentReportDeps {
  db: DriverDatabase;
  http: HttpClient;
  session: Session;
  now: () => number;
  log?: (message: string, error?: unknown) => void;
}

/** What a report reads of an entry. */
export type ReportedEntry = Pick<OutboxDoc, 'id' | 'kind' | 'display' | 'order_key' | 'created_at' | 'status'>;

/** How the phone names an entry to the server (the office reads the English label). */
function reported(entry: ReportedEntry): UnsentEntry {
  const display = entry.display ? [entry.display.name, entry.display.model, entry.display.serial].filter(Boolean).join(' · ') : '';
  return {
    id: entry.id,
    kind: entry.kind,
    label: kindLabel(entry.kind, 'en').slice(0, 100),
    // Dismissals and settings are keyed by what they touch, not by an order.
    order_key: parseOrderKey(entry.order_key) ? entry.order_key : null,
    display: display.slice(0, 300),
    created_at: entry.created_at,
    needs_attention: entry.status === 'needs_attention',
  };
}

/** What a report says of this database and the driver's uncommitted entries (oldest first); the fleet load test's phones say it too. */
export function unsentFacts(deviceId: string, entries: readonly ReportedEntry[]): Omit<UnsentReportBody, 'first'> {
  return { device_id: deviceId, unsent: entries.length, entries: entries.slice(0, UNSENT_REPORT_MAX_ENTRIES).map(reported) };
}

/** The driver's entries the server has not committed, oldest first. */
async function unsentEntries(db: DriverDatabase, session: Session): Promise<OutboxDoc[]> {
  const docs = await db.outbox.find({ selector: activeEntriesSelector(session), sort: [{ created_at: 'asc' }] }).exec();
  return docs.filter((doc) => !isCommitted(doc)).map((doc) => doc.toMutableJSON());
}

/**
 * Sends the report when it says something new. A failure is logged and the run goes on (the
 * next run tries again with the same key, so an answer lost on the way is replayed), except a
 * refused session or contract, which the run handles like any call's.
 */
export async function reportUnsent(deps: UnsentReportDeps): Promise<void> {
  const { db, session } = deps;
  // The office viewing as a driver is not the driver's phone: its report would announce a loss that is not one.
  if (await readImpersonationNote(db)) return;
  const device = await deviceIdentity(db);
  const entries = await unsentEntries(db, session);
  const facts = unsentFacts(device.id, entries);
  const signature = JSON.stringify(facts);
  const last = await readLastUnsentReport(db, session.claims);
  if (last?.answered && last.signature === signature) return;
  const body: UnsentReportBody = { ...facts, first: !device.answered };
  const text = JSON.stringify(body);
  // The same report tried again keeps its key: an answer lost on the way is replayed, not recomputed.
  const key = last && !last.answered && last.body === text ? last.key : `${uuidv7(deps.now())}:unsent-report`;
  await writeLastUnsentReport(db, session.claims, { signature, body: text, key, answered: false });
  try {
    const answer = await deps.http.call(`POST ${UNSENT_REPORT_API.report}`, body, { idempotencyKey: key });
    if (answer.lost) await writeLostWorkNote(db, { ...answer.lost, ...driverScope(session.claims), noticed_at: new Date(deps.now()).toISOString() });
    await writeLastUnsentReport(db, session.claims, { signature, body: text, key, answered: true });
    await markDeviceAnswered(db, device);
  } catch (error) {
    if (error instanceof TransportError && (error.kind === 'auth' || error.kind === 'upgrade')) throw error;
    // A refusal is not retried with the same key (it would be refused again): the next report makes a new one.
    if (error instanceof TransportError && error.kind === 'permanent')
      await writeLastUnsentReport(db, session.claims, { signature, body: '', key, answered: false });
    deps.log?.('sync: the unsent report failed', error);
  }
}
