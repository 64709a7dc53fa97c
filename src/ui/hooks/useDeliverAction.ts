import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ERROR_TEXT, type ErrorCode, type OrderKind } from '../../domain';
import { queueDelivery } from '../../outbox';
import { getSyncClient } from '../../workers/client';
import { notify } from '../toaster';
import { useSession } from './useAuth';
import { useDatabase } from './useDatabase';
import type { DraftWriter } from './useDraftWriter';
import { useNavigatorOnline } from './useSyncStatus';

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
  const online = useNavigatorOnline();
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
        notify(ERROR_TEXT[result.errors[0] ?? 'GeneralError'], 'error');
        const field = result.errors.map((code) => fieldOf[code]).find(Boolean);
        if (field) document.querySelector(`[data-field="${field}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        return;
      }
      notify(online ? 'Attempting to deliver order' : 'Delivery queued — it will be sent when you are online', 'info');
      void getSyncClient().syncNow();
      void navigate('/');
    } catch (error) {
      console.error('queueing the delivery failed', error);
      notify(ERROR_TEXT.FailedToDeliverOrder, 'error');
    } finally {
      setSubmitting(false);
    }
  };
  const errors = attempted ? rules() : [];
  const errorFor = (field: F): string | null => {
    const code = errors.find((e) => fieldOf[e] === field);
    return code ? ERROR_TEXT[code] : null;
  };
  const otherErrors = queueErrors.filter((e) => !fieldOf[e]);
  return { deliver, submitting, errorFor, otherErrors };
}
