import { afterEach, describe, expect, it } from 'vitest';
import type { DriverDatabase, OrderDoc } from '../../src/db';
import { patchDraft, readOrdersRefresh, settleOrdersRefresh } from '../../src/db';
import {
  applyOptimistic,
  discardOutboxEntry,
  queueDelivery,
  queueNote,
  queueReassign,
  queueSchedule,
  queueUnschedule,
  retryOutboxEntry,
} from '../../src/outbox';
import { freshIndexedDB } from '../support/fakeDb';
import { onlotOrderRow } from '../support/orderRow';
import { makeSession } from '../support/session';

const opened: DriverDatabase[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.close();
});

const NOW = new Date('2026-11-20T12:00:00.000Z');

async function openDb() {
  const db = await freshIndexedDB().open();
  opened.push(db);
  return db;
}

function orderRow(session: ReturnType<typeof makeSession>, patch: Partial<OrderDoc> = {}): OrderDoc {
  return onlotOrderRow(session.claims, { updated_at: NOW.toISOString(), ...patch });
}

describe('order action intents', () => {
  it('queues a schedule with the server body, names the order, and shows it scheduled on the list at once', async () => {
    const db = await openDb();
    const session = makeSession();
    await db.orders.insert(orderRow(session));
    const result = await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-11-23T15:00:00.000Z', reschedule: false }, NOW);
    expect(result.ok).toBe(true);
    const [entry] = await db.outbox.find().exec();
    expect(entry?.kind).toBe('schedule_onlot');
    expect(entry?.payload).toEqual({ onlot_inventory_order_id: 7, scheduled_date: '2026-11-23T15:00:00.000Z' });
    expect(entry?.display).toEqual({ name: 'Dealer', model: '10x12 Lofted Barn', serial: 'S-7' });
    const row = await db.orders.findOne('oio-7').exec();
    expect(row?.is_scheduled_for_delivery).toBe(true);
    expect(row?.scheduled_date).toBe('2026-11-23T15:00:00.000Z');

    expect(await queueSchedule(db, session, { kind: 'customer', id: 3, scheduledDate: '2026-11-24T09:30:00.000Z', reschedule: true }, NOW)).toMatchObject({
      ok: true,
    });
    expect((await db.outbox.find({ selector: { order_key: 'co-3' } }).exec())[0]?.kind).toBe('reschedule_customer');
  });

  it('follows the order as the phone knows it: a "reschedule" of an unscheduled order schedules it; an unscheduled order is not unscheduled', async () => {
    // Before: both were queued and refused by the server (409) after the driver had moved on.
    const db = await openDb();
    const session = makeSession();
    await db.orders.insert(orderRow(session));
    expect(await queueUnschedule(db, session, { kind: 'onlot', id: 7 }, NOW)).toEqual({
      ok: false,
      error: 'FailedToUnscheduleOrder',
      message: 'Failed to unschedule order: the order is not scheduled',
    });
    expect(await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-11-23T15:00:00.000Z', reschedule: true }, NOW)).toMatchObject({
      ok: true,
    });
    // Scheduled now (on the list at once): a plain "schedule" of it is a reschedule.
    const later = new Date(NOW.getTime() + 1000);
    expect(await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-11-24T15:00:00.000Z', reschedule: false }, later)).toMatchObject({
      ok: true,
    });
    const kinds = (await db.outbox.find({ sort: [{ created_at: 'asc' }, { id: 'asc' }] }).exec()).map((e) => e.kind);
    expect(kinds).toEqual(['schedule_onlot', 'reschedule_onlot']);
  });

  it('refuses a date outside the scheduling window or not a timestamp, with the SPEC §8 text, inserting nothing', async () => {
    const db = await openDb();
    const session = makeSession();
    await db.orders.insert(orderRow(session));
    const past = await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-09-01T10:00:00.000Z', reschedule: false }, NOW);
    expect(past).toMatchObject({ ok: false, error: 'FailedToScheduleDelivery' });
    expect(!past.ok && past.message).toContain('Failed to schedule delivery: scheduled_date is more than 31 days in the past');
    const far = await queueSchedule(db, session, { kind: 'move', id: 8, scheduledDate: '2029-01-01T10:00:00.000Z', reschedule: true }, NOW);
    expect(far).toMatchObject({ ok: false, error: 'FailedToRescheduleDelivery' });
    const notIso = await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-11-23 15:00', reschedule: false }, NOW);
    expect(notIso).toMatchObject({ ok: false, error: 'FailedToScheduleDelivery' });
    expect(!notIso.ok && notIso.message).toContain('scheduled_date');
    const badId = await queueSchedule(db, session, { kind: 'onlot', id: 0, scheduledDate: '2026-11-23T15:00:00.000Z', reschedule: false }, NOW);
    expect(badId).toMatchObject({ ok: false, error: 'FailedToScheduleDelivery' });
    expect(await db.outbox.count().exec()).toBe(0);
    expect((await db.orders.findOne('oio-7').exec())?.is_scheduled_for_delivery).toBe(false);
  });

  it('unschedules at once on the list; reassign refuses the driver themself; a note is trimmed and refused when empty or too long', async () => {
    const db = await openDb();
    const session = makeSession();
    await db.orders.insert(orderRow(session, { is_scheduled_for_delivery: true, scheduled_date: '2026-11-22T10:00:00.000Z' }));
    expect(await queueUnschedule(db, session, { kind: 'onlot', id: 7 }, NOW)).toMatchObject({ ok: true });
    const row = await db.orders.findOne('oio-7').exec();
    expect([row?.is_scheduled_for_delivery, row?.scheduled_date]).toEqual([false, null]);

    const self = await queueReassign(db, session, { kind: 'onlot', id: 7 }, session.claims.account_id, NOW);
    expect(self).toEqual({ ok: false, error: 'FailedToReassignOrder', message: 'Failed to reassign order: the order is already assigned to you' });
    expect(await queueReassign(db, session, { kind: 'onlot', id: 7 }, 1.5, NOW)).toMatchObject({ ok: false, error: 'FailedToReassignOrder' });
    const later = (s: number) => new Date(NOW.getTime() + s * 1000);
    expect(await queueReassign(db, session, { kind: 'onlot', id: 7 }, session.claims.account_id + 1, later(1))).toMatchObject({ ok: true });

    expect(await queueNote(db, session, { kind: 'onlot', id: 7 }, '   ', NOW)).toMatchObject({ ok: false, error: 'FailedToAddNote' });
    expect(await queueNote(db, session, { kind: 'onlot', id: 7 }, 'x'.repeat(2001), NOW)).toMatchObject({ ok: false, error: 'FailedToAddNote' });
    // A NUL is dropped as the note is queued (src/domain/text.ts): one that was nothing else is empty.
    expect(await queueNote(db, session, { kind: 'onlot', id: 7 }, ' \u0000 ', NOW)).toMatchObject({ ok: false, error: 'FailedToAddNote' });
    expect(await queueNote(db, session, { kind: 'onlot', id: 7 }, '  Gate code 1234  ', later(2))).toMatchObject({ ok: true });
    const kinds = (await db.outbox.find({ sort: [{ created_at: 'asc' }, { id: 'asc' }] }).exec()).map((e) => [e.kind, e.payload]);
    expect(kinds).toEqual([
      ['unschedule_order', { onlot_inventory_order_id: 7 }],
      ['reassign_order', { onlot_inventory_order_id: 7, driver_id: session.claims.account_id + 1 }],
      ['create_order_note', { onlot_inventory_order_id: 7, note: 'Gate code 1234' }],
    ]);
  });

  it('a queued schedule does not stand in for a delivery: Deliver behind it queues the delivery', async () => {
    const db = await openDb();
    const session = makeSession();
    await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-11-23T15:00:00.000Z', reschedule: false }, NOW);
    await patchDraft(db, session, 'onlot', 7, {});
    // The delivery is still checked by its own rules (no photos here), not answered with the schedule's id.
    expect(await queueDelivery(db, session, 'onlot', 7, NOW)).toMatchObject({ ok: false });
  });
});

