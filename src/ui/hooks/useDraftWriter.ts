import { useCallback, useMemo, useRef } from 'react';
import { addDraftImage, patchDraft, removeDraftImage, type CapturedImage, type DraftOf, type ImageSlot } from '../../db';
import type { OrderKind } from '../../domain';
import { useBlobStore, useDatabase } from './useDatabase';
import { useSession } from './useAuth';
import { notify } from '../toaster';

export interface DraftWriter<K extends OrderKind = OrderKind> {
  kind: K;
  orderId: number;
  /** Writes a change to the draft at once (in order with every other write). */
  patch(patch: Partial<DraftOf<K>>): void;
  /** Runs any other draft write (photo add/remove) in the same queue. */
  run(task: () => Promise<void>): void;
  /** Resolves when every write started so far is in PWADB: Deliver waits for this. */
  flush(): Promise<void>;
  /** Stores an image's bytes and puts it in a slot (signature and check replace the old one). */
  saveImage(image: CapturedImage, slot: ImageSlot): Promise<void>;
  removeImage(imageId: string, slot: ImageSlot): Promise<void>;
}

/**
 * The delivery screen writes every keystroke to PWADB so a killed tab loses nothing. One
 * promise chain keeps writes in order and lets Deliver wait for the last one.
 */
export function useDraftWriter<K extends OrderKind>(kind: K, orderId: number): DraftWriter<K> {
  const db = useDatabase();
  const blobs = useBlobStore();
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
      kind,
      orderId,
      run,
      patch: (patch) => run(() => patchDraft(db, session, kind, orderId, patch)),
      flush: () => chain.current,
      saveImage: async (image, slot) => {
        await addDraftImage(db, blobs, session, kind, orderId, image, slot);
      },
      removeImage: (imageId, slot) => removeDraftImage(db, blobs, session, kind, orderId, imageId, slot),
    }),
    [run, db, blobs, session, kind, orderId],
  );
}
