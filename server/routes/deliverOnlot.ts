// POST /secure/driver/deliver_onlot_inventory_order (SPEC §5, §7). The shared deliver steps
// (server/services/deliveries.ts) do the work: shape → rules → photos → one transaction.
import type { FastifyInstance } from 'fastify';
import { API, factsOfInventoryBody, requestSchemaOf } from '../../src/domain';
import type { AppContext } from '../context';
import { deliverRoute } from '../services/deliveries';


export function deliverOnlotRoutes(app: FastifyInstance, ctx: AppContext): void {
  deliverRoute(app, ctx, {
    path: API.deliverOnlot,
    schema: requestSchemaOf(`POST ${API.deliverOnlot}`, 'bodySchema'),
    kind: 'onlot',
    failure: 'FailedToDeliverInventoryOrder',
    orderIdOf: (body) => body.onlot_inventory_order_id,
    facts: (body) => factsOfInventoryBody('onlot', body),
  });
}
