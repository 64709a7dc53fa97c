import { MessageScreen } from './MessageScreen';

/**
 * An order screen whose order is not on this device (delivered, reassigned, or not
 * downloaded yet): says so, and leads back to the list like the not-found screen.
 */
export function OrderNotFound() {
  return <MessageScreen title="Order not found" lines={['This order is not on this device.', 'It may have been delivered or reassigned.']} />;
}
