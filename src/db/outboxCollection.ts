import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { ErrorCode, ImageRecord } from '../domain';
import type { DraftPhoto } from './onlotDeliveriesCollection';

export type OutboxKind = 'deliver_onlot';
export type OutboxStatus = 'queued' | 'sending' | 'done' | 'needs_attention';

export interface OutboxError {
  code: ErrorCode | 'NetworkError' | 'Timeout' | 'PhotoMissing';
  message: string;
  status: number | null;
}

/**
 * `outbox`: validated driver actions waiting for the server. The id is a UUID v7 and is
 * also the Idempotency-Key of the final call; each photo upload uses the photo's own id.
 */
export interface OutboxDoc {
  id: string;
  company_id: number;
  account_id: number;
  kind: OutboxKind;
  order_key: string;
  /** The validated request body, minus what later steps fill in (building_images). */
  payload: Record<string, unknown>;
  photos: DraftPhoto[];
  status: OutboxStatus;
  /** Steps done so far: photo id → the server's image record; the final response. */
  steps: { uploads: Record<string, ImageRecord>; response: Record<string, unknown> | null };
  attempts: number;
  next_attempt_at: number;
  last_error: OutboxError | null;
  created_at: string;
  updated_at: string;
}

export const outboxSchema: RxJsonSchema<OutboxDoc> = {
  title: 'outbox',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    company_id: { type: 'number' },
    account_id: { type: 'number' },
    kind: { type: 'string' },
    order_key: { type: 'string' },
    payload: { type: 'object' },
    photos: { type: 'array', items: { type: 'object' } },
    status: { type: 'string' },
    steps: { type: 'object' },
    attempts: { type: 'number' },
    next_attempt_at: { type: 'number' },
    last_error: { type: ['object', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
  required: ['id', 'company_id', 'account_id', 'kind', 'order_key', 'payload', 'status', 'steps', 'attempts', 'next_attempt_at', 'created_at'],
};

export const outboxMigrations = {};

export type OutboxCollection = RxCollection<OutboxDoc>;
