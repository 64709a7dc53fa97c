import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { lostWorkNote$, readSession, type LostWorkNote } from '../../src/db';
import { UNSENT_REPORT_API } from '../../src/domain';
import { queueNote, queueUnschedule } from '../../src/outbox';
import { DEMO_DRIVER, onlotOrderIds, prepareOnlotDelivery, useSyncServer, type Device } from '../support/device';
import type { TestServer } from '../support/server';

// Lost local work (issue 24 item 7), the real engine against the real server on loopback. The
// driver works offline; back in signal, the server refuses the work for a while (503), and the
// run reports what the phone still holds. Then the browser clears the site's storage (Safari,
// 7 days unused): a new phone database signs in with an empty queue and is told what never
// arrived, by action and order, and the office's users are notified. An action the server did
// commit (its answer lost on the way, so the last report still listed it) is not. Nothing is
// told twice, and a run with nothing new to say sends no report.

let server: TestServer;
const harness = useSyncServer(({ server: s }) => {
  server = s;
  return Promise.resolve();
});

const REPORT = new RegExp(`^POST ${UNSENT_REPORT_API.report}$`);
const NOTE = /^POST \/secure\/driver\/create_order_note$/;

async function noteOf(device: Device): Promise<LostWorkNote | null> {
  const session = await readSession(device.db);
  if (!session) throw new Error('not signed in');
  return firstValueFrom(lostWorkNote$(device.db, session.claims));
}

describe('work lost with a cleared phone', () => {
  it('is named to the driver on the next sign-in with an empty queue, and the office is told', async () => {
    const phone = await harness.signedInDevice();
    const session = await readSession(phone.db);
    if (!session) throw new Error('not signed in');
    // Signed in and synced: one report (nothing unsent), nothing lost.
    expect(phone.net.reached(REPORT)).toBe(1);
    expect(await noteOf(phone)).toBeNull();

    // Offline: a delivery, a note and an unschedule.
    phone.net.offline = true;
    const [onlot, other] = await onlotOrderIds(phone);
    if (onlot === undefined || other === undefined) throw new Error('the demo driver needs two on-lot orders');
    const delivery = await prepareOnlotDelivery(phone, onlot, 1);
    const note = await queueNote(phone.db, session, { kind: 'onlot', id: other }, 'Gate code 4411');
    // The phone unschedules only an order it knows as scheduled: as the office had scheduled it.
    await (await phone.db.orders.findOne(`oio-${other}`).exec())?.incrementalPatch({
      is_scheduled_for_delivery: true,
      scheduled_date: '2026-12-01T15:00:00.000Z',
    });
    const unschedule = await queueUnschedule(phone.db, session, { kind: 'onlot', id: other });
    if (!note.ok || !unschedule.ok) throw new Error('not queued');

    // Back in signal: the server is overloaded for the delivery and the unschedule, and the
    // note's answer is lost after the server committed it. The report still goes.
    phone.net.offline = false;
    phone.net.inject(/^POST \/(upload|secure\/driver\/(deliver|unschedule))/, { kind: 'status', status: 503 }, 50);
    phone.net.inject(NOTE, { kind: 'lose-response' });
    await phone.engine.syncNow();
    expect(phone.net.reached(NOTE)).toBe(1);
    expect(phone.net.reached(REPORT)).toBe(2);
    const [row] = await server.query<{ unsent: number; entries: { id: string; kind: string; order_key: string }[] }>(
      `SELECT r.unsent, r.entries FROM device_unsent_reports r JOIN accounts a ON a.id = r.account_id WHERE a.email = $1 AND r.unsent > 0`,
      [DEMO_DRIVER.email],
    );
    expect(row?.unsent).toBe(3);
    // The note is listed: the phone never heard that it arrived.
    expect(row?.entries.map((e) => e.id).sort()).toEqual([delivery, note.entryId, unschedule.entryId].sort());
    const officeBefore = await officeNoticeCount();

    // The phone goes unused; the browser drops everything of the origin. A new database signs in.
    await harness.forget(phone);
    const cleared = await harness.signedInDevice();
    expect(cleared.net.reached(REPORT)).toBe(1);
    const notice = await noteOf(cleared);
    expect(notice).toMatchObject({
      unlisted: 0,
      office_notified: true,
      entries: [
        { id: delivery, kind: 'deliver_onlot', label: 'On-lot delivery', order_key: `oio-${onlot}` },
        { id: unschedule.entryId, kind: 'unschedule_order', order_key: `oio-${other}` },
      ],
    });
    expect(notice?.entries.some((e) => e.id === note.entryId)).toBe(false); // it reached the server
    expect(notice?.entries[0]?.display).toMatch(/ · /); // the order as the driver named it
    expect(await cleared.db.outbox.count().exec()).toBe(0);
    const office = await officeNotices(officeBefore);
    expect(office.length).toBeGreaterThan(0);
    expect(office[0]?.message).toMatch(/2 unsent actions/);
    // Nothing changed since on this phone: its next run sends no report.
    cleared.clock.t += 60_000;
    await cleared.engine.syncNow();
    expect(cleared.net.reached(REPORT)).toBe(1);

    // Told once: another new database learns nothing more, and the office hears nothing more.
    const another = await harness.signedInDevice();
    expect(await noteOf(another)).toBeNull();
    expect((await officeNotices(officeBefore)).length).toBe(office.length);
  });
});

async function officeNoticeCount(): Promise<number> {
  const [row] = await server.query<{ n: number }>(`SELECT count(*)::int n FROM notifications WHERE topic = 'driver_work_lost'`);
  return row?.n ?? 0;
}

async function officeNotices(skip: number): Promise<{ message: string }[]> {
  const rows = await server.query<{ message: string }>(`SELECT message FROM notifications WHERE topic = 'driver_work_lost' ORDER BY id`);
  return rows.slice(skip);
}
