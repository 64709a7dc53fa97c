import { useEffect, useState } from 'react';
import type { LatLon } from '../../domain';

/**
 * The driver's position while the map is open, only when location is already permitted:
 * this never asks (the locate button asks, once, when tapped), so a refusal never turns
 * into a prompt on every visit. Null when unknown, not permitted or not supported.
 */
export function useOwnPosition(): LatLon | null {
  const [position, setPosition] = useState<LatLon | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator) || !('permissions' in navigator)) return;
    let live = true;
    let watch: number | null = null;
    let status: PermissionStatus | null = null;
    const stop = (): void => {
      if (watch !== null) navigator.geolocation.clearWatch(watch);
      watch = null;
    };
    const follow = (): void => {
      if (!live || !status) return;
      if (status.state !== 'granted') {
        stop();
        setPosition(null);
        return;
      }
      watch ??= navigator.geolocation.watchPosition(
        (p) => setPosition({ lat: p.coords.latitude, lon: p.coords.longitude }),
        () => setPosition(null),
        { enableHighAccuracy: true, maximumAge: 30_000, timeout: 60_000 },
      );
    };
    navigator.permissions.query({ name: 'geolocation' }).then(
      (s) => {
        status = s;
        s.addEventListener('change', follow);
        follow();
      },
      () => undefined, // no Permissions API for geolocation: only the locate button asks
    );
    return () => {
      live = false;
      status?.removeEventListener('change', follow);
      stop();
    };
  }, []);
  return position;
}
