import * as v from 'valibot';
import { OrderNoteSchema, type OrderKindSpec } from '../domain';
import { rxSchemaOf } from './rxSchema';

// The three delivery collections (on-lot, move, customer) share one document shape: the
// last server delivery details and the driver's draft side by side, so a pull (which only
// writes `server`) never overwrites what the driver typed. Every document belongs to one
// driver: company_id and account_id are set on insert and every read filters by both.
// The drafts are valibot shapes too, only so that their types and the RxDB schema have one source.

/** A photo the driver took, stored compressed in the blob store under `id`. */
export const DraftPhotoSchema = v.object({
  id: v.string(),
  mime_type: v.picklist(['image/jpeg', 'image/png']),
  extension: v.picklist(['jpg', 'png']),
  size: v.number(),
  width: v.number(),
  height: v.number(),
});
export type DraftPhoto = v.InferOutput<typeof DraftPhotoSchema>;

/** What every delivery draft holds (SPEC §3 local delivery state, common part). */
export const DraftCommonEntries = {
  readyToDeliver: v.boolean(),
  deliveryMilesDriven: v.nullable(v.number()),
  deliveryBegan: v.nullable(v.string()),
  deliveryEnded: v.nullable(v.string()),
  deliveryGpsLat: v.nullable(v.number()),
  deliveryGpsLon: v.nullable(v.number()),
  dateDelivered: v.nullable(v.string()),
  deliveryNote: v.string(),
  photos: v.array(DraftPhotoSchema),
  deliveryError: v.nullable(v.string()),
  outboxId: v.nullable(v.string()),
};
export type DraftCommon = v.InferOutput<v.ObjectSchema<typeof DraftCommonEntries, undefined>>;

/** A delivery collection's name, as the order-kind registry names it. */
export type DeliveryCollectionName = OrderKindSpec['collection'];

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

/**
 * A delivery collection's stored document (the server's details of `server`, the driver's
 * draft of `draft`, and the collection's own `extra` fields) and its RxDB schema.
 */
export function deliveryDocShape<S extends v.GenericSchema, D extends v.ObjectEntries, E extends v.ObjectEntries>(
  title: DeliveryCollectionName,
  version: number,
  shape: { server: S; draft: D; extra: E },
) {
  const document = v.object({
    id: v.string(), // co-/oio-/mo-{id}: the order list key
    company_id: v.number(),
    /** The driver the draft belongs to; 0 = written by a build before drafts were per driver. */
    account_id: v.number(),
    order_id: v.number(),
    server: v.nullable(shape.server),
    draft: v.object(shape.draft),
    updated_at: v.string(),
    /** The order's notes (SPEC §2 order details), cached for offline reading; null until fetched. */
    notes: v.nullable(v.array(OrderNoteSchema)),
    /** `server.updated_at` when the notes were fetched: a newer one refetches them. */
    notes_at: v.nullable(v.string()),
    ...shape.extra,
  });
  const schema = rxSchemaOf({
    title,
    version,
    primaryKey: 'id',
    document,
    required: ['id', 'company_id', 'account_id', 'order_id', 'draft', 'updated_at'],
    keyMaxLength: 40,
    nested: ['draft'],
  });
  return { document, schema };
}
