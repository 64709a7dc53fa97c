import { useMemo } from 'react';
import type { SyncStatus } from '../../db';
import { INITIAL_SYNC_STATUS, syncStatus$ } from '../../db/localState';
import { useOpenDatabase } from './useDatabase';
import { useNavigatorOnline } from './useNavigatorOnline';
import { useObservable } from './useObservable';

/**
 * The sync worker's status, with "online" also false when the browser says offline or the
 * last run could not reach the server (one bar of signal: the phone says online, nothing gets through).
 */
export function useSyncStatus(): SyncStatus {
  const db = useOpenDatabase();
  const source = useMemo(() => db && syncStatus$(db), [db]);
  const status = useObservable(source) ?? INITIAL_SYNC_STATUS;
  const browserOnline = useNavigatorOnline();
  return { ...status, online: status.online && browserOnline && status.reachable };
}
