// The orders area (order details, delivery details, map, schedule, saved checks, drivers,
// feature flags, scheduling actions): one entry for the route table.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { companyReadRoutes } from './companyReads';
import { customerOrderRoutes } from './customerOrders';
import { moveOrderRoutes } from './moveOrders';
import { orderMapRoutes } from './orderMap';
import { registerEndpoints } from '../http/registrar';
import { SCHEDULE_ROUTES } from './schedule';

export function ordersAreaRoutes(app: FastifyInstance, ctx: AppContext): void {
  customerOrderRoutes(app, ctx);
  moveOrderRoutes(app, ctx);
  orderMapRoutes(app, ctx);
  companyReadRoutes(app, ctx);
  registerEndpoints(app, ctx, SCHEDULE_ROUTES);
}
