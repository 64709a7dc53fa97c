// Customer order reads (SPEC §3, §7): order details, and delivery details for one order or
// as a checkpoint pull of all the driver's customer orders (DESIGN §6).
import { ORDER_API } from '../../src/domain';
import { route } from '../http/registrar';
import { customerOrderDetails } from '../services/orderDetails';
import { deliveryDetailsOf } from './orderReadRoutes';

export const CUSTOMER_ORDER_ROUTES = [
  route(`GET ${ORDER_API.customerOrderDetails}`, ({ ctx, auth, query }) => customerOrderDetails(ctx.db, auth, query.customerOrderId)),
  route(`GET ${ORDER_API.customerDeliveryDetails}`, deliveryDetailsOf('customer', 'customer_order_id')),
];
