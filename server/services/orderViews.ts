// Shapes an order row (joined with its dealer) into the documents the client stores.
import {
  orderKey,
  type InventoryDelivery,
  type MoveDeliveryDetails,
  type OnlotDeliveryDetails,
  type OnlotOrderDetails,
  type OrderCore,
  type OrderListItem,
  orderIdFields,
  townOfAddress,
} from '../../src/domain';
import type { OrderListRow, OrderViewRow } from '../repositories/orders';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function dealerOneLine(row: OrderViewRow): string {
  return `${row.dealerAddress}, ${row.dealerCity}, ${row.dealerState} ${row.dealerZip}`;
}

/** Visible in a driver's list: assigned to them and neither delivered nor cancelled. */
export function isLiveFor(row: Pick<OrderViewRow, 'driverId' | 'deliveredAt' | 'cancelledAt'>, driverId: number): boolean {
  return row.driverId === driverId && row.deliveredAt === null && row.cancelledAt === null;
}

/** "First Last" from what the order has; null when it has neither. */
export const customerNameOf = (row: Pick<OrderViewRow, 'customerFirstName' | 'customerLastName'>): string | null =>
  [row.customerFirstName, row.customerLastName].filter(Boolean).join(' ') || null;

/** The town the building goes to: the customer's delivery address, or the dealer's lot (inventory, as the schedule's destination). */
export function deliveryTownOf(row: Pick<OrderViewRow, 'kind' | 'deliveryAddress' | 'dealerCity' | 'dealerState'>): string | null {
  return row.kind === 'customer' && row.deliveryAddress ? townOfAddress(row.deliveryAddress) : `${row.dealerCity}, ${row.dealerState}`;
}

export function toOrderListItem(row: OrderListRow): OrderListItem {
  return {
    id: orderKey(row.kind, row.id),
    company_id: row.companyId,
    dealer_name: row.dealerName,
    customer_name: customerNameOf(row),
    building_model: row.buildingModel,
    serial_number: row.serialNumber,
    order_type: row.orderType,
    order_status: row.status,
    building_stage: row.stage,
    building_location: row.location,
    is_scheduled_for_delivery: row.isScheduledForDelivery,
    is_built: row.isBuilt,
    is_rush_order: row.isRushOrder,
    scheduled_date: iso(row.scheduledDate),
    delivery_town: deliveryTownOf(row),
    ...orderIdFields(row.kind, row.id),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const coordinatesOf = (row: OrderViewRow): { lat: number; lon: number } => ({
  lat: row.deliveryLat ?? row.dealerLat,
  lon: row.deliveryLon ?? row.dealerLon,
});

/** SPEC §3: inventory orders (on-lot, move) have null customer fields, amount "0", the dealer as name on order. */
function inventoryDeliveryOf(row: OrderViewRow): InventoryDelivery {
  return {
    order_number: row.orderNumber,
    serial_number: row.serialNumber,
    building_name: row.buildingModel,
    name_on_order: row.dealerName,
    dealer_address: dealerOneLine(row),
    delivery_address_coordinates: coordinatesOf(row),
    customer_first_name: null,
    customer_last_name: null,
    customer_phone: null,
    customer_email: null,
    payment_amount: '0',
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toOnlotDeliveryDetails(row: OrderViewRow): OnlotDeliveryDetails {
  return { id: orderKey('onlot', row.id), company_id: row.companyId, onlot_inventory_order_id: row.id, ...inventoryDeliveryOf(row) };
}

export function toMoveDeliveryDetails(row: OrderViewRow): MoveDeliveryDetails {
  return { id: orderKey('move', row.id), company_id: row.companyId, inventory_move_order_id: row.id, ...inventoryDeliveryOf(row) };
}

/** The dealer as order details show it: for move and on-lot orders, the destination. */
export function dealerOf(row: OrderViewRow): OrderCore['dealer'] {
  return {
    id: row.dealerId,
    name: row.dealerName,
    address: dealerOneLine(row),
    phone: row.dealerPhone,
    coordinates: { lat: row.dealerLat, lon: row.dealerLon },
  };
}

/** The fields every order details answer shares (OrderCoreEntries); each kind adds its own. */
export function orderCoreOf(row: OrderViewRow): OrderCore {
  return {
    id: orderKey(row.kind, row.id),
    company_id: row.companyId,
    order_number: row.orderNumber,
    order_status: row.status,
    building_stage: row.stage,
    building_location: row.location, // for a move order: the lot it moves from
    building_model: row.buildingModel,
    building_size: row.buildingSize,
    serial_number: row.serialNumber,
    is_built: row.isBuilt,
    is_rush_order: row.isRushOrder,
    is_scheduled_for_delivery: row.isScheduledForDelivery,
    scheduled_date: iso(row.scheduledDate),
    delivered_at: iso(row.deliveredAt),
    dealer: dealerOf(row),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toOnlotOrderDetails(row: OrderViewRow): OnlotOrderDetails {
  return { ...orderCoreOf(row), onlot_inventory_order_id: row.id, order_type: 'on-lot inventory' };
}
