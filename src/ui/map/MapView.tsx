// The map itself (maplibre through react-map-gl): lazily loaded with its route, never in the
// first-load bundle. Orders cluster, dealers and shops have their own pins, a tap opens a
// popup, the view fits what is shown, the driver's position shows when permitted, and the
// basemap falls back to the one shipped with the app when the online one cannot load.
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import { Badge, Box, Button, Center, Spinner, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import MapGL, {
  GeolocateControl,
  Layer,
  NavigationControl,
  Popup,
  Source,
  type ErrorEvent,
  type MapEvent,
  type MapLayerMouseEvent,
  type MapRef,
  type PopupProps,
} from 'react-map-gl/maplibre';
import { boundsOf, selectionPositions, type KeptBasemap, type LatLon, type MapSelection } from '../../domain';
import { US_BOUNDS } from './basemap';
import { selectionFeatures, selectionSignature } from './features';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS,
  clusterCountLayer,
  clusterLayer,
  dealerLayer,
  orderLayer,
  PIN_HEAD,
  provideMissingImage,
  raiseClusterCounts,
  shopLayer,
  SOURCE_IDS,
} from './layers';
import { OrdersPlace, SitePlace } from './PlaceDetails';
import { QuietMarker } from './QuietMarker';
import { readRendered, tapAt, writeRendered, type Tapped } from './rendered';
import { useBasemap } from './useBasemap';
import { useOwnPosition } from './useOwnPosition';
import { registerTexts, t } from '../i18n';
import { map as mapTexts } from '../i18n/en/map';

registerTexts('map', mapTexts);

/** MapLibre's control texts in the driver's language (read when the map is made). */
const controlTexts = (): Record<string, string> => ({
  'Map.Title': t('map.controlMap'),
  'NavigationControl.ZoomIn': t('map.controlZoomIn'),
  'NavigationControl.ZoomOut': t('map.controlZoomOut'),
  'GeolocateControl.FindMyLocation': t('map.controlFindMe'),
  'GeolocateControl.LocationNotAvailable': t('map.controlNoLocation'),
  'AttributionControl.ToggleAttribution': t('map.controlAttribution'),
  'Popup.Close': t('map.controlClosePopup'),
  'Marker.Title': t('map.controlMarker'),
});

const FIT = { padding: 56, maxZoom: 13, duration: 0 } as const;
/** Where the popup sits from its point (by the side maplibre puts it on): clear of an order's circle, of a pin's head. */
function popupOffset(r: number, lift: number): PopupOffset {
  const d = r * Math.SQRT1_2;
  return {
    center: [0, 0],
    top: [0, lift ? 4 : r], // below the point: a pin stands above it
    bottom: [0, -r - lift],
    left: [r, -lift],
    right: [-r, -lift],
    'top-left': [d, d - lift],
    'top-right': [-d, d - lift],
    'bottom-left': [d, -d - lift],
    'bottom-right': [-d, -d - lift],
  };
}
type PopupOffset = Extract<NonNullable<PopupProps['offset']>, { center: unknown }>;
const POPUP_OFFSET = { orders: popupOffset(14, 0), site: popupOffset(17, PIN_HEAD) };

interface Props {
  selection: MapSelection;
  /** The browser's connectivity (the online basemap is not even tried offline). */
  online: boolean;
  /** The online style the server named (null: only the shipped basemap). */
  styleUrl: string | null;
  /** The copies of that style kept on the phone around the orders (null: none). */
  kept: KeptBasemap | null;
  /** The map could not start (no WebGL after all): the screen shows the list instead. */
  onBroken: (error: Error) => void;
}

type Open = Exclude<Tapped, { kind: 'zoom' } | null>;

const withPins = new WeakSet<object>();

