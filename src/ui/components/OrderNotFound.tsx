import { MessageScreen } from './MessageScreen';
import { t } from '../i18n';

/**
 * An order screen whose order is not on this device (delivered, reassigned, or not
 * downloaded yet): says so, and leads back to the list like the not-found screen.
 */
export function OrderNotFound() {
  return <MessageScreen title={t('common.messages.orderNotFound')} lines={[t('common.messages.orderNotOnDevice'), t('common.messages.orderMaybeDelivered')]} />;
}
