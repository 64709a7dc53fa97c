// SPEC §4 "The map shows orders present in the filtered list; dealers and shops are filtered
// by name on the search term." Home's list and the map share one selection (`?f=…&q=…`):
// the caller filters the driver's list with `filterOrders`, and this picks what the map
// draws from the order-map snapshot. Pure: no I/O, no clock.
import { isUsablePosition, type LatLon } from './navigationLinks';
import type { OrderMap } from './orderReads';

export type MapOrder = OrderMap['orders'][number];
export type MapDealer = OrderMap['dealers'][number];
export type MapShop = OrderMap['shops'][number];

export interface MapSelection {
  /** The listed orders the snapshot places, in the list's order. */
  orders: MapOrder[];
  dealers: MapDealer[];
  shops: MapShop[];
  /** Listed orders the snapshot has no usable position for (e.g. assigned since it was taken). */
  notOnMap: number;
}

/** Dealers and shops: a case-insensitive substring of the name, like Home's search. */
function namedLike(name: string, term: string): boolean {
  const needle = term.trim().toLowerCase();
  return !needle || name.toLowerCase().includes(needle);
}

/**
 * What the map shows for a filtered list: the snapshot's orders whose key is in `listed`
 * (the list's order kept), dealers and shops whose name holds the search term. Points
 * without a usable position are left out (counted in `notOnMap` for orders).
 */
export function selectMapPoints(map: OrderMap, listed: readonly { id: string }[], search: string): MapSelection {
  const byKey = new Map(map.orders.map((order) => [order.id, order]));
  const orders: MapOrder[] = [];
  let notOnMap = 0;
  for (const item of listed) {
    const order = byKey.get(item.id);
    if (order && isUsablePosition(order.coordinates)) orders.push(order);
    else notOnMap += 1;
  }
  return {
    orders,
    dealers: map.dealers.filter((d) => namedLike(d.dealership_name, search) && isUsablePosition(d.coordinates)),
    shops: map.shops.filter((s) => namedLike(s.shop_name, search) && isUsablePosition(s.coordinates)),
    notOnMap,
  };
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The line the map screen reads out: "12 orders · 4 dealers · 2 shops". */
export function mapSummary(selection: Pick<MapSelection, 'orders' | 'dealers' | 'shops'>): string {
  return [
    plural(selection.orders.length, 'order', 'orders'),
    plural(selection.dealers.length, 'dealer', 'dealers'),
    plural(selection.shops.length, 'shop', 'shops'),
  ].join(' · ');
}

/** [[west, south], [east, north]] around the points, or null when there are none. */
export function boundsOf(points: readonly LatLon[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { lat, lon } of points) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** Every position the selection draws (orders, dealers, shops), for fitting the view. */
export function selectionPositions(selection: Pick<MapSelection, 'orders' | 'dealers' | 'shops'>): LatLon[] {
  return [...selection.orders, ...selection.dealers, ...selection.shops].map((p) => p.coordinates);
}
