// The orders table (with its dealer): the rows every order view reads, the per-driver filter,
// the company's orders lock and the writes of the orders area. Services shape the rows
// (services/orderViews.ts); the access rule that picks which row a caller may touch is
// services/access.ts, built on `callersOrders` and `findOrderRow` here.
import { and, asc, eq, getTableColumns, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { OrderKind, OrderListItem, TokenClaims } from '../../src/domain';
import { clockDate } from '../clock';
import type { Executor, Tx } from '../db/client';
import { dealers, orders } from '../db/schema';

/** A row of orderViewColumns. */
export interface OrderViewRow {
  id: number;
  companyId: number;
  kind: OrderKind;
  orderType: OrderListItem['order_type'];
  orderNumber: string;
  status: string;
  stage: string;
  location: string;
  isBuilt: boolean;
  isRushOrder: boolean;
  isScheduledForDelivery: boolean;
  scheduledDate: Date | null;
  driverId: number | null;
  dealerId: number;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerPhone: string | null;
  customerEmail: string | null;
  deliveryAddress: string | null;
  shopId: number | null;
  deliveryLat: number | null;
  deliveryLon: number | null;
  serialNumber: string;
  buildingModel: string;
  buildingSize: string;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  updatedAt: Date;
  dealerName: string;
  dealerAddress: string;
  dealerCity: string;
  dealerState: string;
  dealerZip: string;
  dealerPhone: string | null;
  dealerLat: number;
  dealerLon: number;
}

/** The columns every order view selects (order + dealer). */
export const orderViewColumns = {
  ...getTableColumns(orders),
  dealerName: dealers.name,
  dealerAddress: dealers.address,
  dealerCity: dealers.city,
  dealerState: dealers.state,
  dealerZip: dealers.zip,
  dealerPhone: dealers.phone,
  dealerLat: dealers.lat,
  dealerLon: dealers.lon,
};

/**
 * The columns the order list needs (toOrderListItem), about half of the full view: PGlite
 * parses every field of every row in JavaScript, and a 1,000-row page of the full view spent
 * most of its time there.
 */
export const orderListColumns = {
  id: orders.id,
  companyId: orders.companyId,
  kind: orders.kind,
  orderType: orders.orderType,
  status: orders.status,
  stage: orders.stage,
  location: orders.location,
  isBuilt: orders.isBuilt,
  isRushOrder: orders.isRushOrder,
  isScheduledForDelivery: orders.isScheduledForDelivery,
  scheduledDate: orders.scheduledDate,
  driverId: orders.driverId,
  customerFirstName: orders.customerFirstName,
  customerLastName: orders.customerLastName,
  deliveryAddress: orders.deliveryAddress,
  serialNumber: orders.serialNumber,
  buildingModel: orders.buildingModel,
  deliveredAt: orders.deliveredAt,
  cancelledAt: orders.cancelledAt,
  updatedAt: orders.updatedAt,
  dealerName: dealers.name,
  dealerCity: dealers.city,
  dealerState: dealers.state,
};

/** A row of orderListColumns. */
export type OrderListRow = Pick<OrderViewRow, keyof typeof orderListColumns>;

export interface OrderRef {
  kind: OrderKind;
  id: number;
}

// Writers of orders take this lock exclusively per company (lockCompanyOrders) and pulls take
// it shared, so a pull never reads past a change that is stamped but not yet committed.
const ORDERS_LOCK = 41;

export async function lockCompanyOrders(tx: Executor, companyId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ORDERS_LOCK}, ${companyId})`);
}

export async function lockCompanyOrdersShared(tx: Executor, companyId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${ORDERS_LOCK}, ${companyId})`);
}

/** Rows of `orders` of this company assigned to this driver. The one per-driver filter (the seed uses it too). */
export function driversOrders(companyId: number, driverId: number): SQL {
  return and(eq(orders.companyId, companyId), eq(orders.driverId, driverId)) as SQL;
}

/** Rows of `orders` the caller may touch: of their company, assigned to them. */
export function callersOrders(auth: TokenClaims): SQL {
  return driversOrders(auth.company_id, auth.account_id);
}

/** Neither delivered nor cancelled. */
const live = (): SQL => and(isNull(orders.deliveredAt), isNull(orders.cancelledAt)) as SQL;

