// The order-kind registry (src/domain/orderKinds.ts): what the rest of the code reads instead
// of comparing kind names must agree with the contract it stands for.
import { describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  ORDER_ID_FIELD,
  ORDER_KIND_OF_TYPE,
  ORDER_KIND_SPECS,
  ORDER_KINDS,
  ORDER_TYPES,
  isInventoryKind,
  orderFlagsOf,
  orderKey,
  orderRefOfBody,
  orderRefOfFields,
  parseOrderKey,
} from '../../src/domain';

describe('the order-kind registry', () => {
  it('names each kind once: id field, key prefix, flag, screens, collection and stream are distinct', () => {
    for (const field of ['idField', 'keyPrefix', 'addressFlag', 'idParam', 'idQuery', 'mainAppType', 'collection', 'stream'] as const) {
      expect(new Set(ORDER_KINDS.map((kind) => ORDER_KIND_SPECS[kind][field])).size, field).toBe(ORDER_KINDS.length);
    }
    expect(ORDER_ID_FIELD).toEqual({ customer: 'customer_order_id', onlot: 'onlot_inventory_order_id', move: 'inventory_move_order_id' });
    expect(ORDER_KINDS.filter(isInventoryKind)).toEqual(['onlot', 'move']);
  });

  it('every order type has exactly one kind', () => {
    for (const type of ORDER_TYPES) {
      expect(
        ORDER_KINDS.filter((kind) => (ORDER_KIND_SPECS[kind].orderTypes as readonly string[]).includes(type)),
        type,
      ).toHaveLength(1);
    }
    expect(ORDER_KIND_OF_TYPE).toEqual({ 'new build': 'customer', 'off-lot inventory': 'customer', 'on-lot inventory': 'onlot', 'move order': 'move' });
  });

  it('every path it names is an endpoint of the table', () => {
    const keys = new Set(Object.keys(ENDPOINTS));
    for (const kind of ORDER_KINDS) {
      const { paths } = ORDER_KIND_SPECS[kind];
      for (const path of [paths.details, paths.deliveryDetails, paths.scheduleDetails]) expect(keys.has(`GET ${path}`), path).toBe(true);
      for (const path of [paths.schedule, paths.reschedule]) expect(keys.has(`POST ${path}`), path).toBe(true);
    }
  });

  it('reads the order a row or a body names by its id fields', () => {
    expect(orderRefOfFields({ customer_order_id: null, onlot_inventory_order_id: 4, inventory_move_order_id: null })).toEqual({ kind: 'onlot', id: 4 });
    expect(orderRefOfFields({ customer_order_id: null, onlot_inventory_order_id: null, inventory_move_order_id: null })).toBeNull();
    expect(orderRefOfBody({ inventory_move_order_id: 9 })).toEqual({ kind: 'move', id: 9 });
    expect(() => orderRefOfBody({})).toThrow('exactly one');
    expect(parseOrderKey(orderKey('move', 3))).toEqual({ kind: 'move', id: 3 });
    expect(parseOrderKey('xo-3')).toBeNull();
  });

  it('a screen of one kind names it; the shared screens read the flags', () => {
    expect(orderFlagsOf('onlot', new URLSearchParams('customerOrder=true'))).toEqual({
      onlotInventoryOrder: true,
      inventoryMoveOrder: false,
      customerOrder: false,
    });
    expect(orderFlagsOf(null, new URLSearchParams('inventoryMoveOrder=true'))).toEqual({
      onlotInventoryOrder: false,
      inventoryMoveOrder: true,
      customerOrder: false,
    });
  });
});
