import type { BlobStore, DriverDatabase, Session } from '../../db';
import type { HttpClient } from '../http';

/** What the profile area's RPCs run with: injected like the engine's, so tests use the real server. */
export interface ProfileContext {
  db: DriverDatabase;
  blobs: BlobStore;
  http: HttpClient;
  /** The signed-in driver now (null when signed out). */
  session(): Promise<Session | null>;
  now(): string;
  log?: (message: string, detail?: unknown) => void;
}
