// What a driver does, as fast-check commands on the real phone: deliver (every kind and payment
// path), schedule / reschedule / unschedule / reassign, notes, dismissals and the email
// switches. Each runs the app's own intent; what the intent accepted is recorded in the model
// (an intent that refuses, e.g. a new card not authorized, adds nothing: nothing was promised).
import fc from 'fast-check';
import { readSession, type Session } from '../../../src/db';
import {
  queueDismissAll,
  queueDismissNotification,
  queueKind,
  queueNote,
  queueReassign,
  queueSchedule,
  queueUnschedule,
  type ActionResult,
} from '../../../src/outbox';
import { command } from './command';
import { deliver } from './deliver';
import type { Model, PaymentPath, Real } from './model';
import type { RunOrder } from './world';

/** The signed-in driver's session, or null (the model learns the driver was signed out). */
export async function sessionOf(m: Model, r: Real): Promise<Session | null> {
  const session = await readSession(r.device.db, r.device.clock.t);
  m.signedIn = session !== null;
  return session;
}

/** The open order the driver picks (`pick` modulo the ones that fit), or null. */
export function pickOrder(m: Model, pick: number, fits: (o: RunOrder) => boolean = () => true): RunOrder | null {
  const open = m.world.orders.filter((o) => m.open.has(o.key) && fits(o));
  return open.length ? (open[pick % open.length] ?? null) : null;
}

const at = (r: Real, offsetMs = 0) => new Date(r.device.clock.t + offsetMs);
const accepted = (result: ActionResult): string | null => (result.ok ? result.entryId : null);

const PATHS: readonly PaymentPath[] = ['cash', 'no_payment', 'new_check', 'saved_check', 'existing_card', 'new_card', 'declined_card', 'rto'];

const deliverCommand = fc
  .record({ pick: fc.nat(), path: fc.constantFrom(...PATHS), beganHoursAgo: fc.integer({ min: 1, max: 72 }), minutes: fc.integer({ min: 5, max: 180 }) })
  .map(({ pick, path, beganHoursAgo, minutes }) =>
    command(
      `deliver(${pick}, ${path}, ${beganHoursAgo}h ago, ${minutes} min)`,
      (m) => m.signedIn,
      async (m, r) => {
        const session = await sessionOf(m, r);
        const order = pickOrder(m, pick);
        if (!session || !order) return;
        // A new card is authorized online first: only with the link up (no signal, no card).
        // (Not while the storage is full: its answer may start a background run, see storageCommand.)
        if (path === 'new_card' && (m.link !== 'up' || r.storage.full)) return;
        const began = new Date(Math.floor((r.device.clock.t - beganHoursAgo * 3_600_000) / 60_000) * 60_000);
        const times = {
          began: began.toISOString(),
          ended: new Date(began.getTime() + minutes * 60_000).toISOString(),
          delivered: at(r, -60_000).toISOString(),
        };
        const result = await deliver(r, session, order, path, times);
        if ('refused' in result) return void m.trace.push(`  (the phone refused: ${result.refused})`);
        m.open.delete(order.key);
        m.accepted.push({ what: 'deliver', entryId: result.entryId, orderKey: order.key, orderId: order.id, path: result.path, ...times });
      },
    ),
  );

const noteCommand = fc
  .record({ pick: fc.nat(), words: fc.constantFrom('Gate code 4411', 'Soft ground by the barn', 'Call ahead', 'Ramp left on site') })
  .map(({ pick, words }) =>
    command(
      `note(${pick}, ${words})`,
      (m) => m.signedIn,
      async (m, r) => {
        const session = await sessionOf(m, r);
        const order = pickOrder(m, pick);
        if (!session || !order) return;
        // Unique per run and note, so the server's rows are counted exactly.
        const text = `${words} #${m.accepted.length + 1}-${m.world.driver.id}`;
        const entryId = accepted(await queueNote(r.page.db, session, order, text, at(r)));
        if (entryId) m.accepted.push({ what: 'note', entryId, orderKey: order.key, orderId: order.id, text });
      },
    ),
  );

