// The steps every deliver call shares (SPEC §5, §7; DESIGN §5, §6): SPEC §5 rules → uploads of
// this company → ONE transaction (order locked and owned, delivery + photos, the call's own
// work, order marked delivered, Idempotency-Key record). The body's shape was checked by the
// registrar against the endpoint table. Each call is a DeliverSpec; the on-lot, move and
// customer calls differ only in their hooks (customerDelivery.ts holds the customer ones).
import {
  ERROR_TEXT,
  factsOfInventoryBody,
  orderKey,
  validateDelivery,
  type DeliverMoveBody,
  type DeliverOnlotBody,
  type DeliverResponse,
  type DeliveryFacts,
  type ErrorCode,
  type ImageRecord,
  type OrderKind,
  type TokenClaims,
} from '../../src/domain';
import { clockDate } from '../clock';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { insertDelivery } from '../repositories/deliveries';
import { countUploadsIn } from '../repositories/uploads';
import { updateOrder, type OrderViewRow } from '../repositories/orders';
import { requireOrder } from './access';
import { withoutCvv } from './cardSecrets';
import { keepDeclinedAttempt } from './chargeAttempts';
import type { Complete } from './idempotency';
import type { PaymentGateway } from './payments/gateway';

/** Where building photos may have been uploaded (SPEC §2 folders of the three order kinds). */
export const PHOTO_FOLDERS = ['/deliver-customer-order/delivery', '/deliver-onlot-inventory-order/delivery', '/deliver-inventory-move-order/delivery'] as const;

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

/** Throws `code` (400) unless every guid is the caller's own upload in one of `folders`. */
export async function requireUploads(
  db: Db,
  auth: TokenClaims,
  guids: string[],
  opts: {
    folders: readonly string[];
    code: ErrorCode;
    message: string;
  },
): Promise<void> {
  if (guids.length === 0) return;
  const found = await countUploadsIn(db, auth, guids, opts.folders);
  if (found !== new Set(guids).size) throw new HttpError(400, opts.code, opts.message, { errors: [opts.code] });
}

async function checkBuildingPhotos(db: Db, auth: TokenClaims, images: ImageRecord[]): Promise<void> {
  const guids = images.map((image) => image.guid.toLowerCase());
  if (new Set(guids).size !== guids.length) throw new HttpError(400, 'InvalidRequest', 'building_images lists a photo twice');
  await requireUploads(db, auth, guids, {
    folders: PHOTO_FOLDERS,
    code: 'DeliveryPhotoRequired',
    message: 'Delivery photo(s) required: a photo was not uploaded',
  });
}

export interface DeliveryStep<B> {
  tx: Tx;
  auth: TokenClaims;
  body: B;
  /** The order, locked: the caller's, live (services/access.ts 'deliver'). */
  order: OrderViewRow;
  deliveryId: number;
  /** The submission's Idempotency-Key (null without one): card attempts are remembered by it. */
  idempotencyKey: string | null;
  payments: PaymentGateway;
}

export interface DeliverSpec<B extends CommonDeliverBody> {
  kind: OrderKind;
  /** SPEC §8 identifier answered when the delivery fails for a reason of its own (500 included). */
  failure: ErrorCode;
  orderIdOf: (body: B) => number;
  facts: (body: B) => DeliveryFacts;
  /** Checks outside the transaction, after the rules (uploads of this company, …). */
  preflight?: (db: Db, auth: TokenClaims, body: B) => Promise<void>;
  /** The call's own work, inside the delivery's transaction, after the delivery row exists. */
  inTransaction?: (step: DeliveryStep<B>) => Promise<void>;
}

export const DELIVER_ONLOT: DeliverSpec<DeliverOnlotBody> = {
  kind: 'onlot',
  failure: 'FailedToDeliverInventoryOrder',
  orderIdOf: (body) => body.onlot_inventory_order_id,
  facts: (body) => factsOfInventoryBody('onlot', body),
};

/** The on-lot call's steps for a move order (start and end time required; missing GPS arrives as 0, SPEC §7). */
export const DELIVER_MOVE: DeliverSpec<DeliverMoveBody> = {
  kind: 'move',
  failure: 'FailedToDeliverInventoryMoveOrder',
  orderIdOf: (body) => body.inventory_move_order_id,
  facts: (body) => factsOfInventoryBody('move', body),
};

/** What a deliver call needs besides its body: the database, the card processor and its key. */
export interface DeliverDeps {
  db: Db;
  payments: PaymentGateway;
  /** Marks the Idempotency-Key record done: called inside the delivery's transaction. */
  complete: Complete;
  /** The submission's Idempotency-Key, null without one. */
  idempotencyKey: string | null;
  log: Logger;
}

function commitDelivery<B extends CommonDeliverBody>(deps: DeliverDeps, spec: DeliverSpec<B>, auth: TokenClaims, body: B): Promise<DeliverResponse> {
  return deps.db.transaction(async (tx) => {
    // First in the transaction: an order taken from the caller is refused before any charge.
    const order = await requireOrder(tx, auth, { kind: spec.kind, id: spec.orderIdOf(body) }, 'deliver');
    const dateDelivered = new Date(body.date_delivered);
    const deliveryId = await insertDelivery(
      tx,
      {
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
      },
      body.building_images,
    );
    await spec.inTransaction?.({ tx, auth, body, order, deliveryId, idempotencyKey: deps.idempotencyKey, payments: deps.payments });
    // The trigger bumps updated_at, so the next pull answers a tombstone for this order.
    await updateOrder(tx, order.id, { status: 'Delivered', deliveredAt: clockDate() });
    const response: DeliverResponse = {
      delivery_id: deliveryId,
      order_key: orderKey(spec.kind, order.id),
      date_delivered: dateDelivered.toISOString(),
    };
    await deps.complete(tx, 200, response);
    return response;
  });
}

/** One deliver call: the rules, the uploads, then the delivery's one transaction. */
export async function deliverOrder<B extends CommonDeliverBody>(deps: DeliverDeps, spec: DeliverSpec<B>, auth: TokenClaims, body: B): Promise<DeliverResponse> {
  const errors = validateDelivery(spec.facts(body));
  const first = errors[0];
  if (first) throw new HttpError(400, first, ERROR_TEXT[first], { errors });
  await checkBuildingPhotos(deps.db, auth, body.building_images);
  await spec.preflight?.(deps.db, auth, body);
  try {
    return await commitDelivery(deps, spec, auth, body);
  } catch (err) {
    // A declined card was charged for nothing, but it was tried: that survives the rollback.
    await keepDeclinedAttempt(deps.db, err);
    if (err instanceof HttpError) throw err;
    // deliveries.order_id is UNIQUE: a concurrent second delivery loses here.
    if (isUniqueViolation(err, 'deliveries_order_id_key')) throw new HttpError(409, 'OrderAlreadyDelivered');
    deps.log.error({ err }, 'delivery failed');
    throw new HttpError(500, spec.failure);
  }
}
