// The data layers drawn on any basemap: orders (clustered circles with their count; rush
// orders red), dealers and shops (pins of their own colour and glyph). Pins and counts are
// images drawn on the phone: no sprite sheet, no text, so no style needs glyphs for them, and
// they stack in the map's own layer order (an HTML count label would cover the pins).
import type { LayerProps } from 'react-map-gl/maplibre';
import type { Map as MaplibreMap } from 'maplibre-gl';

/** Colours shared with the legend; each is at least 4.5:1 against white (SPEC §9 hues). */
export const MAP_COLORS = {
  order: '#155679', // primary.800
  rush: '#b91c1c', // red.700
  dealer: '#a41368', // secondary.600
  shop: '#116932', // green.700
} as const;

export const SOURCE_IDS = { orders: 'orders', dealers: 'dealers', shops: 'shops' } as const;
export const LAYER_IDS = {
  clusters: 'order-clusters',
  clusterCounts: 'order-cluster-counts',
  orders: 'order-points',
  dealers: 'dealer-points',
  shops: 'shop-points',
} as const;
/** Every layer a tap looks at, topmost first: pins are drawn above the orders (MapView adds the sources in reverse). */
export const TAPPABLE_LAYERS = [LAYER_IDS.dealers, LAYER_IDS.shops, LAYER_IDS.orders, LAYER_IDS.clusters];
const DATA_SOURCES = new Set<string>(Object.values(SOURCE_IDS));
export const isDataSource = (id: string | undefined): boolean => id !== undefined && DATA_SOURCES.has(id);

/** Orders closer than this (px) join a cluster; clusters stop above this zoom. */
export const CLUSTER_RADIUS = 44;
export const CLUSTER_MAX_ZOOM = 14;

export const clusterLayer: LayerProps = {
  id: LAYER_IDS.clusters,
  type: 'circle',
  source: SOURCE_IDS.orders,
  filter: ['has', 'point_count'],
  paint: {
    'circle-color': MAP_COLORS.order,
    'circle-radius': ['step', ['get', 'point_count'], 19, 10, 23, 50, 27],
    'circle-stroke-width': 3,
    'circle-stroke-color': '#ffffff',
  },
};

const COUNT_IMAGE = 'cluster-count-';

/**
 * Each cluster's count, white on its circle: an image per count, drawn on the phone
 * (provideMissingImage). It is the topmost layer (raiseClusterCounts), above the pins: a pin
 * on a lot full of orders stands on the cluster's middle, and its tail must not hide the count.
 */
export const clusterCountLayer: LayerProps = {
  id: LAYER_IDS.clusterCounts,
  type: 'symbol',
  source: SOURCE_IDS.orders,
  filter: ['has', 'point_count'],
  layout: {
    'icon-image': ['concat', COUNT_IMAGE, ['to-string', ['get', 'point_count']]],
    'icon-allow-overlap': true,
    'icon-ignore-placement': true,
  },
};

export const orderLayer: LayerProps = {
  id: LAYER_IDS.orders,
  type: 'circle',
  source: SOURCE_IDS.orders,
  filter: ['!', ['has', 'point_count']],
  paint: {
    'circle-color': ['case', ['==', ['get', 'rush'], 1], MAP_COLORS.rush, MAP_COLORS.order],
    'circle-radius': 11,
    'circle-stroke-width': 3,
    'circle-stroke-color': '#ffffff',
  },
};

const pinLayout = (image: string) =>
  ({
    'icon-image': image,
    'icon-anchor': 'bottom',
    'icon-allow-overlap': true,
    'icon-ignore-placement': true,
  }) as const;

export const dealerLayer: LayerProps = { id: LAYER_IDS.dealers, type: 'symbol', source: SOURCE_IDS.dealers, layout: pinLayout('pin-dealer') };
export const shopLayer: LayerProps = { id: LAYER_IDS.shops, type: 'symbol', source: SOURCE_IDS.shops, layout: pinLayout('pin-shop') };

type Glyph = 'square' | 'house';
/** How far above its position a pin's head (what a finger taps) is, in px. */
export const PIN_HEAD = 31;
/** The head's radius with its outline, in px: a tap within it is the pin's. */
export const PIN_HEAD_RADIUS = 17;
const PINS: Record<string, { color: string; glyph: Glyph }> = {
  'pin-dealer': { color: MAP_COLORS.dealer, glyph: 'square' },
  'pin-shop': { color: MAP_COLORS.shop, glyph: 'house' },
};

/**
 * A 34x50 pin (drawn at 2x) in `color` with a white glyph: a square (dealer) or a house
 * (shop). Its head stands high enough above the tip that an order cluster at the same place
 * (inventory on a dealer's lot) leaves the glyph visible.
 */
function drawPin(color: string, glyph: Glyph): ImageData | null {
  const ratio = 2;
  const canvas = document.createElement('canvas');
  canvas.width = 34 * ratio;
  canvas.height = 50 * ratio;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.scale(ratio, ratio);
  ctx.beginPath();
  ctx.moveTo(17, 48.5);
  ctx.bezierCurveTo(14, 38, 2, 28, 2, 17);
  ctx.arc(17, 17, 15, Math.PI, 0);
  ctx.bezierCurveTo(32, 28, 20, 38, 17, 48.5);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  if (glyph === 'square') {
    ctx.fillRect(11, 11, 12, 12);
  } else {
    ctx.beginPath();
    ctx.moveTo(17, 8);
    ctx.lineTo(26, 16);
    ctx.lineTo(23.5, 16);
    ctx.lineTo(23.5, 25);
    ctx.lineTo(10.5, 25);
    ctx.lineTo(10.5, 16);
    ctx.lineTo(8, 16);
    ctx.closePath();
    ctx.fill();
  }
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * Adds a pin the style asks for and lacks: every style switch (online ↔ offline) drops
 * added images, and maplibre asks again through `styleimagemissing`.
 */
export function provideMissingImage(map: MaplibreMap, id: string): void {
  if (map.hasImage(id)) return;
  const pin = PINS[id];
  const count = id.startsWith(COUNT_IMAGE) ? id.slice(COUNT_IMAGE.length) : null;
  const image = pin ? drawPin(pin.color, pin.glyph) : count ? drawCount(count) : null;
  if (image) map.addImage(id, image, { pixelRatio: 2 });
}

/** Keeps the cluster counts on top: react-map-gl adds each source's layers together, the pins' after the orders'. */
export function raiseClusterCounts(map: MaplibreMap): void {
  if (!map.getLayer(LAYER_IDS.clusterCounts)) return;
  const order = map.getLayersOrder();
  if (order[order.length - 1] !== LAYER_IDS.clusterCounts) map.moveLayer(LAYER_IDS.clusterCounts);
}

/** A cluster's count: bold 16 px white digits (7.96:1 on the cluster's #155679) outlined in that blue, so they read over a pin's tail too; drawn at 2x. */
function drawCount(text: string): ImageData | null {
  const ratio = 2;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const font = `700 ${16 * ratio}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
  ctx.font = font;
  canvas.width = Math.ceil(ctx.measureText(text).width) + 8 * ratio;
  canvas.height = 24 * ratio;
  ctx.font = font; // resizing the canvas reset it
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3 * ratio;
  ctx.strokeStyle = MAP_COLORS.order;
  ctx.strokeText(text, canvas.width / 2, canvas.height / 2 + ratio);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text, canvas.width / 2, canvas.height / 2 + ratio);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}
