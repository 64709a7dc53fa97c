import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FILTER_KEYS,
  filterOrders,
  filterPrepared,
  narrowingFilter,
  prepareOrders,
  filterParams,
  isOverdue,
  ORDER_TYPES,
  parseFilterParams,
  selectFilter,
  toggleFilter,
  type FilterKey,
  type OrderListItem,
} from '../../src/domain';

function order(over: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id: 'co-1',
    company_id: 1,
    dealer_name: 'Summit Sheds',
    customer_name: 'Ada Lovelace',
    building_model: 'Lofted Barn',
    serial_number: 'SN-100',
    order_type: 'new build',
    order_status: 'In production',
    building_stage: 'Framing',
    building_location: 'Lot A',
    is_scheduled_for_delivery: false,
    is_built: false,
    is_rush_order: false,
    scheduled_date: null,
    delivery_town: 'Gap, PA',
    customer_order_id: 1,
    onlot_inventory_order_id: null,
    inventory_move_order_id: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

const tap = (keys: FilterKey[]): FilterKey[] => keys.reduce<FilterKey[]>((sel, key) => toggleFilter(sel, key), []);

describe('SPEC §4 filter exclusivity and toggle mode', () => {
  it('new customer order or off-lot removes new inventory', () => {
    expect(tap(['onlotInventoryOrder', 'newCustomerOrder'])).toEqual(['newCustomerOrder']);
    expect(tap(['onlotInventoryOrder', 'offlotCustomerOrder'])).toEqual(['offlotCustomerOrder']);
    // ...and nothing else: move inventory stays.
    expect(tap(['inventoryMoveOrder', 'newCustomerOrder'])).toEqual(['newCustomerOrder', 'inventoryMoveOrder']);
    expect(tap(['inventoryMoveOrder', 'offlotCustomerOrder'])).toEqual(['offlotCustomerOrder', 'inventoryMoveOrder']);
    expect(tap(['newCustomerOrder', 'offlotCustomerOrder'])).toEqual(['newCustomerOrder', 'offlotCustomerOrder']);
  });

  it('move inventory or new inventory removes off-lot and new customer order', () => {
    expect(tap(['newCustomerOrder', 'offlotCustomerOrder', 'inventoryMoveOrder'])).toEqual(['inventoryMoveOrder']);
    expect(tap(['newCustomerOrder', 'offlotCustomerOrder', 'onlotInventoryOrder'])).toEqual(['onlotInventoryOrder']);
    expect(tap(['inventoryMoveOrder', 'onlotInventoryOrder'])).toEqual(['onlotInventoryOrder', 'inventoryMoveOrder']);
  });

  it('scheduled and unscheduled exclude each other', () => {
    expect(tap(['scheduled', 'unscheduled'])).toEqual(['unscheduled']);
    expect(tap(['unscheduled', 'scheduled'])).toEqual(['scheduled']);
  });

  it('finished and unfinished exclude each other', () => {
    expect(tap(['finished', 'unfinished'])).toEqual(['unfinished']);
    expect(tap(['unfinished', 'finished'])).toEqual(['finished']);
  });

  it('rush order is standalone: it removes nothing and nothing removes it', () => {
    const all: FilterKey[] = ['newCustomerOrder', 'inventoryMoveOrder', 'scheduled', 'finished'];
    expect(toggleFilter(all, 'rushOrder')).toEqual([...all, 'rushOrder']);
    for (const key of FILTER_KEYS) if (key !== 'rushOrder') expect(toggleFilter(['rushOrder'], key)).toContain('rushOrder');
  });

  it('tapping a selected filter deselects it and leaves the others', () => {
    for (const key of FILTER_KEYS) {
      expect(toggleFilter([key], key)).toEqual([]);
      expect(toggleFilter(['rushOrder', key], key)).toEqual(key === 'rushOrder' ? [] : ['rushOrder']);
    }
    expect(selectFilter(['scheduled'], 'scheduled')).toEqual(['scheduled']);
  });

  it('never leaves an excluded pair selected, whatever is tapped', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FILTER_KEYS), { maxLength: 30 }), (taps) => {
        const sel = new Set(tap(taps));
        expect(sel.has('scheduled') && sel.has('unscheduled')).toBe(false);
        expect(sel.has('finished') && sel.has('unfinished')).toBe(false);
        expect(sel.has('onlotInventoryOrder') && (sel.has('newCustomerOrder') || sel.has('offlotCustomerOrder'))).toBe(false);
        // The last tap selected move inventory: off-lot and new customer are gone.
        if (taps.at(-1) === 'inventoryMoveOrder' && sel.has('inventoryMoveOrder'))
          expect(sel.has('offlotCustomerOrder') || sel.has('newCustomerOrder')).toBe(false);
      }),
    );
  });
});

