import type { Cached, OutboxDoc } from '../../db';
import { cache$ } from '../../db/cache';
import { waitingSnapshotChanges$, type SnapshotKey } from '../../outbox';
import { useSession } from './useAuth';
import { useDbObservable } from './useDatabase';

/**
 * A server snapshot the sync engine keeps in the `cache` collection (CACHE_KEYS): undefined
 * while PWADB is read, null when no pull has stored it yet on this device (offline since
 * sign-in), else the data with when it was fetched. This driver's copy only.
 */
export function useCached<T>(key: string): Cached<T> | null | undefined {
  const session = useSession();
  return useDbObservable((db) => cache$<T>(db, session, key), [session, key]);
}

/** The driver's changes to a snapshot still waiting in the outbox (laid over it with withWaitingChanges). */
export function useWaitingChanges(key: SnapshotKey): OutboxDoc[] | undefined {
  const session = useSession();
  return useDbObservable((db) => waitingSnapshotChanges$(db, session, key), [session, key]);
}
