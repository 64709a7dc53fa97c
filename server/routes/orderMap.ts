// Order map, schedule list and schedule details (SPEC §2, §3; DESIGN §6): the driver's own
// orders only, with the company's dealers and shops for the map.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ORDER_API, orderKey, type OrderMap, type ScheduleDetails, type ScheduleListItem, orderIdFields } from '../../src/domain';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { accounts, dealers, orders, shops, type OrderKindColumn } from '../db/schema';
import { authOf } from '../http/auth';
import { findDriverOrder, notesOf } from '../services/orderReads';
import { coordinatesOf, customerNameOf, dealerOneLine, orderViewColumns, toOrderListItem, type OrderViewRow } from '../services/orderViews';
import { parseOrderIdParam } from './orderReadRoutes';

/** The driver's live orders (assigned, neither delivered nor cancelled), optionally scheduled only. */
function liveOrders(db: Db, companyId: number, driverId: number, scheduledOnly: boolean): Promise<OrderViewRow[]> {
  const conditions = [eq(orders.companyId, companyId), eq(orders.driverId, driverId), isNull(orders.deliveredAt), isNull(orders.cancelledAt)];
  if (scheduledOnly) conditions.push(eq(orders.isScheduledForDelivery, true));
  return db.select(orderViewColumns).from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(and(...conditions))
    .orderBy(asc(orders.scheduledDate), asc(orders.id));
}

function toScheduleListItem(row: OrderViewRow): ScheduleListItem {
  return {
    id: orderKey(row.kind, row.id),
    order_type: row.orderType,
    ...orderIdFields(row.kind, row.id),
    order_number: row.orderNumber,
    order_status: row.status,
    building_model: row.buildingModel,
    serial_number: row.serialNumber,
    customer_name: customerNameOf(row),
    dealer_name: row.dealerName,
    // Customer orders go to the customer; inventory goes to the dealer's lot.
    destination_address: row.kind === 'customer' && row.deliveryAddress ? row.deliveryAddress : dealerOneLine(row),
    coordinates: coordinatesOf(row),
    is_built: row.isBuilt,
    is_rush_order: row.isRushOrder,
    is_scheduled_for_delivery: row.isScheduledForDelivery,
    scheduled_date: row.scheduledDate ? row.scheduledDate.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

const SCHEDULE_DETAILS: [string, OrderKindColumn][] = [
  [ORDER_API.customerScheduleDetails, 'customer'],
  [ORDER_API.onlotScheduleDetails, 'onlot'],
  [ORDER_API.moveScheduleDetails, 'move'],
];

export function orderMapRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(ORDER_API.orderMap, async (request) => {
    const auth = authOf(request);
    const rows = await liveOrders(ctx.db, auth.company_id, auth.account_id, false);
    const dealerRows = await ctx.db.select().from(dealers).where(eq(dealers.companyId, auth.company_id)).orderBy(asc(dealers.name));
    const shopRows = await ctx.db.select().from(shops).where(eq(shops.companyId, auth.company_id)).orderBy(asc(shops.name));
    const map: OrderMap = {
      orders: rows.map((row) => ({ ...toOrderListItem(row), delivery_address: row.deliveryAddress, coordinates: coordinatesOf(row) })),
      dealers: dealerRows.map((d) => ({
        id: d.id, dealership_name: d.name, address: `${d.address}, ${d.city}, ${d.state} ${d.zip}`, coordinates: { lat: d.lat, lon: d.lon },
      })),
      shops: shopRows.map((s) => ({ id: s.id, shop_name: s.name, address: s.address, coordinates: { lat: s.lat, lon: s.lon } })),
    };
    return map;
  });

  app.get(ORDER_API.scheduleList, async (request) => {
    const auth = authOf(request);
    const rows = await liveOrders(ctx.db, auth.company_id, auth.account_id, true);
    return rows.map(toScheduleListItem);
  });

  for (const [path, kind] of SCHEDULE_DETAILS) {
    app.get(path, async (request) => {
      const auth = authOf(request);
      const id = parseOrderIdParam((request.query as Record<string, unknown>).id, 'id');
      const row = await findDriverOrder(ctx.db, auth, kind, id);
      const notes = await notesOf(ctx.db, auth.company_id, [row]);
      const [driver] = await ctx.db.select({ first: accounts.firstName, last: accounts.lastName }).from(accounts)
        .where(eq(accounts.id, auth.account_id));
      const details: ScheduleDetails = {
        ...toScheduleListItem(row),
        building_stage: row.stage,
        building_location: row.location,
        customer_phone: row.customerPhone,
        driver: driver ? { id: auth.account_id, name: `${driver.first} ${driver.last}` } : null,
        notes: notes.get(row.id) ?? [],
      };
      return details;
    });
  }
}
