// Drizzle mirror of server/db/migrations/*.sql (the SQL files are the source of truth;
// keep both in step). Timestamps are timestamptz(3) read as Date: millisecond-exact.
import { bigint, boolean, customType, doublePrecision, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BuildingStage, OrderStatus } from '../../src/domain';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** bytea as a Buffer on both drivers (PGlite answers Uint8Array, node-postgres Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Moved by triggers on every change to the company's orders or dealers (migration 0012). */
  ordersVersion: bigint('orders_version', { mode: 'number' }).notNull().default(0),
});

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  removedAt: ts('removed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Bumped by a trigger (migration 0009) on a new password, removal, company or role: older tokens are refused. */
  tokenVersion: integer('token_version').notNull().default(1),
  /** '<token_version>:<sha256 of a token>': the one older token accepted at that version (the session that changed the password). */
  keptSession: text('kept_session'),
});

export const dealers = pgTable('dealers', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  phone: text('phone'),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
});

export const shops = pgTable('shops', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  address: text('address').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
});

export type OrderKindColumn = 'customer' | 'onlot' | 'move';
export type OrderTypeColumn = 'new build' | 'off-lot inventory' | 'on-lot inventory' | 'move order';

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  kind: text('kind').$type<OrderKindColumn>().notNull(),
  orderType: text('order_type').$type<OrderTypeColumn>().notNull(),
  orderNumber: text('order_number').notNull(),
  status: text('status').$type<OrderStatus>().notNull(),
  stage: text('stage').$type<BuildingStage>().notNull(),
  location: text('location').notNull(),
  isBuilt: boolean('is_built').notNull().default(false),
  isRushOrder: boolean('is_rush_order').notNull().default(false),
  isScheduledForDelivery: boolean('is_scheduled_for_delivery').notNull().default(false),
  scheduledDate: ts('scheduled_date'),
  driverId: integer('driver_id').references(() => accounts.id),
  dealerId: integer('dealer_id')
    .notNull()
    .references(() => dealers.id),
  shopId: integer('shop_id').references(() => shops.id),
  customerFirstName: text('customer_first_name'),
  customerLastName: text('customer_last_name'),
  customerPhone: text('customer_phone'),
  customerEmail: text('customer_email'),
  deliveryAddress: text('delivery_address'),
  deliveryLat: doublePrecision('delivery_lat'),
  deliveryLon: doublePrecision('delivery_lon'),
  serialNumber: text('serial_number').notNull(),
  buildingModel: text('building_model').notNull(),
  buildingSize: text('building_size').notNull().default(''),
  deliveredAt: ts('delivered_at'),
  cancelledAt: ts('cancelled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const deliveries = pgTable('deliveries', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  driverId: integer('driver_id')
    .notNull()
    .references(() => accounts.id),
  kind: text('kind').$type<OrderKindColumn>().notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  milesDriven: doublePrecision('miles_driven'),
  beganAt: ts('began_at'),
  endedAt: ts('ended_at'),
  gpsLat: doublePrecision('gps_lat'),
  gpsLon: doublePrecision('gps_lon'),
  note: text('note').notNull().default(''),
  dateDelivered: ts('date_delivered').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const uploads = pgTable('uploads', {
  guid: uuid('guid').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  folder: text('folder').notNull(),
  mime: text('mime').notNull(),
  extension: text('extension').notNull(),
  bytes: bytea('bytes').notNull(),
  byteSize: integer('byte_size').notNull(),
  sha256: text('sha256').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Resumable (tus) uploads in progress or finished (migration 0018, services/tusStore.ts). */
export const tusUploads = pgTable('tus_uploads', {
  id: text('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  folder: text('folder').notNull(),
  photoType: text('photo_type'),
  orderRef: text('order_ref'),
  size: integer('size').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull().default({}),
  result: jsonb('result').$type<{ path: string; mimetype: string }[]>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A resumable upload's bytes as they arrived (empty `bytes` when the object store keeps them). */
export const tusUploadParts = pgTable(
  'tus_upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => tusUploads.id, { onDelete: 'cascade' }),
    startOffset: integer('start_offset').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.startOffset] })],
);

export const deliveryImages = pgTable(
  'delivery_images',
  {
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    uploadGuid: uuid('upload_guid')
      .notNull()
      .references(() => uploads.guid),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.uploadGuid] })],
);

export const idempotencyKeys = pgTable('idempotency_keys', {
  id: serial('id').primaryKey(),
  key: text('key').notNull(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  method: text('method').notNull(),
  path: text('path').notNull(),
  requestHash: text('request_hash').notNull(),
  state: text('state').$type<'running' | 'done'>().notNull(),
  responseStatus: integer('response_status'),
  /** The answer's text as it was sent (migration 0015: jsonb reordered keys) and its content type (0006). */
  responseBody: text('response_body'),
  responseType: text('response_type'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
  /** The server process that claimed the key (migration 0010); null for claims made before it. */
  instanceId: text('instance_id'),
});

/** Running server processes and their heartbeats (migration 0010, server/services/instances.ts). */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  startedAt: ts('started_at').notNull().defaultNow(),
  heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
});

/** Request counters of the fair limits (migration 0011, services/rateLimits.ts). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(1),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export * from './schemaOrders';
export * from './schemaDeliveries';
export * from './schemaProfile';
export * from './schemaPayments';
export * from './schemaSignIn';
export * from './schemaDevices';