const scheduleCommand = fc
  .record({ pick: fc.nat(), days: fc.integer({ min: 1, max: 40 }), hour: fc.integer({ min: 12, max: 22 }), unschedule: fc.boolean() })
  .map(({ pick, days, hour, unschedule }) =>
    command(
      `schedule(${pick}, +${days}d ${hour}:00${unschedule ? ', or unschedule' : ''})`,
      (m) => m.signedIn,
      async (m, r) => {
        const session = await sessionOf(m, r);
        const order = pickOrder(m, pick);
        if (!session || !order) return;
        const scheduled = m.scheduled.has(order.key);
        if (scheduled && unschedule) {
          const entryId = accepted(await queueUnschedule(r.page.db, session, order, at(r)));
          if (!entryId) return;
          m.scheduled.delete(order.key);
          m.accepted.push({ what: 'schedule', entryId, orderKey: order.key, orderId: order.id, scheduledDate: null });
          return;
        }
        const when = at(r, days * 86_400_000);
        when.setUTCHours(hour, 0, 0, 0);
        const scheduledDate = when.toISOString();
        const entryId = accepted(await queueSchedule(r.page.db, session, { ...order, scheduledDate, reschedule: scheduled }, at(r)));
        if (!entryId) return;
        m.scheduled.add(order.key);
        m.accepted.push({ what: 'schedule', entryId, orderKey: order.key, orderId: order.id, scheduledDate });
      },
    ),
  );

const reassignCommand = fc.nat().map((pick) =>
  command(
    `reassign(${pick})`,
    (m) => m.signedIn,
    async (m, r) => {
      const session = await sessionOf(m, r);
      const order = pickOrder(m, pick);
      if (!session || !order) return;
      const entryId = accepted(await queueReassign(r.page.db, session, order, m.world.colleague.id, at(r)));
      if (!entryId) return;
      m.open.delete(order.key);
      m.accepted.push({ what: 'reassign', entryId, orderKey: order.key, orderId: order.id });
    },
  ),
);

const dismissCommand = fc.record({ pick: fc.nat(), all: fc.boolean() }).map(({ pick, all }) =>
  command(
    all ? 'dismiss all' : `dismiss(${pick})`,
    (m) => m.signedIn,
    async (m, r) => {
      const session = await sessionOf(m, r);
      if (!session) return;
      const ids = m.world.notifications;
      if (all) {
        const upTo = Math.max(...ids);
        const entryId = accepted(await queueDismissAll(r.page.db, session, upTo, at(r)));
        if (entryId) m.accepted.push({ what: 'dismiss', entryId, orderKey: 'notifications-all', notificationIds: [...ids] });
        return;
      }
      const id = ids[pick % ids.length] ?? 0;
      const result = await queueDismissNotification(r.page.db, session, { id, title: 'Notification' }, at(r));
      const entryId = accepted(result);
      // A second dismissal of one still waiting is the same entry (the intent says so).
      if (entryId && !m.accepted.some((a) => a.entryId === entryId))
        m.accepted.push({ what: 'dismiss', entryId, orderKey: `notification-${id}`, notificationIds: [id] });
    },
  ),
);

const settingsCommand = fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()).map((flags) =>
  command(
    `email switches(${flags.join(', ')})`,
    (m) => m.signedIn,
    async (m, r) => {
      const session = await sessionOf(m, r);
      if (!session) return;
      const [assigned, reassigned, finished] = flags;
      const result = await queueKind(
        r.page.db,
        session,
        'update_driver_email_notifications',
        {
          payload: {
            email_notifications_new_order_assigned: assigned,
            email_notifications_order_reassigned: reassigned,
            email_notifications_order_finished_at_shop: finished,
          },
          name: 'Email notifications',
        },
        at(r),
      );
      const entryId = accepted(result);
      if (entryId) m.accepted.push({ what: 'settings', entryId, orderKey: 'settings-email-notifications', flags });
    },
  ),
);

export const driverCommands = [deliverCommand, noteCommand, scheduleCommand, reassignCommand, dismissCommand, settingsCommand];
