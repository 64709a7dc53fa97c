// The seven customer-order deliver calls (SPEC §5, §7; DESIGN §6): RTO, new check, saved
// check, no payment, cash, existing card, new card. Shared steps from services/deliveries.ts,
// the customer work (signature, survey, payment, balance) from services/customerDelivery.ts.
import type { FastifyInstance } from 'fastify';
import {
  CUSTOMER_DELIVER, CUSTOMER_DELIVER_CALLS, CUSTOMER_DELIVER_KEYS, factsOfCustomerBody, requestSchemaOf, type CustomerDeliverBody,
} from '../../src/domain';
import type { AppContext } from '../context';
import { customerDeliveryStep, preflightCustomer } from '../services/customerDelivery';
import { deliverRoute } from '../services/deliveries';

export function deliverCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const call of CUSTOMER_DELIVER_CALLS) {
    const spec = CUSTOMER_DELIVER[call];
    deliverRoute<CustomerDeliverBody>(app, ctx, {
      path: spec.path,
      schema: requestSchemaOf(CUSTOMER_DELIVER_KEYS[call], 'bodySchema'),
      kind: 'customer',
      failure: spec.failure,
      orderIdOf: (body) => body.customer_order_id,
      facts: (body) => factsOfCustomerBody(call, body),
      preflight: (db, auth, body) => preflightCustomer(db, auth, call, body),
      inTransaction: (step) => customerDeliveryStep(ctx, call, step),
    });
  }
}
