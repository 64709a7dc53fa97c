// The deliveries area: the move-order and customer-order deliver calls and the delivery
// certificate. One entry in routes/index.ts registers them all.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { certificateRoutes } from './certificates';
import { deliverCustomerRoutes } from './deliverCustomer';
import { deliverMoveRoutes } from './deliverMove';

export function deliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  deliverMoveRoutes(app, ctx);
  deliverCustomerRoutes(app, ctx);
  certificateRoutes(app, ctx);
}
