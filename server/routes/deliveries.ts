// The deliveries area: the on-lot, move-order and customer-order deliver calls and the
// delivery certificate. One entry in routes/index.ts registers them all.
import { CERTIFICATE_ROUTES } from './certificates';
import { DELIVER_CUSTOMER_ROUTES } from './deliverCustomer';
import { DELIVER_MOVE_ROUTES } from './deliverMove';
import { DELIVER_ONLOT_ROUTES } from './deliverOnlot';

export const DELIVERY_ROUTES = [...DELIVER_ONLOT_ROUTES, ...DELIVER_MOVE_ROUTES, ...DELIVER_CUSTOMER_ROUTES, ...CERTIFICATE_ROUTES];
