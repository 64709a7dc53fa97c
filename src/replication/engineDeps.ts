// What the sync engine is given (engine.ts): everything it touches is injected, so the same
// engine runs in the worker, in Node tests against a real server with faults, and in the replay tool.
import type { BlobStore, DriverDatabase } from '../db';
import type { FetchLike, Hosts } from './http';
import type { MapTileKeeper } from './mapTiles/keeper';
import type { OutboxEvents } from './outboxTypes';
import type { Timers } from './reachability';

export interface EngineDeps {
  db: DriverDatabase;
  blobs: BlobStore;
  fetch: FetchLike;
  /** '' = same origin. Per-host overrides follow SPEC §7's routing. */
  baseUrl: string;
  hosts?: Partial<Hosts>;
  now?: () => number;
  timers?: Timers;
  random?: () => number;
  timeoutMs?: number;
  /** How often to sync while the app is open (the timer of DESIGN §4). */
  intervalMs?: number;
  /** The longest timer wait while runs find nothing new (idleCadence.ts); default `intervalMs` (no stretching). */
  idleMaxIntervalMs?: number;
  events?: OutboxEvents;
  log?: (message: string, detail?: unknown) => void;
  /** Connectivity when the engine starts (the worker passes navigator.onLine): never assumed. */
  initialOnline?: boolean;
  /** Overrides the SPEC's 7000 ms wait before each follow-up (tests, replay). */
  followupWaitMs?: number;
  /** The SPEC §7 prefetch throttle's pause (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /** The host the app is served on (SPEC §9 environment naming, for feature-flag reads); default localhost. */
  appHost?: string;
  /** Keeps the basemap around the orders after runs that pulled, in the background (mapTiles/keeper.ts; the worker's, with Cache Storage). */
  mapTiles?: MapTileKeeper;
}
