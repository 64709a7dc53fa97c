import { useEffect, useState } from 'react';
import type { Cached, SettingsDraft } from '../../db';
import { settingsDraft$ } from '../../db/settingsDraft';
import { CACHE_KEYS } from '../../db/cache';
import type { DriverSettings } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { notify } from '../toaster';
import { useSession } from './useAuth';
import { useCached } from './useCached';
import { useDbObservable } from './useDatabase';

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
  const session = useSession();
  return useDbObservable((db) => settingsDraft$(db, session), [session]);
}
