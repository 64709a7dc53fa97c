// Inventory move order reads (SPEC §3, §7), mirroring the on-lot ones: order details, and
// delivery details for one order or as a checkpoint pull (DESIGN §6).
import { ORDER_API } from '../../src/domain';
import { route } from '../http/registrar';
import { moveOrderDetails } from '../services/orderDetails';
import { deliveryDetailsOf } from './orderReadRoutes';

export const MOVE_ORDER_ROUTES = [
  route(`GET ${ORDER_API.moveOrderDetails}`, ({ ctx, auth, query }) => moveOrderDetails(ctx.db, auth, query.inventoryMoveOrderId)),
  route(`GET ${ORDER_API.moveDeliveryDetails}`, deliveryDetailsOf('move', 'inventoryMoveOrderId')),
];
