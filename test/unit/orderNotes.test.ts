import { afterEach, describe, expect, it } from 'vitest';
import { ensureDeliveryDoc, type DriverDatabase, type OutboxDoc } from '../../src/db';
import type { OrderNote } from '../../src/domain';
import { kindDef, queuedNotes, queueNote } from '../../src/outbox';
import type { HttpClient } from '../../src/replication/http';
import { applyDone } from '../../src/replication/outboxEffects';
import { freshIndexedDB } from '../support/fakeDb';
import { outboxEntry } from '../support/outboxEntry';
import { makeSession } from '../support/session';

// Issue 25 item 4: a note the driver queued shows on the order's Notes card until it is sent
// (`queuedNotes`, read from the kinds that declare `addsNote`), and once the server committed
// it, the answer (the server's note) joins the order's stored notes: the note shows once, as
// the server's, also before the next pull reads the order's notes again.

const opened: DriverDatabase[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.close();
});

const NOW = new Date('2026-11-20T12:00:00.000Z');
const TEXT = 'Gate code 4412. Call 30 minutes ahead.';

async function setUp() {
  const db = await freshIndexedDB().open();
  opened.push(db);
  const session = makeSession();
  const doc = await ensureDeliveryDoc(db, session, 'onlot', 7);
  const ctx = { db, session, blobs: { delete: () => Promise.resolve() } as never, http: {} as HttpClient, now: () => NOW.getTime() };
  return { db, session, doc, ctx };
}

const answerTo = (entry: OutboxDoc): OrderNote => ({
  id: 901,
  order_key: entry.order_key,
  note: TEXT,
  author_name: 'Dale Driver',
  created_at: '2026-11-20T12:05:00.000Z',
});

describe("an order's queued notes", () => {
  it('are the uncommitted entries of kinds that add a note, newest first, with their text', () => {
    const note = (id: string, created_at: string, patch: Partial<OutboxDoc> = {}) =>
      outboxEntry({ id, kind: 'create_order_note', order_key: 'oio-7', payload: { onlot_inventory_order_id: 7, note: `note ${id}` }, created_at, ...patch });
    const older = note('a', '2026-11-20T12:00:00.000Z');
    const newer = note('b', '2026-11-20T12:01:00.000Z', { status: 'needs_attention' });
    const sent = note('c', '2026-11-20T12:02:00.000Z', { status: 'done', steps: { ...older.steps, response: { id: 1 } } });
    const schedule = outboxEntry({ id: 'd', kind: 'schedule_onlot', order_key: 'oio-7' });
    expect(queuedNotes([older, schedule, sent, newer]).map((q) => [q.entry.id, q.note])).toEqual([
      ['b', 'note b'],
      ['a', 'note a'],
    ]);
  });

  it("once committed, the server's answer joins the order's stored notes once (a replayed commit adds nothing)", async () => {
    const { db, session, doc, ctx } = await setUp();
    await doc.incrementalPatch({ notes: [] });
    expect(await queueNote(db, session, { kind: 'onlot', id: 7 }, TEXT, NOW)).toMatchObject({ ok: true });
    const [queued] = await db.outbox.find().exec();
    const entry = queued!.toMutableJSON();
    const committed: OutboxDoc = { ...entry, status: 'done', steps: { ...entry.steps, response: answerTo(entry) } };
    const def = kindDef(committed.kind)!;

    await applyDone(ctx, def, committed);
    await applyDone(ctx, def, committed);
    const stored = await db.onlot_deliveries.findOne('oio-7').exec();
    expect(stored?.notes).toEqual([answerTo(entry)]);
    expect(queuedNotes([committed])).toEqual([]);
  });

  it('leaves notes not downloaded yet alone: that download brings the note', async () => {
    const { db, session, ctx } = await setUp();
    expect(await queueNote(db, session, { kind: 'onlot', id: 7 }, TEXT, NOW)).toMatchObject({ ok: true });
    const entry = (await db.outbox.find().exec())[0]!.toMutableJSON();
    await applyDone(ctx, kindDef(entry.kind)!, { ...entry, status: 'done', steps: { ...entry.steps, response: answerTo(entry) } });
    expect((await db.onlot_deliveries.findOne('oio-7').exec())?.notes).toBeNull();
  });
});
