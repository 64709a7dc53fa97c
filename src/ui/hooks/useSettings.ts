import { useEffect, useMemo, useState } from 'react';
import { CACHE_KEYS, settingsDraft$, type Cached, type SettingsDraft } from '../../db';
import type { DriverSettings } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { notify } from '../toaster';
import { useSession } from './useAuth';
import { useCached } from './useCached';
import { useDatabase } from './useDatabase';
import { useObservable } from './useObservable';

/**
 * The driver's settings snapshot (undefined while read, null when never read on this phone),
 * asked again from the office each time a settings screen opens online; a failure shows
 * SPEC §8's "Failed to refresh settings" and keeps the last copy.
 */
export function useDriverSettings(online: boolean): { settings: Cached<DriverSettings> | null | undefined; failed: boolean; retry: () => void } {
  const settings = useCached<DriverSettings>(CACHE_KEYS.settings);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!online) return;
    let live = true;
    void getSyncClient()
      .refreshSettings()
      .then((outcome) => {
        if (!live) return;
        setFailed(!outcome.ok);
        if (!outcome.ok && !outcome.offline) notify(outcome.message, 'error');
      });
    return () => {
      live = false;
    };
  }, [online, attempt]);
  return { settings, failed, retry: () => setAttempt((n) => n + 1) };
}

/** What the driver typed on /settings/edit and has not saved yet (null: nothing). */
export function useSettingsDraft(): SettingsDraft | null | undefined {
  const db = useDatabase();
  const session = useSession();
  const source = useMemo(() => settingsDraft$(db, session), [db, session]);
  return useObservable(source);
}
