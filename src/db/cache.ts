import { map, type Observable } from 'rxjs';
import type { DriverDatabase } from './database';
import { driverKey, driverScope } from './driverScope';
import type { Session } from './localState';

// Reading and writing the `cache` collection: every key is per company and driver, so one
// driver never reads another's snapshot on a shared phone.

/** The snapshot keys: one place names them for the pull and the screens. */
export const CACHE_KEYS = {
  orderMap: 'order-map',
  scheduleList: 'schedule-list',
  scheduleDetails: (orderKey: string) => `schedule-details:${orderKey}`,
  notifications: 'notifications',
  companyContact: 'company-contact',
  /** The feature flags the app reads (check-feature-flag with the app's environment). */
  featureFlags: 'feature-flags',
  /** The last delivery log the driver saw, with its filters (src/replication/profile). */
  deliveryLog: 'delivery-log',
  /** Delivery stats and undelivered-order stats, read with the log. */
  deliveryStats: 'delivery-stats',
  settings: 'settings',
  /** How much of the online basemap around the orders the phone keeps (src/replication/mapTiles; KeptBasemap). */
  mapTiles: 'map-tiles',
  /** The server's sync version the last complete pull matched (src/replication/syncVersion.ts). */
  syncVersion: 'sync-version',
} as const;

export interface Cached<T> {
  data: T;
  fetchedAt: string;
}

function cacheId(session: Session, key: string): string {
  return `${driverKey(session.claims)}:${key}`;
}

export async function writeCache(db: DriverDatabase, session: Session, key: string, data: unknown, fetchedAt: string): Promise<void> {
  await db.cache.upsert({ id: cacheId(session, key), ...driverScope(session.claims), key, data, fetched_at: fetchedAt });
}

/** Several snapshots in one write: one change event for the page instead of one per snapshot. */
export async function writeCaches(db: DriverDatabase, session: Session, entries: readonly { key: string; data: unknown }[], fetchedAt: string): Promise<void> {
  if (entries.length === 0) return;
  const result = await db.cache.bulkUpsert(
    entries.map(({ key, data }) => ({ id: cacheId(session, key), ...driverScope(session.claims), key, data, fetched_at: fetchedAt })),
  );
  const failed = result.error[0];
  if (failed) throw new Error(`Could not store ${failed.documentId}: ${failed.status}`);
}

/** Several snapshots in one read, by key (absent keys are not in the map). */
export async function readCaches<T>(db: DriverDatabase, session: Session, keys: readonly string[]): Promise<Map<string, Cached<T>>> {
  const docs = await db.cache.findByIds(keys.map((key) => cacheId(session, key))).exec();
  const found = new Map<string, Cached<T>>();
  for (const doc of docs.values()) found.set(doc.key, { data: doc.data as T, fetchedAt: doc.fetched_at });
  return found;
}

export async function readCache<T>(db: DriverDatabase, session: Session, key: string): Promise<Cached<T> | null> {
  const doc = await db.cache.findOne(cacheId(session, key)).exec();
  return doc ? { data: doc.data as T, fetchedAt: doc.fetched_at } : null;
}

/** The snapshot as it changes; null until the first pull stored one. */
export function cache$<T>(db: DriverDatabase, session: Session, key: string): Observable<Cached<T> | null> {
  return db.cache.findOne(cacheId(session, key)).$.pipe(map((doc) => (doc ? { data: doc.data as T, fetchedAt: doc.fetched_at } : null)));
}

/** Drops this driver's snapshots whose key starts with `prefix` except those in `keep`. */
export async function pruneCache(db: DriverDatabase, session: Session, prefix: string, keep: ReadonlySet<string>): Promise<void> {
  const docs = await db.cache.find({ selector: driverScope(session.claims) }).exec();
  const stale = docs.filter((d) => d.key.startsWith(prefix) && !keep.has(d.key)).map((d) => d.id);
  if (stale.length) await db.cache.bulkRemove(stale);
}

/** Sign-out: the driver's snapshots go with the rest of their server data (SPEC §4). */
export async function clearCache(db: DriverDatabase, session: Session): Promise<void> {
  await db.cache.find({ selector: driverScope(session.claims) }).remove();
}
