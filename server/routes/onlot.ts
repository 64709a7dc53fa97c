// On-lot inventory order reads: order details, delivery details (one, or a pull of all).
import type { FastifyInstance } from 'fastify';
import { API, type OnlotOrderDetailsWithNotes } from '../../src/domain';
import type { AppContext } from '../context';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';
import { parsePullQuery, pullOrders, wantsPull } from '../services/orderPull';
import { findDriverOrder, notesOf } from '../services/orderReads';
import { toOnlotDeliveryDetails, toOnlotOrderDetails } from '../services/orderViews';

/** A positive integer id from a query value; 400 otherwise (SPEC §5: an order id is required). */
export function parseOrderIdParam(value: unknown, name: string): number {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) throw new HttpError(400, 'InvalidRequest', `${name} must be a positive integer`);
  const id = Number(value);
  if (id < 1 || id > 2_147_483_647) throw new HttpError(400, 'InvalidRequest', `${name} must be a positive integer`);
  return id;
}

export function onlotRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(API.onlotOrderDetails, { config: { summary: 'On-lot order details: ?onlotInventoryOrderId=N' } }, async (request) => {
    const auth = authOf(request);
    const query = request.query as Record<string, unknown>;
    const id = parseOrderIdParam(query.onlotInventoryOrderId, 'onlotInventoryOrderId');
    const row = await findDriverOrder(ctx.db, auth, 'onlot', id);
    const notes = await notesOf(ctx.db, auth.company_id, [row]);
    const details: OnlotOrderDetailsWithNotes = { ...toOnlotOrderDetails(row), notes: notes.get(row.id) ?? [] };
    return details;
  });

  app.get(API.onlotDeliveryDetails, {
    config: { summary: 'On-lot delivery details: ?onlotInventoryOrderId=N, or a pull with ?checkpoint=&limit=' },
  }, async (request) => {
    const auth = authOf(request);
    const query = request.query as Record<string, unknown>;
    if (wantsPull(query, 'onlotInventoryOrderId')) {
      return pullOrders(ctx.db, {
        companyId: auth.company_id, driverId: auth.account_id, kind: 'onlot',
        query: parsePullQuery(query), toDocument: toOnlotDeliveryDetails,
      });
    }
    const id = parseOrderIdParam(query.onlotInventoryOrderId, 'onlotInventoryOrderId');
    return toOnlotDeliveryDetails(await findDriverOrder(ctx.db, auth, 'onlot', id));
  });
}
