// The route table: one line per area file. Areas register their own paths; keep this list
// the only place app.ts learns about routes.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { DELIVERY_ROUTES } from './deliveries';
import { fileRoutes } from './files';
import { paymentRoutes } from './payments';
import { profileRoutes } from './profile';
import { ORDERS_AREA_ROUTES } from './ordersArea';
import { registerEndpoints } from '../http/registrar';
import { uploadRoutes } from './upload';

export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoints(app, ctx, ORDERS_AREA_ROUTES);
  uploadRoutes(app, ctx);
  fileRoutes(app, ctx);
  registerEndpoints(app, ctx, DELIVERY_ROUTES);
  paymentRoutes(app, ctx);
  profileRoutes(app, ctx);
}
