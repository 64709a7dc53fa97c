// The route table: one line per area file. Areas register their own paths; keep this list
// the only place app.ts learns about routes.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { deliverOnlotRoutes } from './deliverOnlot';
import { deliveryRoutes } from './deliveries';
import { fileRoutes } from './files';
import { onlotRoutes } from './onlot';
import { orderListRoutes } from './orderList';
import { paymentRoutes } from './payments';
import { profileRoutes } from './profile';
import { ordersAreaRoutes } from './ordersArea';
import { uploadRoutes } from './upload';

export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  orderListRoutes(app, ctx);
  onlotRoutes(app, ctx);
  uploadRoutes(app, ctx);
  fileRoutes(app, ctx);
  deliverOnlotRoutes(app, ctx);
  deliveryRoutes(app, ctx);
  ordersAreaRoutes(app, ctx);
  paymentRoutes(app, ctx);
  profileRoutes(app, ctx);
}
