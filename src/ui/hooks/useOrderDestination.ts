import { CACHE_KEYS } from '../../db/cache';
import { isUsablePosition, type LatLon, type OrderMap } from '../../domain';
import { useCached } from './useCached';

/**
 * Where an order is delivered: the position its delivery details carry (customer address,
 * or the dealer's lot for inventory), else the order-map snapshot's, else null (unknown on
 * this device). undefined while PWADB is read.
 */
export function useOrderDestination(orderKey: string, fromDetails: LatLon | null | undefined): LatLon | null | undefined {
  const map = useCached<OrderMap>(CACHE_KEYS.orderMap);
  if (isUsablePosition(fromDetails)) return fromDetails;
  if (map === undefined) return undefined;
  const position = map?.data.orders.find((o) => o.id === orderKey)?.coordinates;
  return isUsablePosition(position) ? position : null;
}
