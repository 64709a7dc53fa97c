// Inventory move order reads (SPEC §3, §7), mirroring the on-lot ones: order details, and
// delivery details for one order or as a checkpoint pull (DESIGN §6).
import type { FastifyInstance } from 'fastify';
import { ORDER_API, type MoveOrderDetails } from '../../src/domain';
import type { AppContext } from '../context';
import { authOf } from '../http/auth';
import { findDriverOrder, notesOf } from '../services/orderReads';
import { orderCoreOf, toMoveDeliveryDetails } from '../services/orderViews';
import { deliveryDetailsRoute, parseOrderIdParam } from './orderReadRoutes';

export function moveOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(ORDER_API.moveOrderDetails, async (request) => {
    const auth = authOf(request);
    const query = request.query as Record<string, unknown>;
    const id = parseOrderIdParam(query.inventoryMoveOrderId, 'inventoryMoveOrderId');
    const row = await findDriverOrder(ctx.db, auth, 'move', id);
    const notes = await notesOf(ctx.db, auth.company_id, [row]);
    const details: MoveOrderDetails = {
      ...orderCoreOf(row), // dealer: the destination
      inventory_move_order_id: row.id,
      order_type: 'move order',
      notes: notes.get(row.id) ?? [],
    };
    return details;
  });

  deliveryDetailsRoute(app, ctx, {
    path: ORDER_API.moveDeliveryDetails,
    kind: 'move',
    idParam: 'inventoryMoveOrderId',
    documents: () => ({ toDocument: toMoveDeliveryDetails }),
  });
}