// An independent reading of SPEC §4, written as a table, not with the module's switch.
const TYPE_OF_KIND: Record<string, string> = {
  newCustomerOrder: 'new build',
  offlotCustomerOrder: 'off-lot inventory',
  onlotInventoryOrder: 'on-lot inventory',
  inventoryMoveOrder: 'move order',
};
function reference(o: OrderListItem, selected: readonly FilterKey[], search: string): boolean {
  const kinds = selected.filter((k) => k in TYPE_OF_KIND).map((k) => TYPE_OF_KIND[k]);
  if (kinds.length && !kinds.includes(o.order_type)) return false;
  if (selected.includes('scheduled') && o.is_scheduled_for_delivery !== true) return false;
  if (selected.includes('unscheduled') && o.is_scheduled_for_delivery !== false) return false;
  if (selected.includes('finished') && o.is_built !== true) return false;
  if (selected.includes('unfinished') && o.is_built !== false) return false;
  if (selected.includes('rushOrder') && o.is_rush_order !== true) return false;
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const text = [o.dealer_name, o.customer_name ?? '', o.building_model, o.serial_number, o.order_type, o.order_status, o.building_stage, o.building_location];
  return text.some((t) => t.toLowerCase().includes(q));
}

const word = fc.constantFrom('Barn', 'barn', 'Utility', 'Lot', 'SN-', 'Ada', 'Summit', 'Framing', 'move', '');
const orderArb = fc
  .record({
    n: fc.integer({ min: 1, max: 99_999 }),
    type: fc.constantFrom(...ORDER_TYPES),
    scheduled: fc.boolean(),
    built: fc.boolean(),
    rush: fc.boolean(),
    day: fc.integer({ min: 1, max: 28 }),
    dealer: word,
    customer: fc.option(word),
    model: word,
    status: word,
  })
  .map((r) =>
    order({
      id: `co-${r.n}`,
      order_type: r.type,
      is_scheduled_for_delivery: r.scheduled,
      is_built: r.built,
      is_rush_order: r.rush,
      scheduled_date: r.scheduled ? `2026-02-${String(r.day).padStart(2, '0')}T15:00:00.000Z` : null,
      dealer_name: `${r.dealer} Dealer`,
      customer_name: r.customer,
      building_model: `${r.model} 10x12`,
      order_status: r.status,
    }),
  );

