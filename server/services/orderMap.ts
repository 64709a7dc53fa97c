// Order map, schedule list and schedule details (SPEC §2, §3; DESIGN §6): the caller's own
// orders only, with the company's dealers and shops for the map.
import { orderIdFields, orderKey, type OrderMap, type ScheduleDetails, type ScheduleListItem, type TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import { accountName, dealersOf, shopsOf } from '../repositories/companyReads';
import { callersLiveOrders, type OrderRef, type OrderViewRow } from '../repositories/orders';
import { requireOrder } from './access';
import { notesOf } from './orderReads';
import { coordinatesOf, customerNameOf, dealerOneLine, toOrderListItem } from './orderViews';

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

/** The driver's orders with positions, the company's dealers and shops, and the basemap to draw them on (MAP_STYLE_URL). */
export async function orderMap(db: Executor, auth: TokenClaims, basemap: { styleUrl: string | null }): Promise<OrderMap> {
  const rows = await callersLiveOrders(db, auth, false);
  const dealerRows = await dealersOf(db, auth.company_id);
  const shopRows = await shopsOf(db, auth.company_id);
  return {
    orders: rows.map((row) => ({ ...toOrderListItem(row), delivery_address: row.deliveryAddress, coordinates: coordinatesOf(row) })),
    dealers: dealerRows.map((d) => ({
      id: d.id,
      dealership_name: d.name,
      address: `${d.address}, ${d.city}, ${d.state} ${d.zip}`,
      coordinates: { lat: d.lat, lon: d.lon },
    })),
    shops: shopRows.map((s) => ({ id: s.id, shop_name: s.name, address: s.address, coordinates: { lat: s.lat, lon: s.lon } })),
    basemap_style_url: basemap.styleUrl,
  };
}

export async function scheduleList(db: Executor, auth: TokenClaims): Promise<ScheduleListItem[]> {
  return (await callersLiveOrders(db, auth, true)).map(toScheduleListItem);
}

export async function scheduleDetails(db: Executor, auth: TokenClaims, ref: OrderRef): Promise<ScheduleDetails> {
  const row = await requireOrder(db, auth, ref);
  const notes = await notesOf(db, auth.company_id, [row]);
  const driver = await accountName(db, auth.account_id);
  return {
    ...toScheduleListItem(row),
    building_stage: row.stage,
    building_location: row.location,
    customer_phone: row.customerPhone,
    driver: driver ? { id: auth.account_id, name: `${driver.first} ${driver.last}` } : null,
    notes: notes.get(row.id) ?? [],
  };
}
