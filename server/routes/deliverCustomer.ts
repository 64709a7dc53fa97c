// The seven customer-order deliver calls (SPEC §5, §7; DESIGN §6): RTO, new check, saved
// check, no payment, cash, existing card, new card. Shared steps from services/deliveries.ts,
// the customer work (signature, survey, payment, balance) from services/customerDelivery.ts.
import { CUSTOMER_DELIVER_CALLS, CUSTOMER_DELIVER_KEYS } from '../../src/domain';
import { route } from '../http/registrar';
import { customerDeliverSpec } from '../services/customerDelivery';
import { deliverWith } from './deliverOrder';

export const DELIVER_CUSTOMER_ROUTES = CUSTOMER_DELIVER_CALLS.map((call) => route(CUSTOMER_DELIVER_KEYS[call], deliverWith(customerDeliverSpec(call))));
