import type { RxJsonSchema } from 'rxdb';
import type { OrderKind, OrderNote } from '../domain';

// The three delivery collections (on-lot, move, customer) share one document shape: the
// last server delivery details and the driver's draft side by side, so a pull (which only
// writes `server`) never overwrites what the driver typed. Every document belongs to one
// driver: company_id and account_id are set on insert and every read filters by both.

/** A photo the driver took, stored compressed in the blob store under `id`. */
export interface DraftPhoto {
  id: string;
  mime_type: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  size: number;
  width: number;
  height: number;
}

/** What every delivery draft holds (SPEC §3 local delivery state, common part). */
export interface DraftCommon {
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

export interface DeliveryDoc<S, D extends DraftCommon> {
  id: string; // co-/oio-/mo-{id}: the order list key
  company_id: number;
  /** The driver the draft belongs to; 0 = written by a build before drafts were per driver. */
  account_id: number;
  order_id: number;
  server: S | null;
  draft: D;
  updated_at: string;
  /** The order's notes (SPEC §2 order details), cached for offline reading; null until fetched. */
  notes: OrderNote[] | null;
  /** `server.updated_at` when the notes were fetched: a newer one refetches them. */
  notes_at: string | null;
}

export const DELIVERY_COLLECTIONS = {
  onlot: 'onlot_deliveries',
  move: 'move_deliveries',
  customer: 'customer_deliveries',
} as const satisfies Record<OrderKind, string>;
export type DeliveryCollectionName = (typeof DELIVERY_COLLECTIONS)[OrderKind];

export function emptyDraftCommon(): DraftCommon {
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

export const draftCommonProperties = {
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
} as const;

/** The RxDB schema of a delivery collection, with its own version. */
export function deliveryDocSchema<S, D extends DraftCommon>(
  title: DeliveryCollectionName,
  version: number,
  draftProperties: Record<string, unknown>,
  extraProperties: Record<string, unknown> = {},
): RxJsonSchema<DeliveryDoc<S, D>> {
  return {
    title,
    version,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 40 },
      company_id: { type: 'number' },
      account_id: { type: 'number' },
      order_id: { type: 'number' },
      server: { type: ['object', 'null'] },
      draft: { type: 'object', properties: draftProperties },
      updated_at: { type: 'string' },
      notes: { type: ['array', 'null'], items: { type: 'object' } },
      notes_at: { type: ['string', 'null'] },
      ...extraProperties,
    },
    required: ['id', 'company_id', 'account_id', 'order_id', 'draft', 'updated_at'],
  } as RxJsonSchema<DeliveryDoc<S, D>>;
}
