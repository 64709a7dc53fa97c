import { useCallback, useMemo, useRef } from 'react';
import { patchOnlotDraft, type InventoryDraft } from '../../db';
import { useDatabase } from './useDatabase';
import { useSession } from './useAuth';
import { notify } from '../toaster';

export interface DraftWriter {
  /** Writes a change to the draft at once (in order with every other write). */
  patch(patch: Partial<InventoryDraft>): void;
  /** Runs any other draft write (photo add/remove) in the same queue. */
  run(task: () => Promise<void>): void;
  /** Resolves when every write started so far is in PWADB: Deliver waits for this. */
  flush(): Promise<void>;
}

/**
 * The delivery screen writes every keystroke to PWADB so a killed tab loses nothing. One
 * promise chain keeps writes in order and lets Deliver wait for the last one.
 */
export function useDraftWriter(onlotId: number): DraftWriter {
  const db = useDatabase();
  const session = useSession();
  const chain = useRef<Promise<void>>(Promise.resolve());

  const run = useCallback((task: () => Promise<void>) => {
    chain.current = chain.current.then(task).catch((error: unknown) => {
      console.error('draft write failed', error);
      const quota = error instanceof DOMException && error.name === 'QuotaExceededError';
      notify(quota ? 'This device is out of storage space' : 'Could not save on this device', 'error');
    });
  }, []);

  return useMemo(
    () => ({
      run,
      patch: (patch) => run(() => patchOnlotDraft(db, session, onlotId, patch)),
      flush: () => chain.current,
    }),
    [run, db, session, onlotId],
  );
}
