import { filter, take } from 'rxjs';
import type { DriverDatabase } from '../db';
import { getSyncClient } from '../workers/client';
import { dismissNotice, notify } from './toaster';
import { t } from './i18n';
import { serverErrorText } from './i18n/domainText';

export interface ActionTexts {
  /** SPEC §8 progress text, e.g. "Attempting to schedule order"; none for actions SPEC gives none (dismissals). */
  progress?: string;
  /** SPEC §8 success text, e.g. "Order scheduled"; none: the screen itself shows it done. */
  success?: string;
  /** SPEC §8 failure text put before the server's refusal, e.g. "Failed to dismiss notification: Not found". */
  failure?: string;
  /** SPEC §8 text when checking or queueing itself failed unexpectedly (no refusal), e.g. "Error scheduling delivery". */
  unexpected?: string;
}

/**
 * After an order action is queued: says it is on its way (or saved for later when the app
 * knows it cannot reach the server: `online` is the app bar's, `useSyncStatus().online`, so no
 * "Sending the note" while offline), asks the worker to send now, and announces the outcome
 * once the server answers: the success text, or the server's message, in place of the
 * progress text. Works after the screen is left (toasts are global).
 */
export function announceQueued(db: DriverDatabase, entryId: string, texts: ActionTexts, online: boolean): void {
  if (!online || (typeof navigator !== 'undefined' && !navigator.onLine)) {
    notify(t('common.savedOnPhone'), 'info');
  } else if (texts.progress) {
    notify(texts.progress, 'info');
  }
  db.outbox
    .findOne(entryId)
    .$.pipe(
      filter((doc) => !doc || doc.status === 'done' || doc.status === 'needs_attention' || doc.steps.response !== null),
      take(1),
    )
    .subscribe((doc) => {
      // The outcome replaces the progress text (it would otherwise linger up to 5 s beside it).
      if (texts.progress) dismissNotice(texts.progress, 'info');
      if (!doc) return; // discarded
      if (doc.status === 'needs_attention') {
        const reason = serverErrorText(doc.last_error?.code, doc.last_error?.message);
        notify(texts.failure ? `${texts.failure}: ${reason}` : reason, 'error');
      } else if (texts.success) notify(texts.success, 'success');
    });
  void getSyncClient().syncNow();
}
