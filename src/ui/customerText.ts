import type { CustomerDeliveryDetails } from '../domain';

/** The customer's name as the driver knows it, or the name on the order. */
export function customerNameOf(server: Pick<CustomerDeliveryDetails, 'customer_first_name' | 'customer_last_name' | 'name_on_order'>): string {
  const name = [server.customer_first_name, server.customer_last_name].filter(Boolean).join(' ');
  return name || server.name_on_order;
}

/** A billing address on one line. */
export function billingLine(billing: CustomerDeliveryDetails['billing_address']): string | null {
  if (!billing) return null;
  const street = [billing.street_address_one, billing.street_address_two].filter(Boolean).join(', ');
  return `${street}, ${billing.city}, ${billing.state} ${billing.zip}`;
}

/** A phone number as a tel: link (digits and a leading +; spaces, dashes and brackets go). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
