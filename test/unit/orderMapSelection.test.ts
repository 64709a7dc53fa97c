import { describe, expect, it } from 'vitest';
import { boundsOf, filterOrders, mapSummary, selectionPositions, selectMapPoints, type OrderListItem, type OrderMap } from '../../src/domain';

function item(id: string, over: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id,
    company_id: 1,
    dealer_name: 'Country Lane Structures',
    customer_name: null,
    building_model: '10x12 Lofted Barn',
    serial_number: `SN-${id}`,
    order_type: 'on-lot inventory',
    order_status: 'Ready',
    building_stage: 'Finished',
    building_location: 'Gap shop',
    is_scheduled_for_delivery: false,
    is_built: true,
    is_rush_order: false,
    scheduled_date: null,
    delivery_town: 'Gap, PA',
    customer_order_id: null,
    onlot_inventory_order_id: null,
    inventory_move_order_id: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

const at = (lat: number, lon: number) => ({ lat, lon });

const list = [
  item('co-1', { order_type: 'new build', customer_name: 'Ada Byler', is_rush_order: true }),
  item('oio-2'),
  item('mo-3', { order_type: 'move order', dealer_name: 'Blue Mountain Barns' }),
  item('co-4', { order_type: 'new build', customer_name: 'Eli Stoltzfus' }),
];

const snapshot: OrderMap = {
  orders: [
    { ...item('oio-2'), delivery_address: null, coordinates: at(40.04, -76.11) },
    { ...item('co-1'), delivery_address: '1 Farm Ln', coordinates: at(40.1, -76.2) },
    { ...item('mo-3'), delivery_address: null, coordinates: at(40.51, -76.11) },
    { ...item('co-4'), delivery_address: null, coordinates: at(0, 0) }, // never geocoded
    { ...item('co-9'), delivery_address: null, coordinates: at(41, -77) }, // not on the list (anymore)
  ],
  dealers: [
    { id: 1, dealership_name: 'Blue Mountain Barns', address: '118 Main St', coordinates: at(40.51, -76.11) },
    { id: 2, dealership_name: 'Country Lane Structures', address: '3417 Old Philadelphia Pike', coordinates: at(40.04, -76.11) },
  ],
  shops: [
    { id: 1, shop_name: 'Summit Gap Shop', address: '88 Summit Rd', coordinates: at(39.99, -76.02) },
    { id: 2, shop_name: 'Summit Quarryville Yard', address: '212 Hess Rd', coordinates: at(39.9, -76.16) },
  ],
};

describe('selectMapPoints (SPEC §4: the map shows the orders of the filtered list)', () => {
  it('keeps the listed orders the snapshot places, in the list order', () => {
    const selection = selectMapPoints(snapshot, list, '');
    expect(selection.orders.map((o) => o.id)).toEqual(['co-1', 'oio-2', 'mo-3']);
    expect(selection.notOnMap).toBe(1); // co-4 has no usable position
    expect(selection.dealers).toHaveLength(2);
    expect(selection.shops).toHaveLength(2);
  });

  it('follows Home’s filters: a rush filter leaves the rush orders only', () => {
    const rush = filterOrders(list, ['rushOrder'], '');
    expect(selectMapPoints(snapshot, rush, '').orders.map((o) => o.id)).toEqual(['co-1']);
  });

  it('filters dealers and shops by name on the search term, case-insensitively', () => {
    const search = 'blue MOUNTAIN';
    const selection = selectMapPoints(snapshot, filterOrders(list, [], search), search);
    expect(selection.orders.map((o) => o.id)).toEqual(['mo-3']);
    expect(selection.dealers.map((d) => d.dealership_name)).toEqual(['Blue Mountain Barns']);
    expect(selection.shops).toEqual([]);
    expect(selectMapPoints(snapshot, [], ' summit ').shops.map((s) => s.shop_name)).toEqual(['Summit Gap Shop', 'Summit Quarryville Yard']);
  });

  it('shows nothing for an empty list and counts nothing missing', () => {
    const selection = selectMapPoints(snapshot, [], 'zzz');
    expect(selection).toEqual({ orders: [], dealers: [], shops: [], notOnMap: 0 });
  });
});

describe('mapSummary', () => {
  it('reads counts with singulars', () => {
    expect(mapSummary(selectMapPoints(snapshot, list, ''))).toBe('3 orders · 2 dealers · 2 shops');
    expect(mapSummary({ orders: [snapshot.orders[0]!], dealers: [snapshot.dealers[0]!], shops: [] })).toBe('1 order · 1 dealer · 0 shops');
  });
});

describe('boundsOf', () => {
  it('is null for no points and encloses every point otherwise', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([at(40, -76)])).toEqual([
      [-76, 40],
      [-76, 40],
    ]);
    expect(boundsOf(selectionPositions(selectMapPoints(snapshot, list, '')))).toEqual([
      [-76.2, 39.9],
      [-76.02, 40.51],
    ]);
  });
});
