import type { RxCollection, RxJsonSchema } from 'rxdb';
import type { ErrorCode, ImageRecord, OrderHolder } from '../domain';
import type { DraftPhoto } from './deliveryDoc';

export type OutboxStatus = 'queued' | 'sending' | 'done' | 'needs_attention';

export interface OutboxError {
  code: ErrorCode | 'NetworkError' | 'Timeout' | 'PhotoMissing' | 'OutboxEntryTooOld' | 'OutboxKindUnknown';
  message: string;
  status: number | null;
  /** A deliver call's refusal naming who has the order now (issue 23); absent otherwise. */
  holder?: OrderHolder;
  /** A later pull brought the order back to the driver's list: it may be sent again (Retry). */
  order_back?: boolean;
}

/** The images an entry sends, by slot; their bytes stay in the blob store until done. */
export interface OutboxAttachments {
  photos: DraftPhoto[];
  signature: DraftPhoto | null;
  check: DraftPhoto | null;
}

/** How a follow-up (certificate, email) ended: done and failed are final, never repeated. */
export interface FollowupResult {
  status: 'done' | 'failed' | 'skipped';
  message: string | null;
  at: string;
}

export interface OutboxSteps {
  /** Image id → the server's image record (each upload's key is the image's own id). */
  uploads: Record<string, ImageRecord>;
  /** The main call's answer: non-null means the server committed the action. */
  response: Record<string, unknown> | null;
  /** Follow-up step id → its outcome (recorded before the next one starts). */
  followups: Record<string, FollowupResult>;
  /** A follow-up's wait (SPEC §9: 7000 ms before each email): not before this time (ms). */
  wait_until: number | null;
  /**
   * When a follow-up of this entry first failed transiently (ms): retries stop once the
   * processor's FOLLOWUP_RETRY_WINDOW_MS has passed since, so the entry ends in bounded time.
   */
  retry_since?: number | null;
}

/**
 * `outbox`: validated driver actions waiting for the server. The id is a UUID v7 and the
 * Idempotency-Key of the main call; uploads use the image id, follow-ups `${id}:${step}`.
 * `kind` names an entry of the outbox kind registry (src/outbox), whose payload schema
 * at `payload_version` the payload was validated against when queued.
 */
/** How the driver names the order (SPEC §3 list fields), kept for when its row is gone. */
export interface OutboxDisplay {
  name: string; // customer, or dealer for inventory orders
  model: string;
  serial: string;
}

export interface OutboxDoc {
  id: string;
  company_id: number;
  account_id: number;
  kind: string;
  payload_version: number;
  order_key: string;
  display: OutboxDisplay | null;
  payload: Record<string, unknown>;
  attachments: OutboxAttachments;
  status: OutboxStatus;
  steps: OutboxSteps;
  attempts: number;
  next_attempt_at: number;
  last_error: OutboxError | null;
  created_at: string;
  updated_at: string;
}

export function emptySteps(): OutboxSteps {
  return { uploads: {}, response: null, followups: {}, wait_until: null };
}

export const outboxSchema: RxJsonSchema<OutboxDoc> = {
  title: 'outbox',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    company_id: { type: 'number' },
    account_id: { type: 'number' },
    kind: { type: 'string' },
    payload_version: { type: 'number' },
    order_key: { type: 'string' },
    display: { type: ['object', 'null'] },
    payload: { type: 'object' },
    attachments: { type: 'object' },
    status: { type: 'string' },
    steps: { type: 'object' },
    attempts: { type: 'number' },
    next_attempt_at: { type: 'number' },
    last_error: { type: ['object', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
  required: [
    'id',
    'company_id',
    'account_id',
    'kind',
    'payload_version',
    'order_key',
    'payload',
    'attachments',
    'status',
    'steps',
    'attempts',
    'next_attempt_at',
    'created_at',
  ],
};

export const outboxMigrations = {
  // v1: attachments by slot, a payload version (v0 entries were deliver_onlot payload 1), and
  // recorded follow-ups. The registry upgrades or refuses the payload itself before sending.
  1: (old: Record<string, unknown>) => {
    const { photos, steps, ...rest } = old as { photos?: DraftPhoto[]; steps?: Partial<OutboxSteps> } & Record<string, unknown>;
    return {
      ...rest,
      payload_version: 1,
      display: null,
      attachments: { photos: photos ?? [], signature: null, check: null },
      steps: { ...emptySteps(), uploads: steps?.uploads ?? {}, response: steps?.response ?? null },
    };
  },
};

export type OutboxCollection = RxCollection<OutboxDoc>;