export interface OrderRowFilter {
  /** Also an order of the caller's company assigned to nobody (a schedule may claim it). */
  orUnassigned?: boolean;
  /** Only when neither delivered nor cancelled. */
  live?: boolean;
  /** Only when not cancelled. */
  notCancelled?: boolean;
  /** Row-lock the order FOR UPDATE in the caller's transaction. */
  forUpdate?: boolean;
}

/** The caller's order of this kind and id (with its dealer), or undefined. */
export async function findOrderRow(db: Executor, auth: TokenClaims, ref: OrderRef, filter: OrderRowFilter = {}): Promise<OrderViewRow | undefined> {
  const owner = filter.orUnassigned
    ? and(eq(orders.companyId, auth.company_id), or(eq(orders.driverId, auth.account_id), isNull(orders.driverId)))
    : callersOrders(auth);
  const conditions = [eq(orders.id, ref.id), eq(orders.kind, ref.kind), owner];
  if (filter.live) conditions.push(live());
  if (filter.notCancelled) conditions.push(isNull(orders.cancelledAt));
  const query = db
    .select(orderViewColumns)
    .from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(and(...conditions));
  const [row] = filter.forUpdate ? await query.for('update', { of: orders }) : await query;
  return row;
}

/** The caller's live orders (with their dealer joined): the set the order map and the sync version's digest both read. */
const callersLive = (auth: TokenClaims): SQL => and(callersOrders(auth), live()) as SQL;

/**
 * A digest of the caller's live orders as a set of (id, updated_at): how many, the newest, and
 * the XOR of each row's 64-bit hash. Every write to an order moves its updated_at (the
 * orders_touch_updated_at trigger), so an order that arrives, changes or leaves moves it. One
 * aggregate in the database: the sync version (services/syncVersion.ts) asks it on every run,
 * where reading 10,000 rows into the order map's answer took ~0.9 s of the server.
 */
export async function callersLiveOrdersDigest(db: Executor, auth: TokenClaims): Promise<{ count: number; newest: string | null; mix: string }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      newest: sql<string | null>`max(${orders.updatedAt})::text`,
      mix: sql<string>`coalesce(bit_xor(hashtextextended(${orders.id}::text || '@' || ${orders.updatedAt}::text, 0)), 0)::text`,
    })
    .from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(callersLive(auth));
  return row ?? { count: 0, newest: null, mix: '0' };
}

/** The caller's live orders, soonest scheduled first; only the scheduled ones when asked. */
export function callersLiveOrders(db: Executor, auth: TokenClaims, scheduledOnly: boolean): Promise<OrderViewRow[]> {
  const conditions = [callersLive(auth)];
  if (scheduledOnly) conditions.push(eq(orders.isScheduledForDelivery, true));
  return db
    .select(orderViewColumns)
    .from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(and(...conditions))
    .orderBy(asc(orders.scheduledDate), asc(orders.id));
}

/** The caller's customer order carrying this order number (the lowest id), or null. */
export async function callersOrderIdNumbered(db: Executor, auth: TokenClaims, orderNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.kind, 'customer'), callersOrders(auth)))
    .orderBy(orders.id)
    .limit(1);
  return row?.id ?? null;
}

export type OrderChange = Partial<Pick<typeof orders.$inferInsert, 'isScheduledForDelivery' | 'scheduledDate' | 'status' | 'driverId' | 'deliveredAt'>>;

/** Writes the change; the trigger bumps updated_at, so the next pull carries the order. */
export async function updateOrder(tx: Tx, id: number, change: OrderChange) {
  const [updated] = await tx.update(orders).set(change).where(eq(orders.id, id)).returning({
    isScheduled: orders.isScheduledForDelivery,
    scheduledDate: orders.scheduledDate,
    status: orders.status,
    driverId: orders.driverId,
    updatedAt: orders.updatedAt,
  });
  if (!updated) throw new Error('order update returned nothing');
  return updated;
}

/**
 * Touches the order row (the trigger bumps updated_at) after a write to a table the pulls
 * carry with it (notes, saved cards), so checkpointed pulls resend the order.
 */
export async function touchOrder(tx: Tx, id: number): Promise<void> {
  await tx.update(orders).set({ updatedAt: clockDate() }).where(eq(orders.id, id));
}
