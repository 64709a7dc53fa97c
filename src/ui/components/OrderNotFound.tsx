import { isDeliveryEntry } from '../../outbox';
import { formatDateTime } from '../format';
import { useRecentOutbox } from '../hooks/useOrders';
import { MessageScreen } from './MessageScreen';
import { t } from '../i18n';

/**
 * An order screen whose order is not on this device (delivered, reassigned, or not
 * downloaded yet): says so, and leads back to the list like the not-found screen. When this
 * phone delivered it (Back after Deliver, once the server has it and the order left the
 * list), it says that instead of "may have been delivered".
 */
export function OrderNotFound({ orderKey }: { orderKey: string }) {
  const delivered = useRecentOutbox()?.find((entry) => entry.order_key === orderKey && isDeliveryEntry(entry));
  if (delivered) {
    return (
      <MessageScreen
        title={t('common.messages.orderDelivered')}
        lines={[t('common.messages.deliveredFromPhone', { name: delivered.display?.name ?? '', time: formatDateTime(delivered.created_at) })]}
      />
    );
  }
  return <MessageScreen title={t('common.messages.orderNotFound')} lines={[t('common.messages.orderNotOnDevice'), t('common.messages.orderMaybeDelivered')]} />;
}
