import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ErrorCode, OrderKind } from '../../domain';
import { queueDelivery } from '../../outbox';
import { getSyncClient } from '../../workers/client';
import { registerTexts, t } from '../i18n';
import { errorText } from '../i18n/domainText';
import { outbox as outboxTexts } from '../i18n/en/order';
import { notify } from '../toaster';
import { useSession } from './useAuth';
import { useDatabase } from './useDatabase';
import type { DraftWriter } from './useDraftWriter';
import { useSyncStatus } from './useSyncStatus';

registerTexts('outbox', outboxTexts);

/**
 * Pressing Deliver, the same on every delivery screen: wait for the last draft write, run
 * every SPEC §5 rule, and either show the errors (the first invalid field scrolled into
 * view) or queue the delivery and go back to the list.
 */
export function useDeliverAction<F extends string>(
  kind: OrderKind,
  orderId: number,
  writer: DraftWriter,
  /** Which field shows each rule's message (data-field of the field to scroll to). */
  fieldOf: Partial<Record<ErrorCode, F>>,
  /** The SPEC §5 rules on the current draft: after a first Deliver, messages follow the draft live. */
  rules: () => ErrorCode[],
) {
  const db = useDatabase();
  const session = useSession();
  const navigate = useNavigate();
  // The app's view (the browser's and whether the server answers): no "Attempting to deliver" while it knows it is offline.
  const { online } = useSyncStatus();
  const [attempted, setAttempted] = useState(false);
  const [queueErrors, setQueueErrors] = useState<ErrorCode[]>([]);
  const [submitting, setSubmitting] = useState(false);

  const deliver = async (): Promise<void> => {
    setSubmitting(true);
    try {
      writer.patch({}); // validation reports missing fields, not a missing record
      await writer.flush(); // the last keystroke must be in the draft being validated
      const result = await queueDelivery(db, session, kind, orderId);
      setQueueErrors(result.ok ? [] : result.errors);
      if (!result.ok) {
        setAttempted(true);
        notify(errorText(result.errors[0] ?? 'GeneralError'), 'error');
        const field = result.errors.map((code) => fieldOf[code]).find(Boolean);
        if (field) document.querySelector(`[data-field="${field}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        return;
      }
      notify(online ? t('outbox.attemptingDelivery') : t('outbox.deliveryQueued'), 'info');
      void getSyncClient().syncNow();
      // In place of the delivery screen: Back from Home must not reopen a form whose order has
      // gone from the list ("Order not found") or is waiting to be sent.
      void navigate('/', { replace: true });
    } catch (error) {
      console.error('queueing the delivery failed', error);
      notify(errorText('FailedToDeliverOrder'), 'error');
    } finally {
      setSubmitting(false);
    }
  };
  const errors = attempted ? rules() : [];
  const errorFor = (field: F): string | null => {
    const code = errors.find((e) => fieldOf[e] === field);
    return code ? errorText(code) : null;
  };
  const otherErrors = queueErrors.filter((e) => !fieldOf[e]);
  return { deliver, submitting, errorFor, otherErrors };
}
