import type { OrderDoc } from '../../src/db';
import { orderListSortKey } from '../../src/domain';

/** An on-lot order row as the phone stores it (oio-7), owned by `owner`; `patch` changes any field. */
export function onlotOrderRow(owner: { company_id: number; account_id: number }, patch: Partial<OrderDoc> = {}): OrderDoc {
  const row: Omit<OrderDoc, 'list_sort'> = {
    id: 'oio-7',
    company_id: owner.company_id,
    account_id: owner.account_id,
    dealer_name: 'Dealer',
    customer_name: null,
    building_model: '10x12 Lofted Barn',
    serial_number: 'S-7',
    order_type: 'on-lot inventory',
    order_status: 'Ready for Delivery',
    building_stage: 'Finished',
    building_location: 'Lot',
    is_scheduled_for_delivery: false,
    is_built: true,
    is_rush_order: false,
    scheduled_date: null,
    delivery_town: 'Gap, PA',
    customer_order_id: null,
    onlot_inventory_order_id: 7,
    inventory_move_order_id: null,
    updated_at: '2026-11-20T14:00:00.000Z',
    ...patch,
  };
  return { ...row, list_sort: patch.list_sort ?? orderListSortKey(row) };
}
