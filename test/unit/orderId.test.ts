import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_ID, orderKey, parseIdSegment, parseOrderKey, parseOrderRef } from '../../src/domain';

describe('SPEC §2 order id parsing', () => {
  it('reads a plain number or text ending in a dash and a number', () => {
    expect(parseIdSegment('123')).toBe(123);
    expect(parseIdSegment('summit-lofted-barn-45')).toBe(45);
    expect(parseIdSegment('customer-order-9')).toBe(9);
  });

  it('gives 0 for zero, non-numbers and junk', () => {
    for (const bad of ['0', 'abc', '', '12abc', '-', 'order-', '1.5', '99999999999999999999']) expect(parseIdSegment(bad)).toBe(0);
  });

  it('derives the kind with priority move → inventory → customer', () => {
    expect(parseOrderRef('7', { inventoryMoveOrder: true, onlotInventoryOrder: true, customerOrder: true })).toMatchObject({
      kind: 'move',
      inventoryMoveOrderId: 7,
      onlotInventoryOrderId: 0,
      customerOrderId: 0,
    });
    expect(parseOrderRef('7', { onlotInventoryOrder: true, customerOrder: true })).toMatchObject({
      kind: 'onlot',
      onlotInventoryOrderId: 7,
      customerOrderId: 0,
    });
    expect(parseOrderRef('customer-order-7')).toMatchObject({ kind: 'customer', customerOrderId: 7, orderId: 7 });
  });

  it('zeroes every id when the id is not a number', () => {
    expect(parseOrderRef('abc', { onlotInventoryOrder: true })).toMatchObject({
      orderId: 0,
      onlotInventoryOrderId: 0,
      customerOrderId: 0,
      inventoryMoveOrderId: 0,
    });
  });

  it('round-trips list keys for every kind and id', () => {
    fc.assert(
      fc.property(fc.constantFrom('customer' as const, 'onlot' as const, 'move' as const), fc.integer({ min: 1, max: MAX_ID }), (kind, id) => {
        expect(parseOrderKey(orderKey(kind, id))).toEqual({ kind, id });
      }),
    );
    // Ids are int4: a key past that names no order the database can hold (it was a 500 there).
    for (const key of [`co-${MAX_ID + 1}`, 'oio-99999999999', 'mo-1e3']) expect(parseOrderKey(key)).toBeNull();
  });
});
