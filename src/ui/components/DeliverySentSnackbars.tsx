import { useEffect } from 'react';
import { driverScope } from '../../db/driverScope';
import { isDeliveryEntry } from '../../outbox';
import { useSession } from '../hooks/useAuth';
import { useOpenDatabase } from '../hooks/useDatabase';
import { registerTexts, t } from '../i18n';
import { outbox as outboxTexts } from '../i18n/en/order';
import { notify } from '../toaster';

registerTexts('outbox', outboxTexts);

/**
 * A delivery this phone held (queued or sending) that the server committed while the app is
 * open says so once: one queued without signal is sent by itself when signal returns, and the
 * order then only left the list, with nothing to tell the driver the shed was recorded. Entries
 * already done when the app opened say nothing (the outbox lists them as recently delivered).
 */
export function DeliverySentSnackbars() {
  const db = useOpenDatabase();
  const { company_id, account_id } = useSession().claims;
  useEffect(() => {
    if (!db) return;
    const held = new Set<string>();
    const subscription = db.outbox.find({ selector: driverScope({ company_id, account_id }) }).$.subscribe((docs) => {
      for (const doc of docs) {
        if (!isDeliveryEntry(doc)) continue;
        if (doc.status === 'queued' || doc.status === 'sending') held.add(doc.id);
        else if (held.delete(doc.id) && doc.status === 'done') notify(t('outbox.deliverySent', { name: doc.display?.name ?? '' }), 'success');
      }
    });
    return () => subscription.unsubscribe();
  }, [db, company_id, account_id]);
  return null;
}
