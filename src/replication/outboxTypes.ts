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
  log?: (message: string, detail?: unknown) => void;
}

/** The entry being worked on, re-read after every recorded step. */
export interface EntryHandle {
  get(): OutboxDoc;
  update(fn: (doc: OutboxDoc) => OutboxDoc): Promise<void>;
}
