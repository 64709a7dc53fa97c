// The route table: one line per area file. Areas register their own paths; keep this list
// the only place app.ts learns about routes.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { DELIVERY_ROUTES } from './deliveries';
import { FILE_ROUTES } from './files';
import { paymentRouteList } from './payments';
import { PROFILE_ROUTES } from './profile';
import { ORDERS_AREA_ROUTES } from './ordersArea';
import { registerEndpoints } from '../http/registrar';
import { SYNC_VERSION_ROUTES } from './syncVersion';
import { UNSENT_REPORT_ROUTES } from './unsentReport';
import { acceptUploadBytes, TUS_UPLOAD_ROUTES } from './tusUpload';
import { UPLOAD_ROUTES } from './upload';

export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoints(app, ctx, ORDERS_AREA_ROUTES);
  registerEndpoints(app, ctx, SYNC_VERSION_ROUTES);
  registerEndpoints(app, ctx, UNSENT_REPORT_ROUTES);
  registerEndpoints(app, ctx, UPLOAD_ROUTES);
  acceptUploadBytes(app);
  registerEndpoints(app, ctx, TUS_UPLOAD_ROUTES);
  registerEndpoints(app, ctx, FILE_ROUTES);
  registerEndpoints(app, ctx, DELIVERY_ROUTES);
  registerEndpoints(app, ctx, paymentRouteList(ctx.cardEntryGuard));
  registerEndpoints(app, ctx, PROFILE_ROUTES);
}
