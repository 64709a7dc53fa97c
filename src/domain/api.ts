import * as v from 'valibot';
import { BuildingStageTextSchema, OrderStatusTextSchema, type Checkpoint } from './order';
import { ORDER_KIND_SPECS } from './orderKinds';
import { TimestampSchema } from './timestamps';

/** The server contract's paths (DESIGN §6). The client and the server both import these. */
export const API = {
  login: '/auth/login',
  orderList: '/api/driver/order-list',
  onlotDeliveryDetails: ORDER_KIND_SPECS.onlot.paths.deliveryDetails,
  onlotOrderDetails: ORDER_KIND_SPECS.onlot.paths.details,
  companyUserIsRemoved: '/api/company-user-is-removed',
  upload: '/upload',
  deliverOnlot: '/secure/driver/deliver_onlot_inventory_order',
  openapi: '/openapi.json',
  health: '/healthz',
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const UPLOAD_FOLDER_HEADER = 'x-upload-folder';
export const TIME_ZONE_HEADER = 'x-time-zone';
/**
 * A successful sign-in answers a device key in this header; the app sends it back with its next
 * sign-in to that email, so a spray from unknown addresses never keeps this phone out (no
 * credential: the password is still checked; server/auth/deviceKey.ts).
 */
export const SIGN_IN_DEVICE_HEADER = 'x-sign-in-device';

/** POST /upload answers one entry per file, in the order sent. */
export const UploadResultSchema = v.array(v.object({ path: v.string(), mimetype: v.string() }));
export type UploadResult = v.InferOutput<typeof UploadResultSchema>;

/** The stored file path is `/files/{guid}.{ext}`; the guid is what building_images carry. */
export function parseUploadPath(path: string): { guid: string; extension: string } | null {
  const match = /^\/files\/([0-9a-f-]{36})\.(jpg|jpeg|png)$/.exec(path);
  return match?.[1] && match[2] ? { guid: match[1], extension: match[2] } : null;
}

/** Delivery details every inventory order (on-lot, move) shares (SPEC §3: customer fields null, amount "0"). */
export const InventoryDeliveryEntries = {
  order_number: v.string(),
  serial_number: v.string(),
  building_name: v.string(),
  name_on_order: v.string(),
  dealer_address: v.string(),
  delivery_address_coordinates: v.object({ lat: v.number(), lon: v.number() }),
  customer_first_name: v.null(),
  customer_last_name: v.null(),
  customer_phone: v.null(),
  customer_email: v.null(),
  payment_amount: v.literal('0'),
  updated_at: v.string(),
};
export type InventoryDelivery = v.InferOutput<v.ObjectSchema<typeof InventoryDeliveryEntries, undefined>>;

/** Delivery details of an on-lot inventory order. */
export const OnlotDeliveryDetailsSchema = v.object({
  id: v.string(), // oio-{id}, the same key as the order list
  company_id: v.number(),
  onlot_inventory_order_id: v.number(),
  ...InventoryDeliveryEntries,
});
export type OnlotDeliveryDetails = v.InferOutput<typeof OnlotDeliveryDetailsSchema>;

/** The deliver calls answer this on success. */
export interface DeliverResponse {
  delivery_id: number;
  order_key: string;
  date_delivered: string;
}

/** Pull checkpoints travel as `?checkpoint=` base64url(JSON {updated_at, id}). */
export function encodeCheckpoint(checkpoint: Checkpoint): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ updated_at: checkpoint.updated_at, id: checkpoint.id }));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Null when the text is not a checkpoint this contract wrote. */
export function decodeCheckpoint(text: string): Checkpoint | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const parsed = v.safeParse(v.object({ updated_at: TimestampSchema, id: v.pipe(v.string(), v.maxLength(64)) }), JSON.parse(json));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Pull paging (DESIGN §6): `?checkpoint=<encodeCheckpoint(...)>&limit=N`. */
export const PULL_LIMIT_DEFAULT = 1000;
export const PULL_LIMIT_MAX = 2500;

/** The fields every order details answer shares (on-lot here; customer and move in orderReads). */
export const OrderCoreEntries = {
  id: v.string(), // co-/oio-/mo-{id}
  company_id: v.number(),
  order_number: v.string(),
  order_status: OrderStatusTextSchema,
  building_stage: BuildingStageTextSchema,
  building_location: v.string(),
  building_model: v.string(),
  building_size: v.string(),
  serial_number: v.string(),
  is_built: v.boolean(),
  is_rush_order: v.boolean(),
  is_scheduled_for_delivery: v.boolean(),
  scheduled_date: v.nullable(v.string()),
  delivered_at: v.nullable(v.string()),
  dealer: v.object({
    id: v.number(),
    name: v.string(),
    address: v.string(), // one line: street, city, state zip
    phone: v.nullable(v.string()),
    coordinates: v.object({ lat: v.number(), lon: v.number() }),
  }),
  updated_at: v.string(),
};
export type OrderCore = v.InferOutput<v.ObjectSchema<typeof OrderCoreEntries, undefined>>;

/** GET onlot-inventory-order-details: the order, its dealer (the destination) and scheduling. */
export const OnlotOrderDetailsSchema = v.object({
  ...OrderCoreEntries,
  onlot_inventory_order_id: v.number(),
  order_type: v.literal('on-lot inventory'),
});
export type OnlotOrderDetails = v.InferOutput<typeof OnlotOrderDetailsSchema>;
