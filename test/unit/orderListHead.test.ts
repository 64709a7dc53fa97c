// Home reads its first screenful through the orders' `list_sort` index before the whole list
// (issue 24). The index must give exactly the list's own order (compareOrders), the key must
// stay true through every way a row is written, and phones upgrading from orders v2 must get
// it without a pull. Real RxDB on fake-indexeddb, dev-mode schema checks on.
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb/plugins/core';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { enableDevMode, ORDER_LIST_HEAD, orderDocOf, orderListHeadQuery, ordersSchema, type DriverDatabase } from '../../src/db';
import { compareOrders, type OrderListItem } from '../../src/domain';
import { firstValueFrom, take, toArray } from 'rxjs';
import { orderList$ } from '../../src/ui/hooks/useOrders';
import { freshIndexedDB } from '../support/fakeDb';
import { onlotOrderRow } from '../support/orderRow';

const OWNER = { company_id: 3, account_id: 11 };
const opened: DriverDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

async function open(): Promise<DriverDatabase> {
  const db = await freshIndexedDB().open();
  opened.push(db);
  return db;
}

const item = (id: string, is_rush_order: boolean, scheduled_date: string | null): OrderListItem => {
  const { account_id: _owner, list_sort: _key, ...row } = onlotOrderRow(OWNER, { id, is_rush_order, scheduled_date });
  return row;
};

// Dates as the server and the phone write them: whole ISO instants, and date-only strings
// (a prefix of the same day's instants), so a shorter key must sort first.
const scheduled = fc.option(
  fc.oneof(
    fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }).map((ms) => new Date(ms).toISOString()),
    fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10)),
  ),
  { nil: null },
);
const rows = fc.uniqueArray(
  fc.record({ kind: fc.constantFrom('co', 'oio', 'mo'), n: fc.integer({ min: 1, max: 99_999 }), rush: fc.boolean(), date: scheduled }),
  { minLength: 1, maxLength: 80, selector: (row) => `${row.kind}-${row.n}` },
);

const ids = (docs: readonly { id: string }[]): string[] => docs.map((doc) => doc.id);

describe("Home's first screenful by index", () => {
  it('is the first rows of the list in compareOrders order, for any dates, rush flags and keys', async () => {
    const db = await open();
    await fc.assert(
      fc.asyncProperty(rows, async (generated) => {
        await db.orders.find().remove();
        const items = generated.map((row) => item(`${row.kind}-${row.n}`, row.rush, row.date));
        await db.orders.bulkUpsert(items.map((row) => orderDocOf(row, OWNER.account_id)));
        const head = await orderListHeadQuery(db, OWNER).exec();
        expect(ids(head)).toEqual(ids([...items].sort(compareOrders).slice(0, ORDER_LIST_HEAD)));
      }),
      { numRuns: 25 },
    );
    // Each run writes and reads a real (fake-indexeddb) PWADB: seconds on a loaded machine.
  }, 60_000);

  it('keeps the key true whatever writes the row: an insert with a wrong key, an optimistic reschedule, an upsert over it', async () => {
    const db = await open();
    const late = { ...orderDocOf(item('co-1', false, '2026-12-20T15:00:00.000Z'), OWNER.account_id), list_sort: 'stale' };
    const early = orderDocOf(item('co-2', false, '2026-12-01T15:00:00.000Z'), OWNER.account_id);
    await db.orders.bulkInsert([late, early]);
    expect(ids(await orderListHeadQuery(db, OWNER).exec())).toEqual(['co-2', 'co-1']);
    // The schedule kind's optimistic patch moves co-1 before co-2 (outbox/optimistic.ts).
    await (await db.orders.findOne('co-1').exec())?.incrementalPatch({ scheduled_date: '2026-11-30T15:00:00.000Z' });
    expect(ids(await orderListHeadQuery(db, OWNER).exec())).toEqual(['co-1', 'co-2']);
    // The pull's upsert of co-2 as a rush order puts it first again.
    await db.orders.bulkUpsert([{ ...early, is_rush_order: true }]);
    expect(ids(await orderListHeadQuery(db, OWNER).exec())).toEqual(['co-2', 'co-1']);
  });

  it("reads only the signed-in driver's rows", async () => {
    const db = await open();
    await db.orders.bulkUpsert([orderDocOf(item('co-1', true, null), OWNER.account_id), orderDocOf(item('co-2', false, null), OWNER.account_id + 1)]);
    expect(ids(await orderListHeadQuery(db, OWNER).exec())).toEqual(['co-1']);
  });
});

describe("Home's list source (useOrderList)", () => {
  it('gives the first screenful, then every order', async () => {
    const db = await open();
    const items = Array.from({ length: 100 }, (_, i) => item(`co-${i + 1}`, i % 7 === 0, i % 3 ? `2026-12-${String((i % 28) + 1).padStart(2, '0')}` : null));
    await db.orders.bulkUpsert(items.map((row) => orderDocOf(row, OWNER.account_id)));
    const [head, all] = await firstValueFrom(orderList$(db, OWNER).pipe(take(2), toArray()));
    const sorted = ids([...items].sort(compareOrders));
    expect(head).toMatchObject({ complete: false });
    expect(ids(head?.rows ?? [])).toEqual(sorted.slice(0, ORDER_LIST_HEAD));
    expect(all).toMatchObject({ complete: true });
    expect(ids(all?.rows ?? [])).toEqual(sorted);
  });

  it('a list shorter than a screenful is complete at once', async () => {
    const db = await open();
    await db.orders.bulkUpsert([orderDocOf(item('co-1', false, null), OWNER.account_id)]);
    const first = await firstValueFrom(orderList$(db, OWNER));
    expect(first.complete).toBe(true);
    expect(ids(first.rows)).toEqual(['co-1']);
  });
});

describe('orders v2 → v3', () => {
  it('gives every stored row its key on the phone, so the list keeps its order without a pull', async () => {
    const phone = freshIndexedDB();
    // The collection as orders v2 stored it (test/unit/rxSchema.test.ts pins that schema).
    const { list_sort: _key, ...v2Properties } = ordersSchema.properties;
    const v2 = { ...ordersSchema, version: 2, properties: v2Properties, required: ordersSchema.required?.filter((field) => field !== 'list_sort') };
    delete (v2 as { indexes?: unknown }).indexes;
    const old = await createRxDatabase({
      name: phone.name,
      storage: (await enableDevMode())(getRxStorageDexie({ indexedDB: phone.factory, IDBKeyRange })),
      multiInstance: false,
    });
    const { orders } = await old.addCollections({ orders: { schema: v2, migrationStrategies: { 1: () => null, 2: (doc: unknown) => doc } } });
    const stored = [item('co-1', false, null), item('co-2', false, '2026-12-01T15:00:00.000Z'), item('mo-3', true, '2026-12-20T15:00:00.000Z')];
    await orders.bulkInsert(stored.map((row) => ({ ...row, account_id: OWNER.account_id })));
    await old.close();

    const db = await phone.open();
    opened.push(db);
    expect(ids(await orderListHeadQuery(db, OWNER).exec())).toEqual(['mo-3', 'co-2', 'co-1']);
    expect((await db.orders.findOne('co-1').exec())?.list_sort).toBe('1\uffff');
  });
});
