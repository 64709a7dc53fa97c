// The profile area (issue 3, area d): driver settings, notifications, the delivery log and
// stats, the email-information lookups, and email. One entry for server/routes/index.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { companyRoutes } from './company';
import { deliveryLogRoutes } from './deliveryLog';
import { emailRoutes } from './email';
import { emailInfoRoutes } from './emailInfo';
import { notificationRoutes } from './notifications';
import { settingsRoutes } from './settings';

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  settingsRoutes(app, ctx);
  notificationRoutes(app, ctx);
  deliveryLogRoutes(app, ctx);
  emailInfoRoutes(app, ctx);
  emailRoutes(app, ctx);
  companyRoutes(app, ctx);
}
