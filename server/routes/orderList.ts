// GET /api/driver/order-list: the driver's orders as a checkpoint pull (DESIGN §6).
import type { FastifyInstance } from 'fastify';
import { API, encodeCheckpoint } from '../../src/domain';
import type { AppContext } from '../context';
import { authOf } from '../http/auth';
import { parsePullQuery, pullOrders } from '../services/orderPull';
import { orderListColumns, toOrderListItem, type OrderListRow } from '../services/orderViews';

export function orderListRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The phone's most frequent read: answered from the answer cache while nothing changed.
  app.get(API.orderList, async (request, reply) => {
    const auth = authOf(request);
    const query = parsePullQuery(request.query as Record<string, unknown>);
    // Remembered under what was asked, not how the address spelled it.
    const variant = `${query.checkpoint ? encodeCheckpoint(query.checkpoint) : ''}&${query.limit}`;
    return ctx.answers.send(request, reply, variant, async () => {
      await ctx.readBudget.pull(request); // only a miss runs the pull
      return pullOrders<ReturnType<typeof toOrderListItem>, OrderListRow>(ctx.db, {
        companyId: auth.company_id,
        driverId: auth.account_id,
        query,
        columns: orderListColumns,
        serialized: ctx.database.kind === 'pglite',
        toDocument: toOrderListItem,
      });
    });
  });
}
