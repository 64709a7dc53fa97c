// Order map, schedule list and schedule details (SPEC §2, §3; DESIGN §6): the driver's own
// orders only, with the company's dealers and shops for the map.
import { ORDER_API } from '../../src/domain';
import { route } from '../http/registrar';
import { orderMap, scheduleDetails, scheduleList } from '../services/orderMap';

export const ORDER_MAP_ROUTES = [
  route(`GET ${ORDER_API.orderMap}`, ({ ctx, auth }) => orderMap(ctx.db, auth, ctx.basemap)),
  route(`GET ${ORDER_API.scheduleList}`, ({ ctx, auth }) => scheduleList(ctx.db, auth)),
  route(`GET ${ORDER_API.customerScheduleDetails}`, ({ ctx, auth, query }) => scheduleDetails(ctx.db, auth, { kind: 'customer', id: query.id })),
  route(`GET ${ORDER_API.onlotScheduleDetails}`, ({ ctx, auth, query }) => scheduleDetails(ctx.db, auth, { kind: 'onlot', id: query.id })),
  route(`GET ${ORDER_API.moveScheduleDetails}`, ({ ctx, auth, query }) => scheduleDetails(ctx.db, auth, { kind: 'move', id: query.id })),
];
