import { CACHE_KEYS } from '../../db/cache';
import { driverNameOf, type DriverSettings } from '../../domain';
import { withWaitingChanges } from '../../outbox';
import { useSession } from './useAuth';
import { useCached, useWaitingChanges } from './useCached';

/**
 * The driver's name as this phone knows it now: the stored settings (saved from
 * /settings/edit, read each time Settings opens online) with any change still waiting in the
 * outbox laid over them, so the app bar and the menu follow an edit at once, not at the next
 * sign-in. Before the phone has the settings, the session token's name.
 */
export function useDriverName(): string {
  const session = useSession();
  const stored = useCached<DriverSettings>(CACHE_KEYS.settings);
  const waiting = useWaitingChanges(CACHE_KEYS.settings);
  const shown = stored ? withWaitingChanges(stored.data, waiting ?? []) : null;
  const name = shown
    ? [shown.first_name, shown.last_name]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' ')
    : '';
  return name || driverNameOf(session.claims);
}
