// Customer order reads (SPEC §3, §7): order details, and delivery details for one order or
// as a checkpoint pull of all the driver's customer orders (DESIGN §6).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ORDER_API, type CustomerOrderDetails } from '../../src/domain';
import type { AppContext } from '../context';
import { customerOrderBilling } from '../db/schema';
import { authOf } from '../http/auth';
import { findDriverOrder, notesOf, toCustomerDeliveryDetails } from '../services/orderReads';
import { coordinatesOf, customerNameOf, orderCoreOf } from '../services/orderViews';
import { deliveryDetailsRoute, parseOrderIdParam } from './orderReadRoutes';

export function customerOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(ORDER_API.customerOrderDetails, async (request) => {
    const auth = authOf(request);
    const query = request.query as Record<string, unknown>;
    const id = parseOrderIdParam(query.customerOrderId, 'customerOrderId');
    const row = await findDriverOrder(ctx.db, auth, 'customer', id);
    const [billing] = await ctx.db.select().from(customerOrderBilling)
      .where(and(eq(customerOrderBilling.orderId, row.id), eq(customerOrderBilling.companyId, auth.company_id)));
    const notes = await notesOf(ctx.db, auth.company_id, [row]);
    const details: CustomerOrderDetails = {
      ...orderCoreOf(row),
      customer_order_id: row.id,
      order_type: row.orderType === 'off-lot inventory' ? 'off-lot inventory' : 'new build',
      is_rto: billing?.isRto ?? false,
      customer: { first_name: row.customerFirstName, last_name: row.customerLastName, phone: row.customerPhone, email: row.customerEmail },
      name_on_order: billing?.nameOnOrder ?? customerNameOf(row) ?? row.dealerName,
      delivery_address: row.deliveryAddress,
      delivery_address_coordinates: coordinatesOf(row),
      remaining_balance: billing?.remainingBalance ?? '0.00',
      notes: notes.get(row.id) ?? [],
    };
    return details;
  });

  deliveryDetailsRoute(app, ctx, {
    path: ORDER_API.customerDeliveryDetails,
    kind: 'customer',
    idParam: 'customer_order_id',
    documents: (auth) => ({ toDocuments: (rows) => toCustomerDeliveryDetails(ctx.db, auth.company_id, rows) }),
  });
}
