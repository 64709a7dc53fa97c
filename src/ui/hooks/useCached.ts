import { useMemo } from 'react';
import type { Cached } from '../../db';
import { cache$ } from '../../db/cache';
import { useSession } from './useAuth';
import { useOpenDatabase } from './useDatabase';
import { useObservable } from './useObservable';

/**
 * A server snapshot the sync engine keeps in the `cache` collection (CACHE_KEYS): undefined
 * while PWADB is read, null when no pull has stored it yet on this device (offline since
 * sign-in), else the data with when it was fetched. This driver's copy only.
 */
export function useCached<T>(key: string): Cached<T> | null | undefined {
  const db = useOpenDatabase();
  const session = useSession();
  const source = useMemo(() => db && cache$<T>(db, session, key), [db, session, key]);
  return useObservable(source);
}
