// The selection as GeoJSON for the map's sources. Features carry only a key: a tap looks the
// full record up in the selection, so a popup always shows the snapshot's current values.
import type { FeatureCollection, Point } from 'geojson';
import type { LatLon, MapSelection } from '../../domain';

export interface PointProps {
  key: string;
  /** 1 for a rush order (clustered sources keep numbers best). */
  rush?: number;
}

function point(position: LatLon, properties: PointProps): FeatureCollection<Point, PointProps>['features'][number] {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [position.lon, position.lat] }, properties };
}

export interface SelectionFeatures {
  orders: FeatureCollection<Point, PointProps>;
  dealers: FeatureCollection<Point, PointProps>;
  shops: FeatureCollection<Point, PointProps>;
}

export function selectionFeatures(selection: MapSelection): SelectionFeatures {
  return {
    orders: {
      type: 'FeatureCollection',
      features: selection.orders.map((o) => point(o.coordinates, { key: o.id, rush: o.is_rush_order ? 1 : 0 })),
    },
    dealers: { type: 'FeatureCollection', features: selection.dealers.map((d) => point(d.coordinates, { key: `dealer-${d.id}` })) },
    shops: { type: 'FeatureCollection', features: selection.shops.map((s) => point(s.coordinates, { key: `shop-${s.id}` })) },
  };
}

/** A stable name of what is shown: the view is fitted again only when it changes. */
export function selectionSignature(selection: MapSelection): string {
  return [...selection.orders.map((o) => o.id), ...selection.dealers.map((d) => `d${d.id}`), ...selection.shops.map((s) => `s${s.id}`)].sort().join(',');
}
