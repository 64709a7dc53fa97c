import { useCallback, useRef } from 'react';
import { getSyncClient } from '../../workers/client';

/** At most one message to the worker per this many ms of typing or scrolling. */
const EVERY_MS = 300;

/**
 * Tells the sync worker the driver is typing or scrolling, so its background prefetch waits
 * instead of landing change events between two keystrokes (src/replication/driverBusy.ts).
 */
export function useDriverBusy(): () => void {
  const last = useRef(0);
  return useCallback(() => {
    const at = performance.now();
    if (at - last.current < EVERY_MS) return;
    last.current = at;
    void getSyncClient().driverBusy();
  }, []);
}