export default function MapView({ selection, online, styleUrl, kept, onBroken }: Props) {
  const basemap = useBasemap({ online, styleUrl, keptAt: kept?.checked_at ?? null });
  const mapRef = useRef<MapRef | null>(null);
  // The pins are drawn on the phone and added when a style asks for them: the listener must
  // be on before the first style puts the data layers on the map.
  const attach = useCallback((ref: MapRef | null) => {
    mapRef.current = ref;
    const map = ref?.getMap();
    if (!map || withPins.has(map)) return;
    withPins.add(map);
    map.on('styleimagemissing', (e: { id: string }) => provideMissingImage(map, e.id));
    map.on('styledata', () => raiseClusterCounts(map));
  }, []);
  const boxRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const position = useOwnPosition();
  const features = useMemo(() => selectionFeatures(selection), [selection]);
  const signature = useMemo(() => selectionSignature(selection), [selection]);
  const bounds = useMemo(() => boundsOf(selectionPositions(selection)) ?? US_BOUNDS, [selection]);

  // Fit again only when what is shown changes (a sync rewriting the same snapshot does not
  // throw away where the driver has panned to).
  const fitted = useRef(signature);
  useEffect(() => {
    if (fitted.current === signature) return;
    fitted.current = signature;
    setOpen(null);
    mapRef.current?.fitBounds(bounds, FIT);
  }, [signature, bounds]);

  const basemapError = basemap.onError;
  const onError = useCallback(
    (event: ErrorEvent) => {
      // react-map-gl reports a map that could not be created (WebGL) with no target.
      if (!(event.target as unknown)) onBroken(event.error);
      else basemapError(event);
    },
    [basemapError, onBroken],
  );

  const onIdle = useCallback((event: MapEvent) => {
    const rendered = readRendered(event.target);
    if (!rendered || !boxRef.current) return;
    writeRendered(boxRef.current, rendered);
  }, []);

  const onClick = useCallback((event: MapLayerMouseEvent) => {
    const map = event.target;
    void tapAt(map, event.point).then((tapped) => {
      if (tapped?.kind === 'zoom') {
        setOpen(null);
        map.easeTo({ center: [tapped.lon, tapped.lat], zoom: tapped.zoom, duration: 400 });
        return;
      }
      setOpen(tapped);
      // A phone is narrow: the popup opens above its point, so the point moves to the
      // lower middle of the map, where the popup fits whole.
      if (tapped) map.easeTo({ center: [tapped.lon, tapped.lat], offset: [0, map.getContainer().clientHeight * 0.3], duration: 300 });
    });
  }, []);

  const onLoad = useCallback((event: MapEvent) => {
    // Drivers never want a rotated or tilted map.
    event.target.touchZoomRotate.disableRotation();
  }, []);

  if (!basemap.style) {
    return (
      <Center h="full" bg="appBg" rounded="l3" role="status">
        <Spinner size="lg" color="primary.solid" borderWidth="3px" />
        <Text ms="3" color="fg.muted">
          {t('map.loading')}
        </Text>
      </Center>
    );
  }

  return (
    <Box
      ref={boxRef}
      className="driver-map"
      position="relative"
      h="full"
      rounded="l3"
      overflow="hidden"
      borderWidth="1px"
      borderColor="border.emphasized"
      data-testid="order-map"
      data-basemap={basemap.kind}
      data-kept-tiles={kept?.tiles ?? 0}
    >
      <MapGL
        ref={attach}
        initialViewState={{ bounds, fitBoundsOptions: FIT }}
        mapStyle={basemap.style}
        styleDiffing={false}
        maxZoom={18}
        dragRotate={false}
        pitchWithRotate={false}
        touchPitch={false}
        attributionControl={{ compact: true }}
        locale={controlTexts()}
        onLoad={onLoad}
        onError={onError}
        onStyleData={basemap.onStyleData}
        onIdle={onIdle}
        onClick={onClick}
      >
        {/* Added in drawing order: dealer and shop pins above the order clusters (their counts are raised above all), so a pin on a lot full of orders stays whole and tappable. */}
        <Source id={SOURCE_IDS.orders} type="geojson" data={features.orders} cluster clusterRadius={CLUSTER_RADIUS} clusterMaxZoom={CLUSTER_MAX_ZOOM}>
          <Layer {...clusterLayer} />
          <Layer {...clusterCountLayer} />
          <Layer {...orderLayer} />
        </Source>
        <Source id={SOURCE_IDS.shops} type="geojson" data={features.shops}>
          <Layer {...shopLayer} />
        </Source>
        <Source id={SOURCE_IDS.dealers} type="geojson" data={features.dealers}>
          <Layer {...dealerLayer} />
        </Source>
        {position ? <OwnPosition at={position} /> : null}
        <NavigationControl position="top-right" showCompass={false} />
        <GeolocateControl position="top-right" trackUserLocation positionOptions={{ enableHighAccuracy: true }} showAccuracyCircle={false} />
        {open ? (
          <Popup
            longitude={open.lon}
            latitude={open.lat}
            offset={open.kind === 'orders' ? POPUP_OFFSET.orders : POPUP_OFFSET.site}
            anchor="bottom"
            maxWidth="300px"
            closeOnClick={false}
            onClose={() => setOpen(null)}
            className="driver-map-popup"
          >
            <PopupBody open={open} selection={selection} />
          </Popup>
        ) : null}
      </MapGL>
      {/* Over the map's credit line (same layer as maplibre's controls, later: on top), which at a
          large text size reaches it; under an open popup (map.css). */}
      <Button
        position="absolute"
        zIndex="2"
        bottom="2"
        left="2"
        size="sm"
        colorPalette="primary"
        variant="outline"
        bg="bg"
        boxShadow="sm"
        data-testid="show-all"
        onClick={() => {
          setOpen(null);
          mapRef.current?.fitBounds(bounds, { ...FIT, duration: 400 });
        }}
      >
        {t('map.showAll')}
      </Button>
      {basemap.kind !== 'online' ? (
        <Badge position="absolute" top="2" left="2" colorPalette="yellow" variant="solid" size="md" boxShadow="sm" data-testid="offline-badge">
          {t('map.offlineMap')}
        </Badge>
      ) : null}
      {basemap.problem ? (
        <Text position="absolute" bottom="2" left="2" right="14" bg="bg" p="2" rounded="l2" fontSize="md" role="status">
          {basemap.problem}
        </Text>
      ) : null}
    </Box>
  );
}

function PopupBody({ open, selection }: { open: Open; selection: MapSelection }) {
  switch (open.kind) {
    case 'orders': {
      const wanted = new Set(open.keys);
      return <OrdersPlace orders={selection.orders.filter((o) => wanted.has(o.id))} />;
    }
    case 'dealer': {
      const dealer = selection.dealers.find((d) => `dealer-${d.id}` === open.key);
      return dealer ? <SitePlace site={{ kind: 'dealer', value: dealer }} /> : null;
    }
    case 'shop': {
      const shop = selection.shops.find((s) => `shop-${s.id}` === open.key);
      return shop ? <SitePlace site={{ kind: 'shop', value: shop }} /> : null;
    }
  }
}

/** The driver's own position: maplibre's own dot, labelled for screen readers. */
function OwnPosition({ at }: { at: LatLon }) {
  return (
    <QuietMarker longitude={at.lon} latitude={at.lat} label={t('map.yourPosition')}>
      <div className="maplibregl-user-location-dot" data-testid="own-position" />
    </QuietMarker>
  );
}
