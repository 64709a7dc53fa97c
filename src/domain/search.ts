import type { OrderListItem } from './order';

const SEARCHED: (keyof OrderListItem)[] = [
  'dealer_name',
  'customer_name',
  'building_model',
  'serial_number',
  'order_type',
  'order_status',
  'building_stage',
  'building_location',
];

/** SPEC §4: case-insensitive substring match over the listed fields. */
export function matchesSearch(item: OrderListItem, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return SEARCHED.some((field) => {
    const value = item[field];
    return typeof value === 'string' && value.toLowerCase().includes(needle);
  });
}

/** The searched fields of one order, each lowercased, joined by `separator`. */
export function searchText(item: OrderListItem, separator: string): string {
  const parts: string[] = [];
  for (const field of SEARCHED) {
    const value = item[field];
    if (typeof value === 'string') parts.push(value.toLowerCase());
  }
  return parts.join(separator);
}

export function searchOrders<T extends OrderListItem>(items: readonly T[], term: string): T[] {
  return items.filter((item) => matchesSearch(item, term));
}
