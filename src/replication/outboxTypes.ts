import type { BlobStore, DriverDatabase, OutboxDoc, Session } from '../db';
import type { HttpClient } from './http';

export interface OutboxEvents {
  onStep?: (event: { entryId: string; step: string }) => void;
}

export interface OutboxContext {
  db: DriverDatabase;
  blobs: BlobStore;
  http: HttpClient;
  session: Session;
  now: () => number;
  random?: () => number;
  events?: OutboxEvents;
  /** Overrides each follow-up's wait (SPEC §9: 7000 ms); tests and the replay tool shorten it. */
  followupWaitMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

/** What a follow-up reads (steps/followups.ts): the network and the clock, no database (the fleet load test runs them too). */
export type FollowupContext = Pick<OutboxContext, 'http' | 'now'>;

/** What a follow-up reads of its entry: its id (the key), order, recorded answer and how the driver named the order. */
export type FollowupEntry = Pick<OutboxDoc, 'id' | 'order_key' | 'steps' | 'display'>;

/** The entry being worked on, re-read after every recorded step. */
export interface EntryHandle {
  get(): OutboxDoc;
  update(fn: (doc: OutboxDoc) => OutboxDoc): Promise<void>;
}
