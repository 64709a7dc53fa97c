// SPEC §4 order list filters and §9 filter keys: which filters may be selected together,
// which orders each lets through, the list's order, and how the selection and the search
// live in the address (`?f=scheduled,rushOrder&q=barn`). Pure: no I/O, no clock.
import type { OrderListItem, OrderType } from './order';
import { matchesSearch, searchText } from './search';

/** SPEC §9 filter keys, in the order the chips show them (and the address lists them). */
export const FILTER_KEYS = [
  'newCustomerOrder',
  'offlotCustomerOrder',
  'onlotInventoryOrder',
  'inventoryMoveOrder',
  'scheduled',
  'unscheduled',
  'finished',
  'unfinished',
  'rushOrder',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The kind filters and the order_type each lets through (they combine with OR). */
export const KIND_FILTER_TYPE = {
  newCustomerOrder: 'new build',
  offlotCustomerOrder: 'off-lot inventory',
  onlotInventoryOrder: 'on-lot inventory',
  inventoryMoveOrder: 'move order',
} as const satisfies Record<string, OrderType>;
export type KindFilterKey = keyof typeof KIND_FILTER_TYPE;

/** What a driver reads on each chip. */
export const FILTER_LABELS: Record<FilterKey, string> = {
  newCustomerOrder: 'New customer',
  offlotCustomerOrder: 'Off-lot',
  onlotInventoryOrder: 'New inventory',
  inventoryMoveOrder: 'Move inventory',
  scheduled: 'Scheduled',
  unscheduled: 'Unscheduled',
  finished: 'Finished',
  unfinished: 'Unfinished',
  rushOrder: 'Rush',
};

/**
 * SPEC §4 exclusivity: what selecting a key removes. As written in the SPEC it is not
 * symmetric: new customer or off-lot removes only new inventory, while move or new
 * inventory removes both off-lot and new customer (so new customer + move may coexist,
 * but selecting move afterwards drops new customer).
 */
const REMOVES: Record<FilterKey, readonly FilterKey[]> = {
  newCustomerOrder: ['onlotInventoryOrder'],
  offlotCustomerOrder: ['onlotInventoryOrder'],
  inventoryMoveOrder: ['offlotCustomerOrder', 'newCustomerOrder'],
  onlotInventoryOrder: ['offlotCustomerOrder', 'newCustomerOrder'],
  scheduled: ['unscheduled'],
  unscheduled: ['scheduled'],
  finished: ['unfinished'],
  unfinished: ['finished'],
  rushOrder: [], // standalone
};

/**
 * The pairs no selection ever holds together (both directions of REMOVES agree on these).
 * New customer or off-lot with move inventory is reachable (tap move, then new customer).
 */
const CONFLICTS: readonly (readonly [FilterKey, FilterKey])[] = [
  ['scheduled', 'unscheduled'],
  ['finished', 'unfinished'],
  ['onlotInventoryOrder', 'newCustomerOrder'],
  ['onlotInventoryOrder', 'offlotCustomerOrder'],
];

export function isFilterKey(value: string): value is FilterKey {
  return (FILTER_KEYS as readonly string[]).includes(value);
}

const canonical = (keys: ReadonlySet<FilterKey>): FilterKey[] => FILTER_KEYS.filter((k) => keys.has(k));

/** Adds `key` to the selection and removes what it excludes (already selected: unchanged). */
export function selectFilter(selected: readonly FilterKey[], key: FilterKey): FilterKey[] {
  const next = new Set(selected);
  for (const removed of REMOVES[key]) next.delete(removed);
  next.add(key);
  return canonical(next);
}

/** A chip tap: a selected key is deselected (toggle mode), any other is selected with its exclusions. */
export function toggleFilter(selected: readonly FilterKey[], key: FilterKey): FilterKey[] {
  if (selected.includes(key)) return canonical(new Set(selected.filter((k) => k !== key)));
  return selectFilter(selected, key);
}

/**
 * Whether an order passes the selected filters. Groups AND together; within the kind group
 * the selected kinds OR together (an order has one type).
 *
 * "Finished uses is_built combined with scheduling" (SPEC §4) is read here as: finished means
 * the building is finished at the shop (is_built) and unfinished means it is not; scheduling
 * is its own group (scheduled / unscheduled) that the driver combines with it, e.g. Finished +
 * Unscheduled = built and waiting for a delivery date. We do not fold is_scheduled_for_delivery
 * into "finished", so each chip means one thing the driver can see on the card.
 */
export function matchesFilters(item: OrderListItem, selected: readonly FilterKey[]): boolean {
  let kindSelected = false;
  let kindMatch = false;
  for (const key of selected) {
    switch (key) {
      case 'newCustomerOrder':
      case 'offlotCustomerOrder':
      case 'onlotInventoryOrder':
      case 'inventoryMoveOrder':
        kindSelected = true;
        if (item.order_type === KIND_FILTER_TYPE[key]) kindMatch = true;
        break;
      case 'scheduled':
        if (!item.is_scheduled_for_delivery) return false;
        break;
      case 'unscheduled':
        if (item.is_scheduled_for_delivery) return false;
        break;
      case 'finished':
        if (!item.is_built) return false;
        break;
      case 'unfinished':
        if (item.is_built) return false;
        break;
      case 'rushOrder':
        if (!item.is_rush_order) return false;
        break;
    }
  }
  return !kindSelected || kindMatch;
}

/** Where an unscheduled order's date would be: after every date. */
const UNSCHEDULED = '\uffff';

/** Longest list sort key (`orderListSortKey`): RxDB indexes strings padded to a declared length. */
export const ORDER_LIST_SORT_KEY_LENGTH = 40;

/**
 * The default list order as one string, so PWADB can index it and read the first screenful of
 * Home without reading every order (issue 24): rush first ('0'), then the scheduled date
 * (unscheduled last, as in compareScheduled); the key breaks ties (RxDB appends the
 * primary key to every index). Sorting rows by (this key, id) is exactly `compareOrders`:
 * RxDB pads the key with spaces, which sort before any character of an ISO date, as a shorter
 * string sorts first in a string comparison.
 */
export function orderListSortKey(order: Pick<OrderListItem, 'is_rush_order' | 'scheduled_date'>): string {
  return `${order.is_rush_order ? '0' : '1'}${order.scheduled_date ?? UNSCHEDULED}`.slice(0, ORDER_LIST_SORT_KEY_LENGTH);
}

/** The default list order: rush orders first, then by scheduled date (unscheduled last), then by key. */
export function compareOrders(a: OrderListItem, b: OrderListItem): number {
  if (a.is_rush_order !== b.is_rush_order) return a.is_rush_order ? -1 : 1;
  return compareScheduled(a, b);
}

/** SPEC §4: the scheduled filter sorts by scheduled_date ascending (then by key). */
export function compareScheduled(a: OrderListItem, b: OrderListItem): number {
  const da = a.scheduled_date ?? UNSCHEDULED;
  const db = b.scheduled_date ?? UNSCHEDULED;
  if (da !== db) return da < db ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A driver's list made ready for keystrokes: sorted both ways once, each order's searched
 * fields lowercased once. Built when the list changes (a pull), not on every keystroke, so a
 * keystroke at 10,000 orders is one pass of `includes` with no sorting.
 */
export interface PreparedOrders<T extends OrderListItem> {
  byDefault: readonly PreparedRow<T>[];
  byScheduled: readonly PreparedRow<T>[];
}

interface PreparedRow<T> {
  item: T;
  /** The searched fields, lowercased, joined by NUL so a term never matches across two fields. */
  text: string;
}

const FIELD_SEPARATOR = '\u0000';

// One prepared row per item object: while the first pull stores 10,000 orders in pages, the
// list is prepared again per page, and unchanged orders (the same objects) keep their text.
const preparedRows = new WeakMap<object, PreparedRow<OrderListItem>>();

function rowOf<T extends OrderListItem>(item: T): PreparedRow<T> {
  let row = preparedRows.get(item) as PreparedRow<T> | undefined;
  if (!row) {
    row = { item, text: searchText(item, FIELD_SEPARATOR) };
    preparedRows.set(item, row);
  }
  return row;
}

export function prepareOrders<T extends OrderListItem>(items: readonly T[]): PreparedOrders<T> {
  const rows = items.map(rowOf);
  let byScheduled: PreparedRow<T>[] | null = null;
  return {
    byDefault: rows.sort((a, b) => compareOrders(a.item, b.item)),
    // Sorted the first time the scheduled filter asks for it, not on every list change.
    get byScheduled() {
      byScheduled ??= [...rows].sort((a, b) => compareScheduled(a.item, b.item));
      return byScheduled;
    },
  };
}

/** filterOrders over a prepared list: the same result, without the per-keystroke work. */
export function filterPrepared<T extends OrderListItem>(prepared: PreparedOrders<T>, selected: readonly FilterKey[], search: string): T[] {
  return filterRows(prepared, selected, search).map((row) => row.item);
}

function filterRows<T extends OrderListItem>(prepared: PreparedOrders<T>, selected: readonly FilterKey[], search: string): PreparedRow<T>[] {
  const rows = selected.includes('scheduled') ? prepared.byScheduled : prepared.byDefault;
  return narrowRows(
    rows.filter((row) => matchesFilters(row.item, selected)),
    search,
  );
}

/** The rows that match `search`. */
function narrowRows<T extends OrderListItem>(rows: readonly PreparedRow<T>[], search: string): PreparedRow<T>[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  // A term holding the separator itself cannot use the joined text (it would span fields).
  if (needle.includes(FIELD_SEPARATOR)) return rows.filter((row) => matchesSearch(row.item, search));
  return rows.filter((row) => row.text.includes(needle));
}

/**
 * filterPrepared with a memory of the search as it was typed: each result is kept with its
 * term while the term grows, so typing on narrows the last result (every match of the longer
 * term matched the shorter one) and deleting back returns a kept result, instead of a pass
 * over all 10,000 orders per keystroke. A new list or other filters start over.
 */
export function narrowingFilter<T extends OrderListItem>(): (prepared: PreparedOrders<T>, selected: readonly FilterKey[], search: string) => T[] {
  let basis: { prepared: PreparedOrders<T>; selected: string } | null = null;
  // Results of ever longer terms, each term a prefix of the next; the first is the empty term.
  let kept: { needle: string; rows: PreparedRow<T>[]; items: T[] }[] = [];
  const entry = (needle: string, rows: PreparedRow<T>[]) => ({ needle, rows, items: rows.map((row) => row.item) });
  return (prepared, selected, search) => {
    const needle = search.trim().toLowerCase();
    const key = selected.join();
    if (!basis || basis.prepared !== prepared || basis.selected !== key) {
      basis = { prepared, selected: key };
      kept = [entry('', filterRows(prepared, selected, ''))];
    }
    while (kept.length > 1 && !needle.startsWith(kept[kept.length - 1]?.needle ?? '')) kept.pop();
    const last = kept[kept.length - 1] ?? entry('', filterRows(prepared, selected, ''));
    if (last.needle === needle) return last.items;
    const next = needle.includes(FIELD_SEPARATOR) ? entry(needle, narrowRows(last.rows, search)) : narrowEntry(last.rows, needle);
    kept.push(next);
    return next.items;
  };
}

/**
 * narrowRows and entry in one pass, for a term without the separator: the rows and their items
 * written into arrays made once at the largest size. A keystroke whose term still matches most
 * of 10,000 orders spent as long building two arrays of them as searching (npm run bench).
 */
function narrowEntry<T extends OrderListItem>(rows: readonly PreparedRow<T>[], needle: string): { needle: string; rows: PreparedRow<T>[]; items: T[] } {
  const count = rows.length;
  const matched = new Array<PreparedRow<T>>(count);
  const items = new Array<T>(count);
  let found = 0;
  for (let i = 0; i < count; i++) {
    const row = rows[i] as PreparedRow<T>;
    if (row.text.includes(needle)) {
      matched[found] = row;
      items[found++] = row.item;
    }
  }
  matched.length = found;
  items.length = found;
  return { needle, rows: matched, items };
}

/** The list Home shows: the selected filters, then the search (SPEC §4), in the list's order. */
export function filterOrders<T extends OrderListItem>(items: readonly T[], selected: readonly FilterKey[], search: string): T[] {
  return filterPrepared(prepareOrders(items), selected, search);
}

/**
 * A scheduled order whose date is before today and is still on the list. `todayStart` is the
 * start of the driver's local day (ms since the epoch), so the clock stays with the caller.
 */
export function isOverdue(item: Pick<OrderListItem, 'is_scheduled_for_delivery' | 'scheduled_date'>, todayStart: number): boolean {
  if (!item.is_scheduled_for_delivery || !item.scheduled_date) return false;
  const at = Date.parse(item.scheduled_date);
  return !Number.isNaN(at) && at < todayStart;
}

export interface FilterState {
  selected: FilterKey[];
  search: string;
}

/** The filters (`f`, comma-separated) and search (`q`) in an address; unknown keys are ignored. */
export function parseFilterParams(params: URLSearchParams): FilterState {
  const selected = new Set<FilterKey>();
  for (const raw of (params.get('f') ?? '').split(',')) {
    const key = raw.trim();
    if (!isFilterKey(key)) continue;
    // An edited address may hold a pair no tap can reach: the later key wins.
    for (const [a, b] of CONFLICTS) {
      if (key === a) selected.delete(b);
      if (key === b) selected.delete(a);
    }
    selected.add(key);
  }
  return { selected: canonical(selected), search: params.get('q') ?? '' };
}

/** The address parameters for a selection and search (empty ones are left out). */
export function filterParams(selected: readonly FilterKey[], search: string): URLSearchParams {
  const params = new URLSearchParams();
  const keys = canonical(new Set(selected));
  if (keys.length > 0) params.set('f', keys.join(','));
  if (search) params.set('q', search);
  return params;
}
