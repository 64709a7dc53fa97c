import { clockDate } from '../clock';
import { map, type Observable } from 'rxjs';
import type { DismissalState, DriverNotification, PendingDismissals } from '../domain';
import type { DriverDatabase, OutboxDoc, Session } from '../db';
import { driverScope } from '../db/driverScope';
import { isCommitted, retryOutboxEntry } from './entries';
import { dismissAllNotifications } from './kinds/dismissAllNotifications';
import { dismissNotification } from './kinds/dismissNotification';
import type { ActionResult } from './orderActions';
import { activeEntryFor, queue } from './queue';
import { kindDef, OUTBOX_KINDS } from './registry';
import type { Dismissal } from './types';

// The driver's notification actions (SPEC §4: dismiss one, dismiss all), queued like every
// other action so they work offline. Each dismissal has its own outbox key, so one the server
// refuses never holds back the others. The screen hides what is waiting to be dismissed
// (`dismissalState`) instead of patching the stored snapshot: the next pull brings the
// server's truth, and a refused dismissal shows its notification again by itself.

/** The kinds that dismiss notifications (they declare `dismisses`). */
const NOTIFICATION_KINDS: readonly string[] = [...OUTBOX_KINDS.values()].filter((def) => def.dismisses !== undefined).map((def) => def.kind);

/** What an entry dismisses, from its kind's declaration; null for any other kind. */
function dismissalOf(entry: OutboxDoc): Dismissal | null {
  return kindDef(entry.kind)?.dismisses?.(entry.payload) ?? null;
}
const CLEAR_ALL_KEY = 'notifications-all';
const notificationKey = (id: number): string => `notification-${id}`;

/** A second press while one is waiting is the same dismissal; on one the server refused, it is Retry. */
async function sameAsWaiting(db: DriverDatabase, session: Session, key: string): Promise<ActionResult | null> {
  const existing = await activeEntryFor(db, session, key);
  if (!existing) return null;
  if (existing.status === 'needs_attention') await retryOutboxEntry(db, session, existing.id);
  return { ok: true, entryId: existing.id };
}

export async function queueDismissNotification(
  db: DriverDatabase,
  session: Session,
  notification: Pick<DriverNotification, 'id' | 'title'>,
  now: Date = clockDate(),
): Promise<ActionResult> {
  const key = notificationKey(notification.id);
  const waiting = await sameAsWaiting(db, session, key);
  if (waiting) return waiting;
  const entry = await queue(
    db,
    session,
    dismissNotification,
    {
      orderKey: key,
      payload: { notification_id: notification.id },
      // The outbox drawer names an entry by its display: here, the notification's title.
      display: { name: notification.title, model: '', serial: '' },
    },
    now,
  );
  return { ok: true, entryId: entry.id };
}

/** Clear all: every active notification up to `upToId`, the newest one the driver saw. */
export async function queueDismissAll(db: DriverDatabase, session: Session, upToId: number, now: Date = clockDate()): Promise<ActionResult> {
  const entry = await queue(
    db,
    session,
    dismissAllNotifications,
    {
      orderKey: CLEAR_ALL_KEY,
      payload: { up_to_id: upToId },
      display: { name: 'All notifications', model: '', serial: '' },
    },
    now,
  );
  return { ok: true, entryId: entry.id };
}

/** The driver's dismissals in any state, newest first (the screen derives what is pending). */
export function notificationDismissals$(db: DriverDatabase, session: Session): Observable<OutboxDoc[]> {
  return db.outbox
    .find({
      selector: { ...driverScope(session.claims), kind: { $in: [...NOTIFICATION_KINDS] } },
      sort: [{ created_at: 'desc' }],
    })
    .$.pipe(map((docs) => docs.map((d) => d.toJSON() as OutboxDoc)));
}

function collect(entries: readonly OutboxDoc[]): PendingDismissals {
  const ids = new Set<number>();
  let upToId: number | null = null;
  for (const dismissal of entries.map(dismissalOf)) {
    for (const id of dismissal?.ids ?? []) ids.add(id);
    if (dismissal?.upToId != null) upToId = Math.max(upToId ?? 0, dismissal.upToId);
  }
  return { ids, upToId };
}

/**
 * What the stored snapshot may not show yet: dismissals waiting (queued or sending), and
 * those the server took (committed), which stay true whatever the snapshot's age since the
 * server never un-dismisses. A refused one (needs attention) counts as neither: its
 * notification shows again. A sent Clear all that named no id (no build sends one) is left
 * to the next pull.
 */
export function dismissalState(entries: readonly OutboxDoc[]): DismissalState {
  const committed = (entry: OutboxDoc) => entry.status === 'done' || isCommitted(entry);
  return {
    waiting: collect(entries.filter((e) => !committed(e) && (e.status === 'queued' || e.status === 'sending'))),
    sent: collect(entries.filter((e) => committed(e) && dismissalOf(e)?.upToId !== Infinity)),
  };
}

/** The refused ones, for the screen's needs-attention cards (Retry, Discard). */
export function refusedDismissals(entries: readonly OutboxDoc[]): OutboxDoc[] {
  return entries.filter((entry) => entry.status === 'needs_attention');
}