describe('filterOrders', () => {
  it('keeps exactly the orders the reference predicate keeps, for random lists and selections', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(orderArb, { selector: (o) => o.id, maxLength: 40 }),
        fc.subarray([...FILTER_KEYS]),
        fc.constantFrom('', 'barn', 'LOT', ' ada ', 'zzz', 'move order', 'sn-'),
        (items, selected, search) => {
          const got = filterOrders(items, selected, search)
            .map((o) => o.id)
            .sort();
          const want = items
            .filter((o) => reference(o, selected, search))
            .map((o) => o.id)
            .sort();
          expect(got).toEqual(want);
        },
      ),
    );
  });

  it('the remembering filter (narrowing the last result as the search grows) equals filtering the whole list', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(orderArb, { selector: (o) => o.id, maxLength: 40 }),
        fc.subarray([...FILTER_KEYS]),
        fc.constantFrom('', 'b', 'ba', 'barn', 'l', 'lo', 'LOT', ' ad', ' ada ', 'sn', 'sn-', 'move', 'move order'),
        fc.string({ maxLength: 3 }),
        (items, selected, start, more) => {
          const prepared = prepareOrders(items);
          const longer = `${start.trim()}${more}`;
          const ids = (list: readonly { id: string }[]) => list.map((o) => o.id);
          // The remembering filter gives the same answers whichever way the text moves.
          const filter = narrowingFilter<(typeof items)[number]>();
          for (const term of [start, longer, start, '', longer])
            expect(ids(filter(prepared, selected, term))).toEqual(ids(filterPrepared(prepared, selected, term)));
        },
      ),
    );
  });

  it('sorts rush first, then by date, then by key; with Scheduled by date only', () => {
    const a = order({ id: 'co-3', is_scheduled_for_delivery: true, scheduled_date: '2026-03-02T00:00:00.000Z' });
    const b = order({ id: 'co-2', is_scheduled_for_delivery: true, scheduled_date: '2026-03-01T00:00:00.000Z' });
    const c = order({ id: 'co-1', is_rush_order: true, is_scheduled_for_delivery: true, scheduled_date: '2026-03-05T00:00:00.000Z' });
    const d = order({ id: 'co-4' });
    expect(filterOrders([a, b, c, d], [], '').map((o) => o.id)).toEqual(['co-1', 'co-2', 'co-3', 'co-4']);
    expect(filterOrders([a, b, c, d], ['scheduled'], '').map((o) => o.id)).toEqual(['co-2', 'co-3', 'co-1']);
  });

  it('searches the eight SPEC fields, case-insensitively, and nothing else', () => {
    const o = order({
      dealer_name: 'Hilltop Dealer',
      customer_name: 'Grace Hopper',
      building_model: 'Cabin Deluxe',
      serial_number: 'XYZ-778',
      order_type: 'off-lot inventory',
      order_status: 'Ready',
      building_stage: 'Painting',
      building_location: 'Yard 9',
      id: 'co-424242',
      updated_at: '2026-07-07T00:00:00.000Z',
    });
    for (const term of ['hilltop', 'GRACE', 'cabin d', 'xyz-7', 'OFF-LOT', 'ready', 'paint', 'yard 9'])
      expect(filterOrders([o], [], term), term).toHaveLength(1);
    for (const term of ['424242', '2026-07', 'zzz']) expect(filterOrders([o], [], term), term).toHaveLength(0);
  });
});

describe('isOverdue', () => {
  const today = Date.parse('2026-03-10T00:00:00.000Z');
  it('is a scheduled order dated before today', () => {
    expect(isOverdue(order({ is_scheduled_for_delivery: true, scheduled_date: '2026-03-09T23:59:00.000Z' }), today)).toBe(true);
    expect(isOverdue(order({ is_scheduled_for_delivery: true, scheduled_date: '2026-03-10T08:00:00.000Z' }), today)).toBe(false);
    expect(isOverdue(order({ is_scheduled_for_delivery: false, scheduled_date: '2026-03-01T00:00:00.000Z' }), today)).toBe(false);
    expect(isOverdue(order({ is_scheduled_for_delivery: true, scheduled_date: null }), today)).toBe(false);
  });
});

describe('filters and search in the address', () => {
  it('reads the example address', () => {
    expect(parseFilterParams(new URLSearchParams('?f=scheduled,rushOrder&q=barn'))).toEqual({ selected: ['scheduled', 'rushOrder'], search: 'barn' });
  });

  it('ignores unknown keys and resolves an edited, contradictory address', () => {
    expect(parseFilterParams(new URLSearchParams('f=bogus,finished,,rushOrder,unfinished&x=1'))).toEqual({ selected: ['unfinished', 'rushOrder'], search: '' });
    expect(parseFilterParams(new URLSearchParams(''))).toEqual({ selected: [], search: '' });
  });

  it('leaves empty parts out', () => {
    expect(filterParams([], '').toString()).toBe('');
    expect(filterParams([], 'a b').get('q')).toBe('a b');
  });

  it('round-trips every reachable selection and any search', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FILTER_KEYS), { maxLength: 20 }), fc.string(), (taps, search) => {
        const selected = tap(taps);
        const url = new URL(`https://example.test/?${filterParams(selected, search).toString()}`);
        expect(parseFilterParams(url.searchParams)).toEqual({ selected, search });
      }),
    );
  });
});
