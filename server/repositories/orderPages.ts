// One page of a checkpoint pull over a company's orders (DESIGN §6), ordered by
// (updated_at, id), and the count a first pull reports. What the page means (live documents,
// tombstones) is services/orderPull.ts.
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Checkpoint, OrderKind } from '../../src/domain';
import type { Db, Executor } from '../db/client';
import { dealers, orders } from '../db/schema';
import { lockCompanyOrdersShared, orderViewColumns } from './orders';

export interface OrderPageQuery {
  companyId: number;
  driverId: number;
  kind?: OrderKind;
  /** After this point: every company order changed since. Null: the driver's live orders. */
  after: { checkpoint: Checkpoint; id: number } | null;
  limit: number;
  /**
   * One connection serializes every statement (PGlite): no writer can be half-way while the
   * pull reads, so the shared lock and its transaction (three more statements) are left out.
   */
  serialized?: boolean;
}

/** Which columns a page reads: the full order view by default. */
export type PageColumns = Record<string, unknown>;

function conditionsOf(query: OrderPageQuery): SQL[] {
  const conditions: SQL[] = [eq(orders.companyId, query.companyId)];
  if (query.kind) conditions.push(eq(orders.kind, query.kind));
  if (query.after) {
    conditions.push(sql`(${orders.updatedAt}, ${orders.id}) > (${query.after.checkpoint.updated_at}::timestamptz, ${query.after.id}::int)`);
  } else {
    conditions.push(eq(orders.driverId, query.driverId), isNull(orders.deliveredAt), isNull(orders.cancelledAt));
  }
  return conditions;
}

/** The page's rows, as R (the caller's columns object decides their shape). */
export async function selectOrderPage<R>(db: Db, query: OrderPageQuery, columns: PageColumns = orderViewColumns): Promise<R[]> {
  const conditions = conditionsOf(query);
  // The columns object is the caller's; its rows are R (drizzle cannot follow a generic select).
  const select = (ex: Executor) =>
    ex
      .select(columns as typeof orderViewColumns)
      .from(orders)
      .innerJoin(dealers, eq(dealers.id, orders.dealerId))
      .where(and(...conditions))
      .orderBy(asc(orders.updatedAt), asc(orders.id))
      .limit(query.limit);
  const rows = query.serialized
    ? await select(db)
    : await db.transaction(async (tx) => {
        await lockCompanyOrdersShared(tx, query.companyId);
        return select(tx);
      });
  return rows as unknown as R[];
}

/** How many orders the whole pull brings (a first pull's progress figure). */
export async function countOrderPage(db: Db, query: OrderPageQuery): Promise<number | undefined> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(...conditionsOf(query)));
  return counted?.n;
}
