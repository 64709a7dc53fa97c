import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrderKind } from '../../src/domain';
import { useOrderRefParam } from '../../src/ui/hooks/useOrderRefParam';

/** Renders the hook on `address` under `pattern` and returns what it read. */
function refAt(pattern: string, address: string, kind?: OrderKind) {
  let seen: unknown = null;
  function Probe() {
    seen = useOrderRefParam(kind);
    return null;
  }
  renderToString(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path={pattern} element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
  return seen;
}

describe('useOrderRefParam (SPEC §2 order reference from the address)', () => {
  it('reads the kind flags of the query', () => {
    expect(refAt('/schedule/:id', '/schedule/12?onlotInventoryOrder=true&reschedule=true')).toMatchObject({
      kind: 'onlot',
      orderId: 12,
      onlotInventoryOrderId: 12,
    });
    expect(refAt('/delivery-details/:id', '/delivery-details/summit-barn-7?inventoryMoveOrder=true')).toMatchObject({ kind: 'move', inventoryMoveOrderId: 7 });
    expect(refAt('/delivery-details/:id', '/delivery-details/5?customerOrder=true')).toMatchObject({ kind: 'customer', customerOrderId: 5 });
    expect(refAt('/schedule/:id', '/schedule/5?onlotInventoryOrder=false')).toMatchObject({ kind: 'customer' });
  });

  it('takes ?orderId= on a route without :id (/create-note)', () => {
    expect(refAt('/create-note', '/create-note?orderId=9&onlotInventoryOrder=true')).toMatchObject({ kind: 'onlot', orderId: 9 });
    expect(refAt('/create-note', '/create-note')).toMatchObject({ orderId: 0 });
  });

  it('on a screen of one kind ignores the flags', () => {
    expect(refAt('/customer-order-details/:id', '/customer-order-details/4?inventoryMoveOrder=true', 'customer')).toMatchObject({
      kind: 'customer',
      customerOrderId: 4,
      inventoryMoveOrderId: 0,
    });
    expect(refAt('/onlot-inventory-order-details/:id', '/onlot-inventory-order-details/4', 'onlot')).toMatchObject({ kind: 'onlot', onlotInventoryOrderId: 4 });
  });

  it('gives 0 for an address that names no order', () => {
    expect(refAt('/schedule/:id', '/schedule/abc?customerOrder=true')).toMatchObject({ orderId: 0, customerOrderId: 0 });
  });
});
