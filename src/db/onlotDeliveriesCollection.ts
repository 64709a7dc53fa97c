import type { RxCollection } from 'rxdb';
import type * as v from 'valibot';
import { OnlotDeliveryDetailsSchema } from '../domain';
import { deliveryDocShape, DraftCommonEntries, emptyDraftCommon, type DraftCommon } from './deliveryDoc';

export type { DraftPhoto } from './deliveryDoc';

/** The driver's local delivery state (SPEC §3) for an inventory order (on-lot or move). */
export type InventoryDraft = DraftCommon;

export function emptyInventoryDraft(): InventoryDraft {
  return emptyDraftCommon();
}

/** `onlot_deliveries`: on-lot delivery details from the server beside the driver's draft. */
const onlotDeliveries = deliveryDocShape('onlot_deliveries', 1, { server: OnlotDeliveryDetailsSchema, draft: DraftCommonEntries, extra: {} });
export type OnlotDeliveryDoc = v.InferOutput<typeof onlotDeliveries.document>;
export const onlotDeliveriesSchema = onlotDeliveries.schema;

export const onlotDeliveriesMigrations = {
  // v1: per-driver documents and a kind-neutral order id. A draft saved before has no owner
  // (account 0); the first driver of its company who opens or pulls the order claims it.
  1: (old: Record<string, unknown>) => {
    const { onlot_inventory_order_id: orderId, ...rest } = old;
    return { ...rest, account_id: 0, order_id: orderId, notes: null, notes_at: null };
  },
};

export type OnlotDeliveriesCollection = RxCollection<OnlotDeliveryDoc>;
