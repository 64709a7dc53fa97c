// POST /secure/driver/deliver_inventory_move_order (SPEC §5, §7): the on-lot call's steps for
// a move order (start and end time required; missing GPS arrives as 0, SPEC §7).
import type { FastifyInstance } from 'fastify';
import { DELIVER_MOVE_PATH, factsOfInventoryBody, requestSchemaOf } from '../../src/domain';
import type { AppContext } from '../context';
import { deliverRoute } from '../services/deliveries';

export function deliverMoveRoutes(app: FastifyInstance, ctx: AppContext): void {
  deliverRoute(app, ctx, {
    path: DELIVER_MOVE_PATH,
    schema: requestSchemaOf(`POST ${DELIVER_MOVE_PATH}`, 'bodySchema'),
    kind: 'move',
    failure: 'FailedToDeliverInventoryMoveOrder',
    orderIdOf: (body) => body.inventory_move_order_id,
    facts: (body) => factsOfInventoryBody('move', body),
  });
}
