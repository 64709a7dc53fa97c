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

/** The entry being worked on, re-read after every recorded step. */
export interface EntryHandle {
  get(): OutboxDoc;
  update(fn: (doc: OutboxDoc) => OutboxDoc): Promise<void>;
}
