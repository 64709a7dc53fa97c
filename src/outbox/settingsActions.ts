import { clockDate } from '../clock';
import type { DriverEmailNotifications } from '../domain';
import type { DriverDatabase, Session } from '../db';
import { discardOutboxEntry } from './entries';
import { updateEmailNotifications } from './kinds/updateEmailNotifications';
import type { ActionResult } from './orderActions';
import { activeEntriesSelector, queue } from './queue';

// The driver's settings changes that work offline: the three email-notification switches.
// Every change goes under one outbox key, so the server gets them strictly in order and the
// last one the driver made is the last one it stores.

export const EMAIL_NOTIFICATIONS_KEY = 'settings-email-notifications';

/**
 * Queues all three flags as the switches now show them. A second change while one waits is a
 * new entry, not an edit of the waiting one: the processor may be sending that one's payload
 * at this moment (another thread), and an entry is the snapshot it was validated as. A change
 * the server refused is superseded: the switches show the stored flags again, so the new entry
 * already says everything the driver now wants, and left behind it would hold every later
 * change back on the key until discarded.
 */
export async function queueEmailNotifications(
  db: DriverDatabase,
  session: Session,
  flags: DriverEmailNotifications,
  /** What the outbox drawer calls the entry, in the driver's language. */
  name: string,
  now: Date = clockDate(),
): Promise<ActionResult> {
  const refused = await db.outbox.find({ selector: { ...activeEntriesSelector(session, EMAIL_NOTIFICATIONS_KEY), status: 'needs_attention' } }).exec();
  for (const doc of refused) await discardOutboxEntry(db, session, doc.id);
  const entry = await queue(
    db,
    session,
    updateEmailNotifications,
    { orderKey: EMAIL_NOTIFICATIONS_KEY, payload: flags, display: { name, model: '', serial: '' } },
    now,
  );
  return { ok: true, entryId: entry.id };
}
