import { useEffect, useRef } from 'react';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { errorText } from '../i18n/domainText';
import { notify } from '../toaster';

/**
 * SPEC §8: a read the server failed ("Failed to fetch order list") shows as an error snackbar
 * once when it starts failing — not on every retry — and again only after it had recovered.
 */
export function FetchFailureSnackbars() {
  const { fetchFailures } = useSyncStatus();
  const shown = useRef(new Set<string>());
  useEffect(() => {
    for (const failure of fetchFailures) {
      const id = `${failure.code}@${failure.since}`;
      if (shown.current.has(id)) continue;
      shown.current.add(id);
      notify(errorText(failure.code), 'error', 'app');
    }
  }, [fetchFailures]);
  return null;
}
