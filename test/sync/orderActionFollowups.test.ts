import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSession } from '../../src/db';
import { ERROR_TEXT, formatScheduledEmailDate } from '../../src/domain';
import { firstValueFrom } from 'rxjs';
import { queueReassign, queueSchedule, recentOutbox$ } from '../../src/outbox';
import { parseMail, startSmtpCapture, type SmtpCapture } from '../integration/mailSupport';
import { activeEntries, DEMO_DRIVER, syncUntilSettled, useSyncServer, type Device } from '../support/device';
import { faultyNetwork } from '../support/faultyFetch';
import type { TestServer, TestServerOptions } from '../support/server';

// The follow-ups of order actions, through the real engine against the real server mailing a
// real SMTP server on loopback: a customer order's schedule or reschedule queued offline sends
// the customer's "order scheduled" email once (SPEC §9's date, after its wait) when the phone
// is back, through a lost answer and a killed tab; a setting that is off sends nothing and is
// recorded as SPEC §8's warning; a reassign emails the driver who took the order; the office is
// notified of each (create_notification), and a refusal of that reads "Failed to notify
// company users" and undoes nothing.

let smtp: SmtpCapture;
let server: TestServer;
let me = 0;
let colleague = 0;
let customerOrders: number[] = [];
let others: { id: number; kind: 'onlot' | 'move' }[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
// Read when the harness starts the server (after the capture above is listening).
const serverOptions: TestServerOptions = {
  get build() {
    return { smtpUrl: smtp.url };
  },
};
const harness = useSyncServer(async ({ server: s }) => {
  server = s;
  const id = async (email: string) => Number((await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [email]))[0]?.id);
  me = await id(DEMO_DRIVER.email);
  colleague = await id('driver2@summit.test');
  const live = `driver_id = $1 AND delivered_at IS NULL AND cancelled_at IS NULL AND NOT is_scheduled_for_delivery`;
  customerOrders = (
    await server.query<{ id: number }>(`SELECT id FROM orders WHERE ${live} AND kind = 'customer' AND customer_email IS NOT NULL ORDER BY id`, [me])
  ).map((r) => r.id);
  others = await server.query<{ id: number; kind: 'onlot' | 'move' }>(`SELECT id, kind FROM orders WHERE ${live} AND kind <> 'customer' ORDER BY id`, [me]);
}, serverOptions);
beforeEach(() => {
  smtp.messages.length = 0;
});

const takeCustomer = (): number => {
  const id = customerOrders.shift();
  if (id === undefined) throw new Error('no seeded customer order left');
  return id;
};
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

async function setScheduledEmail(orderId: number, on: boolean): Promise<void> {
  await server.query(
    `INSERT INTO customer_email_settings (order_id, company_id, order_delivered, order_scheduled) SELECT id, company_id, true, $2 FROM orders WHERE id = $1
    ON CONFLICT (order_id) DO UPDATE SET order_scheduled = $2`,
    [orderId, on],
  );
}

/** Emails of a template logged as sent to a recipient (this file's server only). */
async function sentEmails(template: string, recipient: string | undefined) {
  return server.query<{ recipient: string; n: string }>(
    `SELECT recipient, count(*)::text n FROM email_log WHERE template = $1 AND status = 'sent' AND recipient = $2 GROUP BY recipient`,
    [template, recipient],
  );
}
const smtpMails = (template: string) =>
  smtp.messages.map((m) => ({ to: m.to, mail: parseMail(m.raw) })).filter((m) => m.mail.headers.get('x-driver-app-template') === template);

async function officeNotices(title: string, since: Date) {
  return server.query<{ account_id: number; message: string; order_id: number | null }>(
    `SELECT account_id, message, order_id FROM notifications WHERE created_by = $1 AND title = $2 AND created_at >= $3 ORDER BY id`,
    [me, title, since],
  );
}
const officeUsers = async () =>
  (
    await server.query<{ id: number }>(
      `SELECT id FROM accounts WHERE role = 'office_admin' AND removed_at IS NULL AND company_id = (SELECT company_id FROM accounts WHERE id = $1)`,
      [me],
    )
  ).length;

async function followupsOf(device: Device, entryId: string) {
  return (await device.db.outbox.findOne(entryId).exec())?.toJSON().steps.followups;
}

