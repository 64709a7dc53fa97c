// The steps every deliver call shares (SPEC §5, §7; DESIGN §5, §6): shape → SPEC §5 rules →
// uploads of this company → ONE transaction (order locked and owned, delivery + photos, the
// call's own work, order marked delivered, Idempotency-Key record). Each deliver route is a
// DeliverRouteSpec; the on-lot, move and customer calls differ only in their hooks.
import { clockDate } from '../clock';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ERROR_TEXT, orderKey, validateDelivery,
  type DeliverResponse, type DeliveryFacts, type ErrorCode, type ImageRecord, type TokenClaims,
  issuesMessage,
} from '../../src/domain';
import type { AppContext } from '../context';
import type { Db, Executor, Tx } from '../db/client';
import { deliveries, deliveryImages, orders, uploads, type OrderKindColumn } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';
import { withoutCvv } from './cardSecrets';
import type { Complete } from './idempotency';
import { readIdempotencyKey, runIdempotent } from '../http/keyedAnswers';
import { keepDeclinedAttempt } from './chargeAttempts';
import type { OrderViewRow } from '../repositories/orders';
import { requireOrder } from './access';

/** Where building photos may have been uploaded (SPEC §2 folders of the three order kinds). */
export const PHOTO_FOLDERS = [
  '/deliver-customer-order/delivery', '/deliver-onlot-inventory-order/delivery', '/deliver-inventory-move-order/delivery',
] as const;

/** The fields of DeliverCommonSchema every deliver body carries. */
export interface CommonDeliverBody {
  date_delivered: string;
  delivery_miles_driven?: number | null;
  delivery_gps_lat?: number | null;
  delivery_gps_lon?: number | null;
  delivery_began?: string | null;
  delivery_ended?: string | null;
  delivery_note: string;
  building_images: ImageRecord[];
}


/** Throws `code` (400) unless every guid is an upload of this company in one of `folders`. */
export async function requireUploads(db: Executor, companyId: number, guids: string[], opts: {
  folders: readonly string[];
  code: ErrorCode;
  message: string;
}): Promise<void> {
  if (guids.length === 0) return;
  const found = await db.select({ guid: uploads.guid }).from(uploads)
    .where(and(inArray(uploads.guid, guids), eq(uploads.companyId, companyId), inArray(uploads.folder, [...opts.folders])));
  if (found.length !== new Set(guids).size) throw new HttpError(400, opts.code, opts.message, { errors: [opts.code] });
}

export async function checkBuildingPhotos(db: Executor, companyId: number, images: ImageRecord[]): Promise<void> {
  const guids = images.map((image) => image.guid.toLowerCase());
  if (new Set(guids).size !== guids.length) throw new HttpError(400, 'InvalidRequest', 'building_images lists a photo twice');
  await requireUploads(db, companyId, guids, {
    folders: PHOTO_FOLDERS, code: 'DeliveryPhotoRequired', message: 'Delivery photo(s) required: a photo was not uploaded',
  });
}

export interface DeliveryStep<B> {
  tx: Tx;
  auth: TokenClaims;
  body: B;
  /** The order, locked: the caller's, live (services/access.ts 'update'). */
  order: OrderViewRow;
  deliveryId: number;
  /** The submission's Idempotency-Key (null without one): card attempts are remembered by it. */
  idempotencyKey: string | null;
}

export interface DeliverRouteSpec<B extends CommonDeliverBody> {
  path: string;
  schema: v.GenericSchema<unknown, B>;
  kind: OrderKindColumn;
  /** SPEC §8 identifier answered when the delivery fails for a reason of its own (500 included). */
  failure: ErrorCode;
  orderIdOf: (body: B) => number;
  facts: (body: B) => DeliveryFacts;
  /** Checks outside the transaction, after the rules (uploads of this company, …). */
  preflight?: (db: Db, auth: TokenClaims, body: B) => Promise<void>;
  /** The call's own work, inside the delivery's transaction, after the delivery row exists. */
  inTransaction?: (step: DeliveryStep<B>) => Promise<void>;
}


/** Postgres 23505, whether the driver error comes bare or wrapped (DrizzleQueryError.cause). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function deliver<B extends CommonDeliverBody>(ctx: AppContext, spec: DeliverRouteSpec<B>, auth: TokenClaims, body: B,
  complete: Complete, idempotencyKey: string | null): Promise<DeliverResponse> {
  return ctx.db.transaction(async (tx) => {
    const order = await requireOrder(tx, auth, { kind: spec.kind, id: spec.orderIdOf(body) }, 'update');
    const dateDelivered = new Date(body.date_delivered);
    const [delivery] = await tx.insert(deliveries).values({
      orderId: order.id,
      companyId: auth.company_id,
      driverId: auth.account_id,
      kind: spec.kind,
      payload: withoutCvv(body) as Record<string, unknown>,
      milesDriven: body.delivery_miles_driven ?? null,
      beganAt: body.delivery_began ? new Date(body.delivery_began) : null,
      endedAt: body.delivery_ended ? new Date(body.delivery_ended) : null,
      gpsLat: body.delivery_gps_lat ?? null,
      gpsLon: body.delivery_gps_lon ?? null,
      note: body.delivery_note,
      dateDelivered,
    }).returning({ id: deliveries.id });
    if (!delivery) throw new Error('delivery insert returned nothing');
    if (body.building_images.length > 0) {
      await tx.insert(deliveryImages).values(body.building_images.map((image, position) => ({
        deliveryId: delivery.id, uploadGuid: image.guid.toLowerCase(), position,
      })));
    }
    await spec.inTransaction?.({ tx, auth, body, order, deliveryId: delivery.id, idempotencyKey });
    // The trigger bumps updated_at, so the next pull answers a tombstone for this order.
    await tx.update(orders).set({ status: 'Delivered', deliveredAt: clockDate() }).where(eq(orders.id, order.id));
    const response: DeliverResponse = {
      delivery_id: delivery.id,
      order_key: orderKey(spec.kind, order.id),
      date_delivered: dateDelivered.toISOString(),
    };
    await complete(tx, 200, response);
    return response;
  });
}

export function deliverRoute<B extends CommonDeliverBody>(app: FastifyInstance, ctx: AppContext, spec: DeliverRouteSpec<B>): void {
  app.post(spec.path, async (request, reply) => {
    const auth = authOf(request);
    const parsed = v.safeParse(spec.schema, request.body);
    if (!parsed.success) throw new HttpError(400, 'InvalidRequest', issuesMessage(parsed.issues));
    const body = parsed.output;
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async (complete) => {
        const errors = validateDelivery(spec.facts(body));
        const first = errors[0];
        if (first) throw new HttpError(400, first, ERROR_TEXT[first], { errors });
        await checkBuildingPhotos(ctx.db, auth.company_id, body.building_images);
        await spec.preflight?.(ctx.db, auth, body);
        try {
          return { status: 200, body: await deliver(ctx, spec, auth, body, complete, readIdempotencyKey(request)) };
        } catch (err) {
          // A declined card was charged for nothing, but it was tried: that survives the rollback.
          await keepDeclinedAttempt(ctx.db, err);
          if (err instanceof HttpError) throw err;
          // deliveries.order_id is UNIQUE: a concurrent second delivery loses here.
          if (isUniqueViolation(err)) throw new HttpError(409, 'OrderAlreadyDelivered');
          request.log.error({ err }, 'delivery failed');
          throw new HttpError(500, spec.failure);
        }
      },
    });
  });
}
