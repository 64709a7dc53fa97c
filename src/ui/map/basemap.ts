// The basemap shipped with the app. The online style comes from the server with the order map
// (MAP_STYLE_URL), and offline its copies kept around the orders (src/replication/mapTiles);
// where neither can draw, this style built on the phone from the US states and counties that
// ship with the app (us-atlas, US Census Bureau) draws with no network at all: a background,
// land, county and state outlines, no text (so no glyphs or sprites).
import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';

/** The ids of the offline style's layers (tests count their rendered features). */
export const OFFLINE_LAYERS = { land: 'offline-land', counties: 'offline-counties', states: 'offline-states' } as const;

/** The lower 48 and Alaska/Hawaii aside: where the map opens with nothing to show. */
export const US_BOUNDS: [[number, number], [number, number]] = [
  [-125, 24.5],
  [-66.9, 49.5],
];

type UsAtlas = Topology<{ counties: GeometryCollection; states: GeometryCollection; nation: GeometryCollection }>;

/** County ids are FIPS codes ("42071"): the first two digits name the state. */
const stateOf = (g: GeometryObject): string => String(g.id ?? '').slice(0, 2);

async function buildOfflineStyle(): Promise<StyleSpecification> {
  // The TopoJSON ships as a string in its own chunk (precached by the service worker): no
  // request at run time, and TypeScript never infers a type for the 840 KB file.
  const { default: text } = await import('us-atlas/counties-10m.json?raw');
  const us = JSON.parse(text) as UsAtlas;
  const attribution = 'US Census Bureau (us-atlas)';
  return {
    version: 8,
    name: 'Driver App offline basemap',
    sources: {
      'us-land': { type: 'geojson', data: feature(us, us.objects.states), attribution },
      // Shared borders only, each drawn once: county lines inside a state, then state lines.
      'us-county-lines': { type: 'geojson', data: mesh(us, us.objects.counties, (a, b) => a !== b && stateOf(a) === stateOf(b)) },
      'us-state-lines': { type: 'geojson', data: mesh(us, us.objects.states, (a, b) => a !== b) },
      'us-coast': { type: 'geojson', data: mesh(us, us.objects.nation) },
    },
    layers: [
      // Outside the US (sea, Canada, Mexico): a cool grey the land stands out from.
      { id: 'offline-background', type: 'background', paint: { 'background-color': '#cdd7e1' } },
      { id: OFFLINE_LAYERS.land, type: 'fill', source: 'us-land', paint: { 'fill-color': '#f6f4ee' } },
      {
        id: OFFLINE_LAYERS.counties,
        type: 'line',
        source: 'us-county-lines',
        minzoom: 5,
        paint: { 'line-color': '#b9b3a5', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.5, 10, 1.5] },
      },
      {
        id: OFFLINE_LAYERS.states,
        type: 'line',
        source: 'us-state-lines',
        paint: { 'line-color': '#6f6a5e', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 1, 10, 2.5] },
      },
      { id: 'offline-coast', type: 'line', source: 'us-coast', paint: { 'line-color': '#6f6a5e', 'line-width': 1 } },
    ],
  };
}

let offlineStyle: Promise<StyleSpecification> | null = null;

/** The offline style, built once per page (parsing and meshing take a moment on a phone). */
export function loadOfflineStyle(): Promise<StyleSpecification> {
  offlineStyle ??= buildOfflineStyle().catch((error: unknown) => {
    offlineStyle = null; // a chunk that failed to load may load on the next try
    throw error;
  });
  return offlineStyle;
}