describe('order actions: emails and office notifications after the commit', () => {
  it("a customer order's schedule queued offline emails the customer once with SPEC's date, after its wait, through a lost answer and a killed tab", async () => {
    const started = new Date();
    // The network lets a send-email reach the server once, then the tab dies before the answer comes back.
    let killOnSend = false;
    let killedAtSend = false;
    const net = faultyNetwork(async (url, init) => {
      const response = await fetch(url, init);
      if (killOnSend && new URL(url).pathname === '/send-email') {
        killOnSend = false;
        killedAtSend = true;
        await response.text();
        return new Promise<Response>(() => undefined);
      }
      return response;
    });
    let device = await harness.signedInDevice({ net, followupWaitMs: 7000, timeoutMs: 600_000 });
    const session = (await readSession(device.db))!;
    const orderId = takeCustomer();
    await setScheduledEmail(orderId, true);
    const when = at(3, 15);

    device.net.offline = true;
    await device.engine.setOnline(false);
    const queued = await queueSchedule(device.db, session, { kind: 'customer', id: orderId, scheduledDate: when, reschedule: false }, new Date(device.clock.t));
    if (!queued.ok) throw new Error('not queued');
    await device.engine.syncNow();
    expect((await activeEntries(device)).map((e) => e.status)).toEqual(['queued']);

    device.net.offline = false;
    device.net.inject(/GET \/api\/driver\/email-info\/customer-order-scheduled/, { kind: 'lose-response' });
    await device.engine.setOnline(true); // the reconnect lets what waited on the network go at once
    await device.engine.syncNow();
    // Committed at once; nothing follows before SPEC §9's wait.
    const [onServer] = await server.query<{ scheduled_date: Date }>('SELECT scheduled_date FROM orders WHERE id = $1', [orderId]);
    expect(onServer?.scheduled_date.toISOString()).toBe(when);
    const waiting = (await device.db.outbox.findOne(queued.entryId).exec())?.toJSON();
    expect(waiting?.steps.response).not.toBeNull();
    expect(waiting?.steps.wait_until).toBe(device.clock.t + 7000);
    expect(device.net.reached(/create_notification|send-email/)).toBe(0);

    device.clock.t += 7000; // the office notification
    await device.engine.syncNow();
    expect(device.net.reached(/POST \/secure\/driver\/create_notification/)).toBe(1);
    expect(device.net.reached(/send-email/)).toBe(0);
    device.clock.t += 7000; // the email's lookup: its answer is lost, so it is asked again later
    await device.engine.syncNow();
    expect([device.net.reached(/email-info/), device.net.reached(/send-email/)]).toEqual([1, 0]);
    device.clock.t += 6 * 60_000; // then the tab dies at the send, after the server took it
    killOnSend = true;
    void device.engine.syncNow();
    for (let i = 0; i < 500 && !killedAtSend; i++) await new Promise((r) => setTimeout(r, 10));
    expect(killedAtSend).toBe(true);
    device.killed = true;
    await harness.forget(device);
    device = await harness.device({ idb: device.idb, followupWaitMs: 7000 });
    device.clock.t += 7000;
    await syncUntilSettled(device);

    const [customer] = await server.query<{ email: string }>('SELECT lower(customer_email) email FROM orders WHERE id = $1', [orderId]);
    expect(await sentEmails('customer-order-scheduled', customer?.email)).toEqual([{ recipient: customer?.email, n: '1' }]);
    const mails = smtpMails('customer-order-scheduled');
    expect(mails.map((m) => m.to)).toEqual([[customer?.email]]);
    const date = formatScheduledEmailDate(when, zone) ?? '';
    expect(date).toMatch(
      /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(st|nd|rd|th)$/,
    );
    expect(mails[0]?.mail.headers.get('subject')).toBe(`Your delivery is scheduled for ${date}`);
    expect(mails[0]?.mail.text).toContain(date);
    // The office heard it once, each office user, about this order.
    const notices = await officeNotices('Order scheduled', started);
    expect(notices).toHaveLength(await officeUsers());
    for (const n of notices) expect([n.order_id, n.message.startsWith(`Delivery scheduled for ${date}`)]).toEqual([orderId, true]);
    expect(await followupsOf(device, queued.entryId)).toMatchObject({ 'notify:office': { status: 'done' }, 'email:customer-scheduled': { status: 'done' } });
  });

  it("a reschedule of an order whose customer turned scheduled emails off sends none: SPEC's warning is recorded and the reschedule stands", async () => {
    const device = await harness.signedInDevice();
    const session = (await readSession(device.db))!;
    const orderId = takeCustomer();
    await setScheduledEmail(orderId, true);
    const t = device.clock.t;
    expect(await queueSchedule(device.db, session, { kind: 'customer', id: orderId, scheduledDate: at(2, 14), reschedule: false }, new Date(t))).toMatchObject({
      ok: true,
    });
    await syncUntilSettled(device);
    expect(smtpMails('customer-order-scheduled')).toHaveLength(1);

    await setScheduledEmail(orderId, false);
    device.net.offline = true;
    const later = at(5, 16);
    const queued = await queueSchedule(device.db, session, { kind: 'customer', id: orderId, scheduledDate: later, reschedule: true }, new Date(t + 1000));
    if (!queued.ok) throw new Error('not queued');
    device.net.offline = false;
    await syncUntilSettled(device);
    const [row] = await server.query<{ scheduled_date: Date }>('SELECT scheduled_date FROM orders WHERE id = $1', [orderId]);
    expect(row?.scheduled_date.toISOString()).toBe(later);
    expect(smtpMails('customer-order-scheduled')).toHaveLength(1); // only the first schedule's
    expect(device.net.reached(/send-email/)).toBe(1);
    const done = (await device.db.outbox.findOne(queued.entryId).exec())?.toJSON();
    expect(done?.status).toBe('done');
    expect(done?.steps.followups['email:customer-scheduled']).toMatchObject({ status: 'skipped', message: ERROR_TEXT.CustomerScheduledEmailSettingOff });
    expect(done?.steps.followups['notify:office']).toMatchObject({ status: 'done' });
    // A warning is not a failure: the outbox drawer lists nothing of it.
    expect(await firstValueFrom(recentOutbox$(device.db, session))).toEqual([]);
  });

  it("a reschedule queued behind a schedule does not wait for the schedule's email, and each email names the date its own action set", async () => {
    const device = await harness.signedInDevice({ followupWaitMs: 7000 });
    const session = (await readSession(device.db))!;
    const orderId = takeCustomer();
    await setScheduledEmail(orderId, true);
    const [first, second] = [at(2, 15), at(6, 15)];
    device.net.offline = true;
    await device.engine.setOnline(false);
    const t = device.clock.t;
    const schedule = await queueSchedule(device.db, session, { kind: 'customer', id: orderId, scheduledDate: first, reschedule: false }, new Date(t));
    const reschedule = await queueSchedule(device.db, session, { kind: 'customer', id: orderId, scheduledDate: second, reschedule: true }, new Date(t + 1000));
    if (!schedule.ok || !reschedule.ok) throw new Error('not queued');
    device.net.offline = false;
    await device.engine.setOnline(true);
    await device.engine.syncNow();
    await device.engine.syncNow();
    // Both committed, in order, before any follow-up's wait ended.
    const [row] = await server.query<{ scheduled_date: Date }>('SELECT scheduled_date FROM orders WHERE id = $1', [orderId]);
    expect(row?.scheduled_date.toISOString()).toBe(second);
    expect(device.net.reached(/create_notification|send-email/)).toBe(0);
    await syncUntilSettled(device);
    const subjects = smtpMails('customer-order-scheduled').map((m) => m.mail.headers.get('subject'));
    expect(subjects).toEqual([first, second].map((d) => `Your delivery is scheduled for ${formatScheduledEmailDate(d, zone)}`));
  });

  it('a reassign emails the driver who took the order once (a lost answer included), and only when their setting allows it', async () => {
    const started = new Date();
    const device = await harness.signedInDevice();
    const session = (await readSession(device.db))!;
    const [first, second] = others;
    if (!first || !second) throw new Error('no seeded inventory orders');
    const [mate] = await server.query<{ email: string; name: string }>("SELECT email, first_name || ' ' || last_name AS name FROM accounts WHERE id = $1", [
      colleague,
    ]);
    const setReassignedEmail = (on: boolean) =>
      server.query(
        `INSERT INTO account_settings (account_id, company_id, email_notifications_order_reassigned) SELECT id, company_id, $2 FROM accounts WHERE id = $1
        ON CONFLICT (account_id) DO UPDATE SET email_notifications_order_reassigned = $2`,
        [colleague, on],
      );

    await setReassignedEmail(true);
    device.net.offline = true;
    const queued = await queueReassign(device.db, session, first, colleague, new Date(device.clock.t));
    if (!queued.ok) throw new Error('not queued');
    device.net.offline = false;
    device.net.inject(/POST \/send-email/, { kind: 'lose-response' });
    await syncUntilSettled(device);
    expect(device.net.reached(/POST \/send-email/)).toBe(2); // lost once; the replay answered from its key
    expect(await sentEmails('driver-reassigned', mate?.email)).toEqual([{ recipient: mate?.email, n: '1' }]);
    expect(smtpMails('driver-reassigned').map((m) => m.to)).toEqual([[mate?.email]]);
    expect(await followupsOf(device, queued.entryId)).toMatchObject({ 'notify:office': { status: 'done' }, 'email:driver-reassigned': { status: 'done' } });
    const notices = await officeNotices('Order reassigned', started);
    expect(notices).toHaveLength(await officeUsers());
    for (const n of notices) expect([n.order_id, n.message.startsWith(`Reassigned to ${mate?.name}`)]).toEqual([null, true]);

    // The colleague turned "order reassigned" emails off: nothing is sent, the warning is kept.
    await setReassignedEmail(false);
    const again = await queueReassign(device.db, session, second, colleague, new Date(device.clock.t + 1000));
    if (!again.ok) throw new Error('not queued');
    await syncUntilSettled(device);
    expect((await server.query<{ driver_id: number }>('SELECT driver_id FROM orders WHERE id = $1', [second.id]))[0]?.driver_id).toBe(colleague);
    expect(await followupsOf(device, again.entryId)).toMatchObject({
      'email:driver-reassigned': { status: 'skipped', message: ERROR_TEXT.DriverEmailSettingOff },
    });
    expect(smtpMails('driver-reassigned')).toHaveLength(1);
  });

  it('a create_notification the server refuses reads "Failed to notify company users"; the schedule and its email stand', async () => {
    const device = await harness.signedInDevice();
    const session = (await readSession(device.db))!;
    const orderId = takeCustomer();
    await setScheduledEmail(orderId, true);
    // The company has no office users to notify for a while.
    const admins = await server.query<{ id: number }>(
      `UPDATE accounts SET removed_at = now() WHERE role = 'office_admin' AND removed_at IS NULL AND company_id = (SELECT company_id FROM accounts WHERE id = $1) RETURNING id`,
      [me],
    );
    try {
      const when = at(4, 13);
      const queued = await queueSchedule(
        device.db,
        session,
        { kind: 'customer', id: orderId, scheduledDate: when, reschedule: false },
        new Date(device.clock.t),
      );
      if (!queued.ok) throw new Error('not queued');
      await syncUntilSettled(device);
      const entry = (await device.db.outbox.findOne(queued.entryId).exec())?.toJSON();
      expect(entry?.status).toBe('done');
      const notify = entry?.steps.followups['notify:office'];
      expect(notify?.status).toBe('failed');
      expect(notify?.message).toMatch(new RegExp(`^${ERROR_TEXT.FailedToNotifyCompanyUsers}`));
      expect(device.net.reached(/POST \/secure\/driver\/create_notification/)).toBe(1); // a refusal is not retried
      const [row] = await server.query<{ scheduled_date: Date; driver_id: number }>('SELECT scheduled_date, driver_id FROM orders WHERE id = $1', [orderId]);
      expect([row?.scheduled_date.toISOString(), row?.driver_id]).toEqual([when, me]);
      expect(entry?.steps.followups['email:customer-scheduled']).toMatchObject({ status: 'done' });
      expect(smtpMails('customer-order-scheduled')).toHaveLength(1);
      // The outbox drawer lists it, with that text (test/unit/ui-outbox-entry-card.test.tsx).
      expect((await firstValueFrom(recentOutbox$(device.db, session))).map((e) => e.id)).toEqual([queued.entryId]);
    } finally {
      await server.query('UPDATE accounts SET removed_at = NULL WHERE id = ANY($1)', [admins.map((a) => a.id)]);
    }
  });
});
