// On-lot inventory order reads: order details, delivery details (one, or a pull of all).
import { API } from '../../src/domain';
import { route } from '../http/registrar';
import { onlotOrderDetails } from '../services/orderDetails';
import { deliveryDetailsOf } from './orderReadRoutes';

export const ONLOT_ROUTES = [
  route(`GET ${API.onlotOrderDetails}`, ({ ctx, auth, query }) => onlotOrderDetails(ctx.db, auth, query.onlotInventoryOrderId)),
  route(`GET ${API.onlotDeliveryDetails}`, deliveryDetailsOf('onlot', 'onlotInventoryOrderId')),
];
