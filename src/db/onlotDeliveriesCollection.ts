import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { OnlotDeliveryDetails } from '../domain';

/** A photo the driver took, stored compressed in the blob store under `id`. */
export interface DraftPhoto {
  id: string;
  mime_type: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  size: number;
  width: number;
  height: number;
}

/** The driver's local delivery state (SPEC §3) for an inventory order. */
export interface InventoryDraft {
  readyToDeliver: boolean;
  deliveryMilesDriven: number | null;
  deliveryBegan: string | null;
  deliveryEnded: string | null;
  deliveryGpsLat: number | null;
  deliveryGpsLon: number | null;
  dateDelivered: string | null;
  deliveryNote: string;
  photos: DraftPhoto[];
  deliveryError: string | null;
  outboxId: string | null;
}

/**
 * `onlot_deliveries`: the last server delivery details and the driver's draft side by side,
 * so a pull (which only writes `server`) never overwrites what the driver typed.
 */
export interface OnlotDeliveryDoc {
  id: string; // oio-{id}
  company_id: number;
  onlot_inventory_order_id: number;
  server: OnlotDeliveryDetails | null;
  draft: InventoryDraft;
  updated_at: string;
}

export function emptyInventoryDraft(): InventoryDraft {
  return {
    readyToDeliver: false,
    deliveryMilesDriven: null,
    deliveryBegan: null,
    deliveryEnded: null,
    deliveryGpsLat: null,
    deliveryGpsLon: null,
    dateDelivered: null,
    deliveryNote: '',
    photos: [],
    deliveryError: null,
    outboxId: null,
  };
}

export const inventoryDraftSchema = {
  type: 'object',
  properties: {
    readyToDeliver: { type: 'boolean' },
    deliveryMilesDriven: { type: ['number', 'null'] },
    deliveryBegan: { type: ['string', 'null'] },
    deliveryEnded: { type: ['string', 'null'] },
    deliveryGpsLat: { type: ['number', 'null'] },
    deliveryGpsLon: { type: ['number', 'null'] },
    dateDelivered: { type: ['string', 'null'] },
    deliveryNote: { type: 'string' },
    photos: { type: 'array', items: { type: 'object' } },
    deliveryError: { type: ['string', 'null'] },
    outboxId: { type: ['string', 'null'] },
  },
} as const;

export const onlotDeliveriesSchema: RxJsonSchema<OnlotDeliveryDoc> = {
  title: 'onlot_deliveries',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    company_id: { type: 'number' },
    onlot_inventory_order_id: { type: 'number' },
    server: { type: ['object', 'null'] },
    draft: inventoryDraftSchema,
    updated_at: { type: 'string' },
  },
  required: ['id', 'company_id', 'onlot_inventory_order_id', 'draft', 'updated_at'],
};

export const onlotDeliveriesMigrations = {};

export type OnlotDeliveriesCollection = RxCollection<OnlotDeliveryDoc>;
