// The driver's delivery log (deliveries the caller made, with their orders and dealers), its
// totals and per-period stats, and the counts of the caller's undelivered orders.
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { OrderType, TokenClaims } from '../../src/domain';
import type { Db } from '../db/client';
import { dealers, deliveries, orders } from '../db/schema';
import { callersOrders } from './orders';

/** Which deliveries: from (inclusive) until (exclusive), of these order types (none: all). */
export interface LogRange {
  from: Date | null;
  until: Date | null;
  orderTypes: OrderType[];
}

function conditions(auth: TokenClaims, range: LogRange): SQL[] {
  const where: SQL[] = [eq(deliveries.driverId, auth.account_id), eq(deliveries.companyId, auth.company_id)];
  if (range.from) where.push(gte(deliveries.dateDelivered, range.from));
  if (range.until) where.push(lt(deliveries.dateDelivered, range.until));
  if (range.orderTypes.length > 0) where.push(inArray(orders.orderType, range.orderTypes));
  return where;
}

/** The caller's deliveries in the range, newest first, at most `limit`. */
export function logRowsOf(db: Db, auth: TokenClaims, range: LogRange, limit: number) {
  return db
    .select({
      deliveryId: deliveries.id,
      orderId: orders.id,
      kind: orders.kind,
      orderNumber: orders.orderNumber,
      orderType: orders.orderType,
      first: orders.customerFirstName,
      last: orders.customerLastName,
      dealerName: dealers.name,
      model: orders.buildingModel,
      serial: orders.serialNumber,
      address: orders.deliveryAddress,
      dateDelivered: deliveries.dateDelivered,
      began: deliveries.beganAt,
      ended: deliveries.endedAt,
      miles: deliveries.milesDriven,
      note: deliveries.note,
    })
    .from(deliveries)
    .innerJoin(orders, and(eq(orders.id, deliveries.orderId), eq(orders.companyId, deliveries.companyId)))
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(and(...conditions(auth, range)))
    .orderBy(desc(deliveries.dateDelivered), desc(deliveries.id))
    .limit(limit);
}

/** How many deliveries the range holds and their miles. */
export async function logTotalsOf(db: Db, auth: TokenClaims, range: LogRange): Promise<{ n: number; miles: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, miles: sql<number>`coalesce(sum(${deliveries.milesDriven}), 0)::float8` })
    .from(deliveries)
    .innerJoin(orders, and(eq(orders.id, deliveries.orderId), eq(orders.companyId, deliveries.companyId)))
    .where(and(...conditions(auth, range)));
  return { n: row?.n ?? 0, miles: row?.miles ?? 0 };
}

export type Period = 'week' | 'month' | 'year';

/** Counts and miles of the caller's deliveries since each period's start (and none before the earliest). */
export async function periodTotalsOf(db: Db, auth: TokenClaims, starts: Record<Period, Date>): Promise<Record<Period, { n: number; miles: number }>> {
  const since = (start: Date): SQL => sql`${deliveries.dateDelivered} >= ${start.toISOString()}::timestamptz`;
  const earliest = new Date(Math.min(starts.week.getTime(), starts.year.getTime()));
  const [row] = await db
    .select({
      week: sql<number>`(count(*) filter (where ${since(starts.week)}))::int`,
      weekMiles: sql<number>`(coalesce(sum(${deliveries.milesDriven}) filter (where ${since(starts.week)}), 0))::float8`,
      month: sql<number>`(count(*) filter (where ${since(starts.month)}))::int`,
      monthMiles: sql<number>`(coalesce(sum(${deliveries.milesDriven}) filter (where ${since(starts.month)}), 0))::float8`,
      year: sql<number>`(count(*) filter (where ${since(starts.year)}))::int`,
      yearMiles: sql<number>`(coalesce(sum(${deliveries.milesDriven}) filter (where ${since(starts.year)}), 0))::float8`,
    })
    .from(deliveries)
    .where(and(eq(deliveries.driverId, auth.account_id), eq(deliveries.companyId, auth.company_id), gte(deliveries.dateDelivered, earliest)));
  return {
    week: { n: row?.week ?? 0, miles: row?.weekMiles ?? 0 },
    month: { n: row?.month ?? 0, miles: row?.monthMiles ?? 0 },
    year: { n: row?.year ?? 0, miles: row?.yearMiles ?? 0 },
  };
}

/** The flags the categories are read from, of each of the caller's undelivered (live) orders. */
export function callersOpenOrderFlags(db: Db, auth: TokenClaims) {
  return db
    .select({
      order_type: orders.orderType,
      is_scheduled_for_delivery: orders.isScheduledForDelivery,
      is_built: orders.isBuilt,
      is_rush_order: orders.isRushOrder,
    })
    .from(orders)
    .where(and(callersOrders(auth), isNull(orders.deliveredAt), isNull(orders.cancelledAt)));
}
