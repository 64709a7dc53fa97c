import type { SyncStatus } from '../../db';
import { INITIAL_SYNC_STATUS, syncStatus$ } from '../../db/localState';
import { useDbObservable } from './useDatabase';
import { useNavigatorOnline } from './useNavigatorOnline';

/**
 * The sync worker's status, with "online" also false when the browser says offline or the
 * last run could not reach the server (one bar of signal: the phone says online, nothing gets through).
 */
export function useSyncStatus(): SyncStatus {
  const status = useDbObservable((db) => syncStatus$(db), []) ?? INITIAL_SYNC_STATUS;
  const browserOnline = useNavigatorOnline();
  return { ...status, online: status.online && browserOnline && status.reachable };
}
