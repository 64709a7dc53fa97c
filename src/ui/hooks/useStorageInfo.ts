import { useEffect, useState } from 'react';
import type { StorageInfo } from '../diagnostics';

/**
 * How much the app stores on this phone and whether the browser keeps it under storage
 * pressure (StorageManager). Undefined while asked; fields are null where the browser has no
 * answer (no StorageManager, or it refused). Read again whenever `refresh` changes.
 */
export function useStorageInfo(refresh: unknown): StorageInfo | undefined {
  const [info, setInfo] = useState<StorageInfo | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const storage = typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManager | undefined);
    void (async () => {
      const estimate = await storage?.estimate?.().catch(() => null);
      const persisted = await storage?.persisted?.().catch(() => null);
      if (live) setInfo({ usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted: persisted ?? null });
    })();
    return () => {
      live = false;
    };
  }, [refresh]);
  return info;
}
