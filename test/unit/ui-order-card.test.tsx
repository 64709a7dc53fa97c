// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../src/db';
import { orderListSortKey } from '../../src/domain';
import { homeEmptyTexts } from '../../src/ui/components/HomeEmptyState';
import { OrderCard } from '../../src/ui/components/OrderCard';
import { applyLanguage } from '../../src/ui/i18n';
import { renderUi } from '../support/renderUi';

// Home's order card carries what a driver plans a day with (issue 25): the whole model · serial,
// the town the building goes to, the delivery date, Overdue; and its lines wrap, never cut.

/** Noon local time on a day of November 2026: the card shows the phone's own date. */
const noon = (day: number): string => new Date(2026, 10, day, 12).toISOString();
const TODAY_START = new Date(2026, 10, 27).getTime();

function order(patch: Partial<OrderDoc> = {}): OrderDoc {
  const row: Omit<OrderDoc, 'list_sort'> = {
    id: 'co-14',
    company_id: 1,
    account_id: 7,
    dealer_name: 'Blue Mountain Barns',
    customer_name: 'Naomi Yoder',
    building_model: '10x14 Quaker',
    serial_number: 'SS2026-01014',
    order_type: 'new build',
    order_status: 'Scheduled for Delivery',
    building_stage: 'Built',
    building_location: 'Summit Quarryville Yard ready lot',
    is_scheduled_for_delivery: true,
    is_built: true,
    is_rush_order: false,
    scheduled_date: noon(25),
    delivery_town: 'Shartlesville, PA',
    customer_order_id: 14,
    onlot_inventory_order_id: null,
    inventory_move_order_id: null,
    updated_at: '2026-11-20T00:00:00.000Z',
    ...patch,
  };
  return { ...row, list_sort: orderListSortKey(row) };
}

function show(doc: OrderDoc): HTMLElement {
  renderUi(<OrderCard order={doc} outbox={undefined} todayStart={TODAY_START} onOpen={() => undefined} />);
  return screen.getByTestId('order-card');
}

describe('OrderCard', () => {
  it('shows the name, the whole model · serial, the date, the town and the details, and links to the order', () => {
    const card = show(order());
    const lines = [...card.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual([
      'OverdueNaomi Yoder',
      '10x14 Quaker\u00a0· SS2026-01014',
      'Scheduled 11/25/2026 Shartlesville, PA',
      'new build · Scheduled for Delivery · Summit Quarryville Yard ready lot',
    ]);
    expect(card.getAttribute('href')).toBe('/customer-order-details/14');
    // The serial is one unit: the model wraps before it, never inside it.
    expect(card.querySelector('.order-card__serial')?.textContent).toBe('SS2026-01014');
    expect(within(card).getByTestId('order-town').textContent).toBe(' Shartlesville, PA');
  });

  it('says Overdue only for a delivery scheduled before today, and Unscheduled without a date', () => {
    expect(within(show(order({ scheduled_date: noon(27) }))).queryByTestId('overdue')).toBeNull();
    document.body.innerHTML = '';
    const unscheduled = show(order({ is_scheduled_for_delivery: false, scheduled_date: null, is_rush_order: true }));
    expect(within(unscheduled).queryByTestId('overdue')).toBeNull();
    expect(unscheduled.querySelector('.order-card__plan')?.textContent).toBe('Unscheduled Shartlesville, PA');
    expect(unscheduled.querySelector('.order-card__name')?.textContent).toBe('RushNaomi Yoder');
  });

  it('names the dealer for inventory, and shows no town it does not know (a row from before towns were pulled)', () => {
    const card = show(order({ id: 'oio-4', customer_name: null, customer_order_id: null, onlot_inventory_order_id: 4, delivery_town: null }));
    expect(card.querySelector('.order-card__name')?.textContent).toBe('OverdueBlue Mountain Barns');
    expect(within(card).getByTestId('order-town').textContent).toBe('');
    expect(card.getAttribute('href')).toBe('/onlot-inventory-order-details/4');
  });

  it('wraps its lines instead of cutting them, in sizes that follow the text size', () => {
    const css = readFileSync('src/ui/components/OrderCard.css', 'utf8');
    const card = css.slice(css.indexOf('.order-card {'), css.indexOf("/* Home's count line"));
    expect(card).not.toMatch(/text-overflow|-webkit-line-clamp/);
    // The only nowrap is the serial's and the badges' (a serial or a badge is never split).
    expect([...card.matchAll(/([.\w-]+)\s*\{[^}]*white-space:\s*nowrap/g)].map((m) => m[1])).toEqual(['.order-card__serial', '.order-card__badge']);
    expect(card).not.toMatch(/font-size:\s*\d+px|line-height:\s*\d+px|padding:\s*\d+px/);
  });
});

describe("Home's empty state", () => {
  afterAll(() => applyLanguage('en'));

  it('names the filters only when some are picked', () => {
    expect(homeEmptyTexts({ total: 34, search: 'zz', filtersPicked: false, synced: true })).toEqual({
      title: 'No orders match your search',
      description: 'None of your 34 orders match "zz".',
      clear: 'Clear search',
    });
    expect(homeEmptyTexts({ total: 34, search: ' zz ', filtersPicked: true, synced: true })).toEqual({
      title: 'No orders match these filters',
      description: 'None of your 34 orders match "zz" with the filters you picked.',
      clear: 'Clear filters',
    });
    expect(homeEmptyTexts({ total: 34, search: '', filtersPicked: true, synced: true }).description).toBe(
      'None of your 34 orders match with the filters you picked.',
    );
    expect(homeEmptyTexts({ total: 0, search: '', filtersPicked: false, synced: false })).toEqual({
      title: 'No orders to deliver',
      description: 'Your orders appear here once the app has synced while online.',
      clear: null,
    });
  });

  it('in Spanish too', async () => {
    await applyLanguage('es');
    expect(homeEmptyTexts({ total: 34, search: 'zz', filtersPicked: false, synced: true })).toEqual({
      title: 'Ningún pedido coincide con su búsqueda',
      description: 'Ninguno de sus 34 pedidos coincide con "zz".',
      clear: 'Borrar búsqueda',
    });
    expect(homeEmptyTexts({ total: 34, search: 'zz', filtersPicked: true, synced: true }).description).toBe(
      'Ninguno de sus 34 pedidos coincide con "zz" y los filtros elegidos.',
    );
  });
});
