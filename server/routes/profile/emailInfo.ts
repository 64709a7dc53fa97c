// GET /api/driver/email-info/{kind} (SPEC §7 email-information lookups, DESIGN §6 paths).
import type { FastifyInstance } from 'fastify';
import { PROFILE_API, isEmailInfoKind, type EmailInfoKind, type OrderKind } from '../../../src/domain';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import {
  customerDeliveredInfo, customerScheduledInfo, driverAssignedInfo, officeAdminCustomerDeliveredInfo,
  officeAdminInventoryDeliveredInfo, rtoDeliveredInfo,
} from '../../services/emailInfo';
import { optionalIdParam } from './shared';

const ORDER_PARAMS: [string, OrderKind][] = [
  ['customer-order-id', 'customer'], ['onlot-inventory-order-id', 'onlot'], ['inventory-move-order-id', 'move'],
];

function requiredId(query: Record<string, unknown>, name: string): number {
  const id = optionalIdParam(query[name], name);
  if (id === null) throw new HttpError(400, 'InvalidRequest', `${name} is required`);
  return id;
}

/** Exactly one of the three order ids (driver-assigned / driver-reassigned). */
function oneOrder(query: Record<string, unknown>): { kind: OrderKind; id: number } {
  const given = ORDER_PARAMS.flatMap(([name, kind]) => {
    const id = optionalIdParam(query[name], name);
    return id === null ? [] : [{ kind, id }];
  });
  const [only] = given;
  if (!only || given.length > 1) {
    throw new HttpError(400, 'InvalidRequest', 'Give exactly one of customer-order-id, onlot-inventory-order-id, inventory-move-order-id');
  }
  return only;
}

async function lookup(ctx: AppContext, auth: ReturnType<typeof authOf>, kind: EmailInfoKind, query: Record<string, unknown>): Promise<unknown> {
  switch (kind) {
    case 'customer-order-delivered':
      return customerDeliveredInfo(ctx.db, auth, requiredId(query, 'customer-order-id'));
    case 'customer-order-scheduled':
      return customerScheduledInfo(ctx.db, auth, requiredId(query, 'customer-order-id'));
    case 'rto-delivered': {
      const info = await rtoDeliveredInfo(ctx.db, auth, requiredId(query, 'customer-order-id'));
      if (!info) throw new HttpError(400, 'InvalidRequest', 'This order is not a rent-to-own order');
      return info;
    }
    case 'office-admin-customer-order-delivered':
      return officeAdminCustomerDeliveredInfo(ctx.db, auth, requiredId(query, 'customer-order-id'));
    case 'office-admin-onlot-delivered':
      return officeAdminInventoryDeliveredInfo(ctx.db, auth, 'onlot', requiredId(query, 'onlot-inventory-order-id'));
    case 'office-admin-move-delivered':
      return officeAdminInventoryDeliveredInfo(ctx.db, auth, 'move', requiredId(query, 'inventory-move-order-id'));
    case 'driver-assigned':
    case 'driver-reassigned': {
      const order = oneOrder(query);
      const driverId = optionalIdParam(query['driver-id'], 'driver-id');
      return driverAssignedInfo(ctx.db, auth, order.kind, order.id, driverId, kind === 'driver-assigned' ? 'assigned' : 'reassigned');
    }
  }
}

export function emailInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(`${PROFILE_API.emailInfo}/:kind`, async (request) => {
    const auth = authOf(request);
    const { kind } = request.params as { kind: string };
    if (!isEmailInfoKind(kind)) throw notFound();
    return lookup(ctx, auth, kind, request.query as Record<string, unknown>);
  });
}
