// Setup for a sync test whose next run must read everything (a fault injected into one of the
// pull's reads): the phone forgets the server's sync version (src/replication/syncVersion.ts),
// as a phone whose last pull never completed, so the run pulls instead of asking "anything new?".
import { CACHE_KEYS } from '../../src/db';
import type { Device } from './device';

export async function forgetSyncVersion(device: Device): Promise<void> {
  await device.db.cache.find({ selector: { key: CACHE_KEYS.syncVersion } }).remove();
}
