import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ActionResult } from '../../outbox';
import { announceQueued, type ActionTexts } from '../announce';
import { errorText, serverErrorText } from '../i18n/domainText';
import { notify } from '../toaster';
import { useDatabase } from './useDatabase';
import { useSyncStatus } from './useSyncStatus';

/**
 * Submitting an order action (schedule, reschedule, unschedule, reassign, note), the same on
 * every screen: busy while it is checked and queued; a refusal is kept in `error` for the
 * field, nothing queued; once queued, `announceQueued` says so (and later the outcome) and the
 * driver is taken to `then`. `snackbarOnRefusal`: also show the refusal as a snackbar, for a
 * screen whose buttons can be far from the field that shows `error` (schedule's reassign);
 * where the button sits under the field (the note) a snackbar would only repeat it and cover
 * the button.
 */
export function useIntentSubmit({ snackbarOnRefusal = false }: { snackbarOnRefusal?: boolean } = {}) {
  const db = useDatabase();
  const { online } = useSyncStatus();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (queueIt: () => Promise<ActionResult>, texts: ActionTexts, then: string | -1): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const result = await queueIt();
      if (!result.ok) {
        const message = serverErrorText(result.error, result.message);
        setError(message);
        if (snackbarOnRefusal) notify(message, 'error');
        return;
      }
      announceQueued(db, result.entryId, texts, online);
      // -1: back to the screen that opened this one (an order or schedule-details screen).
      void (then === -1 ? navigate(-1) : navigate(then));
    } catch (e) {
      // Not a refusal: something broke on the phone. The action's own SPEC §8 text when it has one.
      console.error('queueing the action failed', e);
      notify(texts.unexpected ?? (e instanceof Error ? e.message : errorText('GeneralError')), 'error');
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, error, setError };
}
