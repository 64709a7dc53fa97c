import { clockMs } from '../../clock';
import type { OutboxDoc } from '../../db';
import { entryState, waitingState, type EntryState } from '../../outbox';
import { useSyncStatus } from './useSyncStatus';
import { useUploadProgress } from './useUploadProgress';

/** Where an entry stands now, in the outbox's one vocabulary (src/outbox/status.ts). */
export function useEntryState(entry: OutboxDoc): EntryState {
  const sync = useSyncStatus();
  const upload = useUploadProgress(entry.id);
  return entryState(entry, sync, upload, clockMs());
}

/** A dismissal kept on this phone until it is sent: queued, or waiting for signal. */
export function useWaitingState(): EntryState {
  return waitingState(useSyncStatus());
}
