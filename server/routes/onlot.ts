// On-lot inventory order reads: order details, delivery details (one, or a pull of all).
import type { FastifyInstance } from 'fastify';
import { API, type OnlotOrderDetailsWithNotes } from '../../src/domain';
import type { AppContext } from '../context';
import { authOf } from '../http/auth';
import { findDriverOrder, notesOf } from '../services/orderReads';
import { toOnlotDeliveryDetails, toOnlotOrderDetails } from '../services/orderViews';
import { deliveryDetailsRoute, parseOrderIdParam } from './orderReadRoutes';

export function onlotRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(API.onlotOrderDetails, async (request) => {
    const auth = authOf(request);
    const query = request.query as Record<string, unknown>;
    const id = parseOrderIdParam(query.onlotInventoryOrderId, 'onlotInventoryOrderId');
    const row = await findDriverOrder(ctx.db, auth, 'onlot', id);
    const notes = await notesOf(ctx.db, auth.company_id, [row]);
    const details: OnlotOrderDetailsWithNotes = { ...toOnlotOrderDetails(row), notes: notes.get(row.id) ?? [] };
    return details;
  });

  deliveryDetailsRoute(app, ctx, {
    path: API.onlotDeliveryDetails,
    kind: 'onlot',
    idParam: 'onlotInventoryOrderId',
    documents: () => ({ toDocument: toOnlotDeliveryDetails }),
  });
}
