import { map, type Observable } from 'rxjs';
import type { DriverDatabase, OutboxDoc, Session } from '../db';
import { driverScope } from '../db/driverScope';
import { kindDef, OUTBOX_KINDS } from './registry';
import type { SnapshotKey } from './types';

// What a screen of a stored snapshot (the driver's settings) shows while the driver's changes
// to it wait to be sent: read from the kinds that declare `updatesSnapshot`, never by name.
// Only waiting entries count: a refused one (needs attention) shows the stored value again,
// and a committed one's answer is already the stored snapshot (outboxEffects.ts).

const WAITING = ['queued', 'sending'] as const;

/** The driver's entries waiting to change the snapshot `key`, oldest first. */
export function waitingSnapshotChanges$(db: DriverDatabase, session: Session, key: SnapshotKey): Observable<OutboxDoc[]> {
  const kinds = [...OUTBOX_KINDS.values()].filter((def) => def.updatesSnapshot?.key === key).map((def) => def.kind);
  return db.outbox
    .find({ selector: { ...driverScope(session.claims), kind: { $in: kinds }, status: { $in: [...WAITING] } }, sort: [{ created_at: 'asc' }] })
    .$.pipe(map((docs) => docs.map((d) => d.toJSON() as OutboxDoc)));
}

/** The stored snapshot with each waiting change laid over it in order: the latest one wins. */
export function withWaitingChanges<T extends object>(stored: T, waiting: readonly OutboxDoc[]): T {
  return waiting.reduce<T>((shown, entry) => ({ ...shown, ...kindDef(entry.kind)?.updatesSnapshot?.shows(entry.payload) }), stored);
}
