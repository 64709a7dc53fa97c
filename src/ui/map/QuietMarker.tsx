import type { Marker as MaplibreMarker } from 'maplibre-gl';
import { useEffect, useRef, type ReactNode } from 'react';
import { Marker } from 'react-map-gl/maplibre';

interface Props {
  longitude: number;
  latitude: number;
  /** Read out as an image when given; otherwise the marker is hidden from screen readers. */
  label?: string;
  children: ReactNode;
}

/**
 * An HTML marker that is not a control: maplibre makes every marker a button named "Map
 * marker"; these (the driver's dot) take no taps (pointer-events: none).
 */
export function QuietMarker({ longitude, latitude, label, children }: Props) {
  const ref = useRef<MaplibreMarker>(null);
  // Runs after react-map-gl's own effect has added the marker (children's effects run first).
  useEffect(() => {
    const el = ref.current?.getElement();
    if (!el) return;
    el.removeAttribute('tabindex');
    if (label) {
      el.setAttribute('role', 'img');
      el.setAttribute('aria-label', label);
    } else {
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
      el.setAttribute('aria-hidden', 'true');
    }
  }, [label]);
  return (
    <Marker ref={ref} longitude={longitude} latitude={latitude} anchor="center" style={{ pointerEvents: 'none' }}>
      {children}
    </Marker>
  );
}
