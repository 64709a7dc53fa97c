// GET /api/driver/order-list: the driver's orders as a checkpoint pull (DESIGN §6).
import { API } from '../../src/domain';
import { route } from '../http/registrar';
import { decodePull, pullOrderList, pullVariant } from '../services/orderPull';

export const ORDER_LIST_ROUTES = [
  // The phone's most frequent read: answered from the answer cache while nothing changed.
  route(`GET ${API.orderList}`, ({ ctx, auth, query, request, reply }) => {
    const pull = decodePull(query);
    // Remembered under what was asked, not how the address spelled it.
    return ctx.answers.send(request, reply, pullVariant(pull), async () => {
      await ctx.readBudget.pull(request); // only a miss runs the pull
      return pullOrderList(ctx.db, auth, pull, ctx.database.kind === 'pglite');
    });
  }),
];
