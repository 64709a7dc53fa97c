// What the map actually drew, read after it settles (`idle`): the clusters and their counts,
// and figures written on the map's element (data-*) for screen readers' summary
// checks and the browser tests (a canvas cannot be read otherwise).
import type { GeoJSONSource, Map as MaplibreMap, MapGeoJSONFeature } from 'maplibre-gl';
import { OFFLINE_LAYERS } from './basemap';
import { LAYER_IDS, PIN_HEAD, PIN_HEAD_RADIUS, SOURCE_IDS, TAPPABLE_LAYERS } from './layers';

export interface DrawnCluster {
  id: number;
  lon: number;
  lat: number;
  count: number;
}

export interface TapTarget {
  kind: 'cluster' | 'order' | 'dealer' | 'shop';
  key: string;
  /** Position in CSS px from the map's top-left corner. */
  x: number;
  y: number;
}

export interface Rendered {
  clusters: DrawnCluster[];
  /** Orders drawn: single points plus the orders inside the clusters drawn. */
  orders: number;
  dealers: number;
  shops: number;
  /** Features of the offline basemap drawn (0 on the online basemap). */
  offlineFeatures: number;
  targets: TapTarget[];
}

const lonLat = (f: MapGeoJSONFeature): [number, number] => {
  const [lon = 0, lat = 0] = f.geometry.type === 'Point' ? f.geometry.coordinates : [];
  return [lon, lat];
};

/** Null until the data layers are on the map (they are added once a style has loaded). */
export function readRendered(map: MaplibreMap): Rendered | null {
  if (!map.getLayer(LAYER_IDS.orders) || !map.getLayer(LAYER_IDS.clusters) || !map.getSource(SOURCE_IDS.orders)) return null;
  const clusters = new Map<number, DrawnCluster>();
  for (const f of map.queryRenderedFeatures({ layers: [LAYER_IDS.clusters] })) {
    const id = Number(f.properties.cluster_id);
    const [lon, lat] = lonLat(f);
    if (!clusters.has(id)) clusters.set(id, { id, lon, lat, count: Number(f.properties.point_count) });
  }
  const unique = (layer: string): Map<string, MapGeoJSONFeature> => {
    const byKey = new Map<string, MapGeoJSONFeature>();
    if (!map.getLayer(layer)) return byKey;
    for (const f of map.queryRenderedFeatures({ layers: [layer] })) byKey.set(String(f.properties.key), f);
    return byKey;
  };
  const orders = unique(LAYER_IDS.orders);
  const dealers = unique(LAYER_IDS.dealers);
  const shops = unique(LAYER_IDS.shops);
  const offlineLayers = [OFFLINE_LAYERS.land, OFFLINE_LAYERS.states].filter((id) => map.getLayer(id));
  const offlineFeatures = offlineLayers.length ? map.queryRenderedFeatures({ layers: offlineLayers }).length : 0;

  const targets: TapTarget[] = [];
  const at = (kind: TapTarget['kind'], key: string, lon: number, lat: number, dy = 0): void => {
    const p = map.project([lon, lat]);
    targets.push({ kind, key, x: Math.round(p.x), y: Math.round(p.y + dy) });
  };
  for (const c of clusters.values()) at('cluster', String(c.id), c.lon, c.lat);
  for (const [key, f] of orders) at('order', key, ...lonLat(f));
  // A pin stands above its position: its middle is what a finger taps.
  for (const [key, f] of dealers) at('dealer', key, ...lonLat(f), -PIN_HEAD);
  for (const [key, f] of shops) at('shop', key, ...lonLat(f), -PIN_HEAD);

  return {
    clusters: [...clusters.values()],
    orders: orders.size + [...clusters.values()].reduce((sum, c) => sum + c.count, 0),
    dealers: dealers.size,
    shops: shops.size,
    offlineFeatures,
    targets: targets.slice(0, 60),
  };
}

/** Writes the figures on the map's element; `data-idle` counts the settles. */
export function writeRendered(el: HTMLElement, rendered: Rendered): void {
  el.dataset.renderedOrders = String(rendered.orders);
  el.dataset.renderedDealers = String(rendered.dealers);
  el.dataset.renderedShops = String(rendered.shops);
  el.dataset.offlineFeatures = String(rendered.offlineFeatures);
  el.dataset.targets = JSON.stringify(rendered.targets);
  el.dataset.idle = String(Number(el.dataset.idle ?? '0') + 1);
}

export type Tapped =
  | { kind: 'orders'; keys: string[]; lon: number; lat: number }
  | { kind: 'zoom'; lon: number; lat: number; zoom: number }
  | { kind: 'dealer' | 'shop'; key: string; lon: number; lat: number }
  | null;

/** A finger is wide: anything drawn within this many px of the tap counts. */
const TAP_SLOP = 24;

/**
 * What a tap at `point` means: the nearest drawn thing within a finger's width. A cluster
 * zooms in where it splits; a cluster that never splits (orders at one spot) and a stack
 * of points at one spot list their orders.
 */
export async function tapAt(map: MaplibreMap, point: { x: number; y: number }): Promise<Tapped> {
  const layers = TAPPABLE_LAYERS.filter((id) => map.getLayer(id));
  if (layers.length === 0) return null;
  const hits = map.queryRenderedFeatures(
    [
      [point.x - TAP_SLOP, point.y - TAP_SLOP],
      [point.x + TAP_SLOP, point.y + TAP_SLOP],
    ],
    { layers },
  );
  const isPin = (f: MapGeoJSONFeature): boolean => f.layer.id === LAYER_IDS.dealers || f.layer.id === LAYER_IDS.shops;
  const distance = (f: MapGeoJSONFeature): number => {
    const p = map.project(lonLat(f));
    return Math.hypot(p.x - point.x, p.y - (isPin(f) ? PIN_HEAD : 0) - point.y);
  };
  // A pin is drawn above the orders: a tap on its head is the pin's, even over a cluster's middle.
  let nearest: MapGeoJSONFeature | undefined = hits.find((f) => isPin(f) && distance(f) <= PIN_HEAD_RADIUS);
  if (!nearest) for (const f of hits) if (!nearest || distance(f) < distance(nearest)) nearest = f;
  if (!nearest) return null;
  const [lon, lat] = lonLat(nearest);
  switch (nearest.layer.id) {
    case LAYER_IDS.clusters: {
      const source = map.getSource<GeoJSONSource>(SOURCE_IDS.orders);
      if (!source) return null;
      const clusterId = Number(nearest.properties.cluster_id);
      const zoom = await source.getClusterExpansionZoom(clusterId);
      if (zoom > map.getZoom() && zoom <= map.getMaxZoom()) return { kind: 'zoom', lon, lat, zoom };
      const leaves = await source.getClusterLeaves(clusterId, 100, 0);
      return { kind: 'orders', keys: leaves.map((leaf) => String(leaf.properties?.key)), lon, lat };
    }
    case LAYER_IDS.orders: {
      const spot = map.project([lon, lat]);
      const keys = new Set<string>();
      for (const f of hits) {
        if (f.layer.id !== LAYER_IDS.orders) continue;
        const p = map.project(lonLat(f));
        if (Math.hypot(p.x - spot.x, p.y - spot.y) < 2) keys.add(String(f.properties.key));
      }
      return { kind: 'orders', keys: [...keys], lon, lat };
    }
    case LAYER_IDS.dealers:
      return { kind: 'dealer', key: String(nearest.properties.key), lon, lat };
    case LAYER_IDS.shops:
      return { kind: 'shop', key: String(nearest.properties.key), lon, lat };
    default:
      return null;
  }
}
