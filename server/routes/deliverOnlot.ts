// POST /secure/driver/deliver_onlot_inventory_order (SPEC §5, §7). Shape → rules → photos
// → one transaction: delivery + images + order marked delivered + idempotency record.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  API, DeliverOnlotBodySchema, ERROR_TEXT, factsOfInventoryBody, orderKey, validateDelivery,
  type DeliverOnlotBody, type DeliverResponse, type TokenClaims,
} from '../../src/domain';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { deliveries, deliveryImages, orders, uploads } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import { canonicalJson, requestHash, runIdempotent, type Complete } from '../services/idempotency';
import { lockCompanyOrders } from '../services/orderPull';

/** valibot issues → one message naming the field, e.g. "delivery_miles_driven: Invalid type…". */
export function shapeMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'The request is not valid';
  const path = v.getDotPath(issue);
  return path ? `${path}: ${issue.message}` : issue.message;
}

async function checkPhotos(db: Db, auth: TokenClaims, body: DeliverOnlotBody): Promise<void> {
  const guids = body.building_images.map((image) => image.guid.toLowerCase());
  if (new Set(guids).size !== guids.length) throw new HttpError(400, 'InvalidRequest', 'building_images lists a photo twice');
  const found = await db.select({ guid: uploads.guid }).from(uploads)
    .where(and(inArray(uploads.guid, guids), eq(uploads.companyId, auth.company_id)));
  if (found.length !== guids.length) {
    throw new HttpError(400, 'DeliveryPhotoRequired', 'Delivery photo(s) required: a photo was not uploaded', {
      errors: ['DeliveryPhotoRequired'],
    });
  }
}

async function deliver(db: Db, auth: TokenClaims, body: DeliverOnlotBody, complete: Complete): Promise<DeliverResponse> {
  return db.transaction(async (tx) => {
    await lockCompanyOrders(tx, auth.company_id);
    const [order] = await tx.select({
      id: orders.id, kind: orders.kind, driverId: orders.driverId, deliveredAt: orders.deliveredAt, cancelledAt: orders.cancelledAt,
    }).from(orders)
      .where(and(eq(orders.id, body.onlot_inventory_order_id), eq(orders.companyId, auth.company_id)))
      .for('update');
    if (!order || order.kind !== 'onlot' || order.driverId !== auth.account_id || order.cancelledAt) throw notFound();
    if (order.deliveredAt) throw new HttpError(409, 'OrderAlreadyDelivered');
    const dateDelivered = new Date(body.date_delivered);
    const [delivery] = await tx.insert(deliveries).values({
      orderId: order.id,
      companyId: auth.company_id,
      driverId: auth.account_id,
      kind: 'onlot',
      payload: body,
      milesDriven: body.delivery_miles_driven ?? null,
      beganAt: body.delivery_began ? new Date(body.delivery_began) : null,
      endedAt: body.delivery_ended ? new Date(body.delivery_ended) : null,
      gpsLat: body.delivery_gps_lat ?? null,
      gpsLon: body.delivery_gps_lon ?? null,
      note: body.delivery_note,
      dateDelivered,
    }).returning({ id: deliveries.id });
    if (!delivery) throw new Error('delivery insert returned nothing');
    await tx.insert(deliveryImages).values(body.building_images.map((image, position) => ({
      deliveryId: delivery.id, uploadGuid: image.guid.toLowerCase(), position,
    })));
    // The trigger bumps updated_at, so the next pull answers a tombstone for this order.
    await tx.update(orders).set({ status: 'Delivered', deliveredAt: new Date() }).where(eq(orders.id, order.id));
    const response: DeliverResponse = {
      delivery_id: delivery.id,
      order_key: orderKey('onlot', order.id),
      date_delivered: dateDelivered.toISOString(),
    };
    await complete(tx, 200, response);
    return response;
  });
}

/** Postgres 23505, whether the driver error comes bare or wrapped (DrizzleQueryError.cause). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function deliverOnlotRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API.deliverOnlot, { config: { summary: 'Deliver an on-lot inventory order → {delivery_id, order_key, date_delivered}' } }, async (request, reply) => {
    const auth = authOf(request);
    const parsed = v.safeParse(DeliverOnlotBodySchema, request.body);
    if (!parsed.success) throw new HttpError(400, 'InvalidRequest', shapeMessage(parsed.issues));
    const body = parsed.output;
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      hash: () => requestHash('POST', API.deliverOnlot, canonicalJson(request.body)),
      work: async (complete) => {
        const errors = validateDelivery(factsOfInventoryBody('onlot', body));
        const first = errors[0];
        if (first) throw new HttpError(400, first, ERROR_TEXT[first], { errors });
        await checkPhotos(ctx.db, auth, body);
        try {
          return { status: 200, body: await deliver(ctx.db, auth, body, complete) };
        } catch (err) {
          // deliveries.order_id is UNIQUE: a concurrent second delivery loses here.
          if (isUniqueViolation(err)) throw new HttpError(409, 'OrderAlreadyDelivered');
          throw err;
        }
      },
    });
  });
}