describe('optimistic list rows', () => {
  const attention = async (db: DriverDatabase, id: string) => {
    await (await db.outbox.findOne(id).exec())?.incrementalPatch({ status: 'needs_attention' });
  };
  const rowOf = async (db: DriverDatabase) => {
    const row = await db.orders.findOne('oio-7').exec();
    return [row?.is_scheduled_for_delivery, row?.scheduled_date, row?.order_status];
  };
  const SERVER_ROW = [false, null, 'Ready for Delivery'];

  it('a pull that overwrote the row is patched again by the entries still waiting, the latest winning; a refused one shows nothing', async () => {
    const db = await openDb();
    const session = makeSession();
    await db.orders.insert(orderRow(session));
    const later = (s: number) => new Date(NOW.getTime() + s * 1000);
    const first = await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-11-23T15:00:00.000Z', reschedule: false }, later(1));
    const second = await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-11-25T08:00:00.000+02:00', reschedule: true }, later(2));
    expect(await rowOf(db)).toEqual([true, '2026-11-25T06:00:00.000Z', 'Scheduled for Delivery']);
    // The server's row (as a full re-read brings it) overwrites the patch; the waiting entries patch it again.
    await db.orders.upsert(orderRow(session));
    await applyOptimistic(db, session);
    expect(await rowOf(db)).toEqual([true, '2026-11-25T06:00:00.000Z', 'Scheduled for Delivery']);
    // The first is refused: the second, still waiting behind it, keeps its patch.
    if (!first.ok || !second.ok) throw new Error('not queued');
    await attention(db, first.entryId);
    await db.orders.upsert(orderRow(session));
    await applyOptimistic(db, session);
    expect(await rowOf(db)).toEqual([true, '2026-11-25T06:00:00.000Z', 'Scheduled for Delivery']);
    // Both refused: the server's row stands.
    await attention(db, second.entryId);
    await db.orders.upsert(orderRow(session));
    await applyOptimistic(db, session);
    expect(await rowOf(db)).toEqual(SERVER_ROW);
    // Retry: waiting again, shown again at once.
    await retryOutboxEntry(db, session, second.entryId);
    expect(await rowOf(db)).toEqual([true, '2026-11-25T06:00:00.000Z', 'Scheduled for Delivery']);
  });

  it('discarding a schedule asks the next pull to read the list again; discarding a note does not', async () => {
    const db = await openDb();
    const session = makeSession();
    await db.orders.insert(orderRow(session));
    const note = await queueNote(db, session, { kind: 'onlot', id: 7 }, 'Gate code 1234', NOW);
    if (!note.ok) throw new Error('not queued');
    await attention(db, note.entryId);
    await discardOutboxEntry(db, session, note.entryId);
    expect(await readOrdersRefresh(db, session)).toBeNull();

    const schedule = await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-11-23T15:00:00.000Z', reschedule: false }, NOW);
    if (!schedule.ok) throw new Error('not queued');
    // A queued entry cannot be discarded (only one the server refused).
    await discardOutboxEntry(db, session, schedule.entryId);
    expect(await readOrdersRefresh(db, session)).toBeNull();
    await attention(db, schedule.entryId);
    await discardOutboxEntry(db, session, schedule.entryId);
    expect(await db.outbox.findOne(schedule.entryId).exec()).toBeNull();
    const request = await readOrdersRefresh(db, session);
    expect(request).toEqual(expect.any(String));
    // Per driver: another driver on this phone has no request.
    expect(await readOrdersRefresh(db, makeSession({ accountId: 2 }))).toBeNull();
    // A pull settles only the request it served.
    await settleOrdersRefresh(db, session, 'another request');
    expect(await readOrdersRefresh(db, session)).toBe(request);
    await settleOrdersRefresh(db, session, request!);
    expect(await readOrdersRefresh(db, session)).toBeNull();
  });

  it("never patches another driver's row", async () => {
    const db = await openDb();
    const session = makeSession();
    await db.orders.insert(orderRow(session, { account_id: 2 }));
    expect(await queueSchedule(db, session, { kind: 'onlot', id: 7, scheduledDate: '2026-11-23T15:00:00.000Z', reschedule: false }, NOW)).toMatchObject({
      ok: true,
    });
    expect((await db.orders.findOne('oio-7').exec())?.is_scheduled_for_delivery).toBe(false);
  });
});
