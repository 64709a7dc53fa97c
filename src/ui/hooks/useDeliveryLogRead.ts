import { useEffect, useState } from 'react';
import type { LogFilters } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { notify } from '../toaster';

export type LogReadState = 'reading' | 'done' | 'failed' | 'offline';

/**
 * Asks the worker to read the log for these filters whenever they change and the phone is
 * online (or on `retry`); the answer lands in the `delivery-log` snapshot the screen renders.
 * A read the server failed shows its SPEC §8 snackbar once.
 */
export function useDeliveryLogRead(filters: LogFilters, filtersKey: string, online: boolean): { state: LogReadState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [read, setRead] = useState<{ key: string; state: LogReadState } | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    setRead({ key: filtersKey, state: 'reading' });
    void getSyncClient()
      .refreshDeliveryLog(filters)
      .then((outcome) => {
        if (!live || outcome.superseded) return;
        for (const failure of outcome.failures) notify(failure, 'error');
        setRead({ key: filtersKey, state: outcome.offline ? 'offline' : outcome.ok ? 'done' : 'failed' });
      });
    return () => {
      live = false;
    };
    // `filters` is derived from `filtersKey`: the key alone says when they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, online, attempt]);
  let state: LogReadState = read?.key === filtersKey ? read.state : 'reading';
  if (!online) state = 'offline';
  return { state, retry: () => setAttempt((n) => n + 1) };
}
