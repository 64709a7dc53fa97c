// On-lot inventory order reads: order details, delivery details (one, or a pull of all).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API, type OnlotOrderDetailsWithNotes, type TokenClaims } from '../../src/domain';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { dealers, orders } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import { parsePullQuery, pullOrders } from '../services/orderPull';
import { notesOf } from '../services/orderReads';
import { orderViewColumns, toOnlotDeliveryDetails, toOnlotOrderDetails, type OrderViewRow } from '../services/orderViews';

/** A positive integer id from a query value; 400 otherwise (SPEC §5: an order id is required). */
export function parseOrderIdParam(value: unknown, name: string): number {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) throw new HttpError(400, 'InvalidRequest', `${name} must be a positive integer`);
  const id = Number(value);
  if (id < 1 || id > 2_147_483_647) throw new HttpError(400, 'InvalidRequest', `${name} must be a positive integer`);
  return id;
}

/** This driver's on-lot order, whatever its state; 404 for anything else (never leaks). */
async function findDriverOnlotOrder(db: Db, auth: TokenClaims, id: number): Promise<OrderViewRow> {
  const [row] = await db.select(orderViewColumns).from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(and(eq(orders.id, id), eq(orders.companyId, auth.company_id), eq(orders.kind, 'onlot'), eq(orders.driverId, auth.account_id)));
  if (!row) throw notFound();
  return row;
}

export function onlotRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(API.onlotOrderDetails, { config: { summary: 'On-lot order details: ?onlotInventoryOrderId=N' } }, async (request) => {
    const auth = authOf(request);
    const query = request.query as Record<string, unknown>;
    const id = parseOrderIdParam(query.onlotInventoryOrderId, 'onlotInventoryOrderId');
    const row = await findDriverOnlotOrder(ctx.db, auth, id);
    const notes = await notesOf(ctx.db, auth.company_id, [row]);
    const details: OnlotOrderDetailsWithNotes = { ...toOnlotOrderDetails(row), notes: notes.get(row.id) ?? [] };
    return details;
  });

  app.get(API.onlotDeliveryDetails, {
    config: { summary: 'On-lot delivery details: ?onlotInventoryOrderId=N, or a pull with ?checkpoint=&limit=' },
  }, async (request) => {
    const auth = authOf(request);
    const query = request.query as Record<string, unknown>;
    if (query.onlotInventoryOrderId === undefined && (query.checkpoint !== undefined || query.limit !== undefined)) {
      return pullOrders(ctx.db, {
        companyId: auth.company_id, driverId: auth.account_id, kind: 'onlot',
        query: parsePullQuery(query), toDocument: toOnlotDeliveryDetails,
      });
    }
    const id = parseOrderIdParam(query.onlotInventoryOrderId, 'onlotInventoryOrderId');
    return toOnlotDeliveryDetails(await findDriverOnlotOrder(ctx.db, auth, id));
  });
}
