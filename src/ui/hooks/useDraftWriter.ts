import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { CapturedImage, DraftOf, ImageSlot } from '../../db';
import { addDraftImage, patchDraft, removeDraftImage } from '../../db/drafts';
import type { OrderKind } from '../../domain';
import { useBlobStore, useDatabase } from './useDatabase';
import { useSession } from './useAuth';
import { notify } from '../toaster';

export interface DraftWriter<K extends OrderKind = OrderKind> {
  kind: K;
  orderId: number;
  /** Writes a change to the draft at once (in order with every other write). */
  patch(patch: Partial<DraftOf<K>>): void;
  /**
   * Writes a change computed from the stored draft when the write runs: for a field built on
   * its own value (a tick added to a list), which the screen may show a write behind.
   */
  update(change: (stored: DraftOf<K>) => Partial<DraftOf<K>>): void;
  /** Runs any other draft write (photo add/remove) in the same queue. */
  run(task: () => Promise<void>): void;
  /**
   * Holds a write back until `ms` after the last call with the same key (strokes of one
   * signature make one save). Deliver (`flush`) and leaving the screen run it at once.
   */
  hold(key: string, task: () => Promise<void>, ms: number): void;
  /** Drops a held write (the driver cleared what it would save). */
  drop(key: string): void;
  /** Runs every held write now, then resolves when every write so far is in PWADB: Deliver waits for this. */
  flush(): Promise<void>;
  /** Stores an image's bytes and puts it in a slot (signature and check replace the old one). */
  saveImage(image: CapturedImage, slot: ImageSlot): Promise<void>;
  /** Takes an image out of a slot; null: whatever the signature or check slot holds when the write runs. */
  removeImage(imageId: string | null, slot: ImageSlot): Promise<void>;
}

interface Held {
  timer: ReturnType<typeof setTimeout>;
  task: () => Promise<void>;
}

/**
 * The delivery screen writes every keystroke to PWADB so a killed tab loses nothing. One
 * promise chain keeps writes in order and lets Deliver wait for the last one; held writes
 * (debounced) join the chain when their time comes or when Deliver needs them.
 */
export function useDraftWriter<K extends OrderKind>(kind: K, orderId: number): DraftWriter<K> {
  const db = useDatabase();
  const blobs = useBlobStore();
  const session = useSession();
  const chain = useRef<Promise<void>>(Promise.resolve());
  const held = useRef(new Map<string, Held>());

  const run = useCallback((task: () => Promise<void>) => {
    chain.current = chain.current.then(task).catch((error: unknown) => {
      console.error('draft write failed', error);
      const quota = error instanceof DOMException && error.name === 'QuotaExceededError';
      notify(quota ? 'This device is out of storage space' : 'Could not save on this device', 'error');
    });
  }, []);

  const release = useCallback(
    (key: string) => {
      const write = held.current.get(key);
      if (!write) return;
      clearTimeout(write.timer);
      held.current.delete(key);
      run(write.task);
    },
    [run],
  );

  const releaseAll = useCallback(() => {
    for (const key of [...held.current.keys()]) release(key);
  }, [release]);

  // Leaving the screen within a hold still saves what it holds.
  useEffect(() => releaseAll, [releaseAll]);

  return useMemo(
    () => ({
      kind,
      orderId,
      run,
      patch: (patch) => run(() => patchDraft(db, session, kind, orderId, patch)),
      update: (change) => run(() => patchDraft(db, session, kind, orderId, change)),
      hold: (key, task, ms) => {
        const previous = held.current.get(key);
        if (previous) clearTimeout(previous.timer);
        held.current.set(key, { task, timer: setTimeout(() => release(key), ms) });
      },
      drop: (key) => {
        const write = held.current.get(key);
        if (write) clearTimeout(write.timer);
        held.current.delete(key);
      },
      flush: () => {
        releaseAll();
        return chain.current;
      },
      saveImage: async (image, slot) => {
        await addDraftImage(db, blobs, session, kind, orderId, image, slot);
      },
      removeImage: (imageId, slot) => removeDraftImage(db, blobs, session, kind, orderId, imageId, slot),
    }),
    [run, release, releaseAll, db, blobs, session, kind, orderId],
  );
}
