import type { RxCollection, RxJsonSchema } from 'rxdb';

/**
 * `cache` (DESIGN §4): keyed server snapshots the UI reads offline — the order map, the
 * schedule list, one order's schedule details. One document per driver and key; a pull
 * replaces it whole. Nothing the driver typed lives here.
 */
export interface CacheDoc {
  /** `${company_id}:${account_id}:${key}` */
  id: string;
  company_id: number;
  account_id: number;
  key: string;
  /** The server's answer, validated against its schema before it was stored. */
  data: unknown;
  fetched_at: string;
}

export const cacheSchema: RxJsonSchema<CacheDoc> = {
  title: 'cache',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 200 },
    company_id: { type: 'number' },
    account_id: { type: 'number' },
    key: { type: 'string', maxLength: 160 },
    data: {},
    fetched_at: { type: 'string' },
  },
  required: ['id', 'company_id', 'account_id', 'key', 'fetched_at'],
};

export const cacheMigrations = {};

export type CacheCollection = RxCollection<CacheDoc>;
