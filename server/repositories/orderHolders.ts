// Who has an order the caller held once (issue 23): its driver now, and its delivery, with
// their names. Read only for an order of the caller's company that the caller was taken off
// (order_former_drivers, migration 0017); anything else reads nothing.
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { accounts, deliveries, orderFormerDrivers, orders } from '../db/schema';
import type { OrderRef } from './orders';

const holder = alias(accounts, 'holder');
const deliverer = alias(accounts, 'deliverer');

const nameOf = (account: { firstName: SQLWrapper; lastName: SQLWrapper }) => sql<string | null>`${account.firstName} || ' ' || ${account.lastName}`;

export interface FormerOrderRow {
  driverId: number | null;
  driverName: string | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  deliveredById: number | null;
  deliveredByName: string | null;
}

/** The order as it stands now, when `accountId` is one of its former drivers; undefined otherwise. */
export async function findFormerOrder(db: Executor, companyId: number, accountId: number, ref: OrderRef): Promise<FormerOrderRow | undefined> {
  const [row] = await db
    .select({
      driverId: orders.driverId,
      driverName: nameOf(holder),
      deliveredAt: orders.deliveredAt,
      cancelledAt: orders.cancelledAt,
      deliveredById: deliveries.driverId,
      deliveredByName: nameOf(deliverer),
    })
    .from(orders)
    .innerJoin(orderFormerDrivers, and(eq(orderFormerDrivers.orderId, orders.id), eq(orderFormerDrivers.accountId, accountId)))
    .leftJoin(holder, eq(holder.id, orders.driverId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .leftJoin(deliverer, eq(deliverer.id, deliveries.driverId))
    .where(and(eq(orders.id, ref.id), eq(orders.companyId, companyId), eq(orders.kind, ref.kind)));
  return row;
}

/** Who delivered the caller's own order (a delivered row of theirs): the driver and when, or undefined. */
export async function findDeliverer(db: Executor, orderId: number): Promise<{ id: number; name: string | null } | undefined> {
  const [row] = await db
    .select({ id: deliveries.driverId, name: nameOf(deliverer) })
    .from(deliveries)
    .leftJoin(deliverer, eq(deliverer.id, deliveries.driverId))
    .where(eq(deliveries.orderId, orderId));
  return row;
}
