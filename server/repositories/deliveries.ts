// Deliveries (0001, 0003): the delivery row of an order and its building photos. The uploads
// a deliver call names are the caller's (uploads.ts); the customer part (payment, balance,
// survey) is customerDeliveries.ts.
import { and, eq } from 'drizzle-orm';
import type { ImageRecord } from '../../src/domain';
import type { Executor, Tx } from '../db/client';
import { deliveries, deliveryImages, orders } from '../db/schema';
import type { OrderRef } from './orders';

/** An order of the company with its delivery, if it has one, and who made it. */
export async function findOrderDelivery(db: Executor, companyId: number, ref: OrderRef) {
  const [row] = await db
    .select({ orderId: orders.id, deliveryId: deliveries.id, deliveredBy: deliveries.driverId, driverId: orders.driverId })
    .from(orders)
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(and(eq(orders.id, ref.id), eq(orders.companyId, companyId), eq(orders.kind, ref.kind)));
  return row;
}

export type NewDelivery = Omit<typeof deliveries.$inferInsert, 'id'>;

/** The delivery row and its photos in their order; answers the delivery's id. */
export async function insertDelivery(tx: Tx, delivery: NewDelivery, images: readonly ImageRecord[]): Promise<number> {
  const [row] = await tx.insert(deliveries).values(delivery).returning({ id: deliveries.id });
  if (!row) throw new Error('delivery insert returned nothing');
  if (images.length > 0) {
    await tx.insert(deliveryImages).values(
      images.map((image, position) => ({
        deliveryId: row.id,
        uploadGuid: image.guid.toLowerCase(),
        position,
      })),
    );
  }
  return row.id;
}
