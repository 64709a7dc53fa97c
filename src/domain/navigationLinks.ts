// Turn-by-turn navigation is left to the phone's own map apps: these are the links that
// open them on a destination. Pure: the UI decides which to offer.

export interface LatLon {
  lat: number;
  lon: number;
}

export interface NavigationLinks {
  /** Android's geo: URI (any installed map app): `geo:lat,lon?q=lat,lon(label)`. */
  geo: string;
  /** Apple Maps directions (opens the app on iPhones, the web map elsewhere). */
  apple: string;
  /** Google Maps directions (the app when installed, else the web). */
  google: string;
}

/**
 * Whether a position is one a driver can be sent to: finite, on the globe, and not the
 * 0,0 a missing geocode often becomes (Null Island is in the Gulf of Guinea).
 */
export function isUsablePosition(position: Partial<LatLon> | null | undefined): position is LatLon {
  if (!position) return false;
  const { lat, lon } = position;
  if (typeof lat !== 'number' || typeof lon !== 'number') return false;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return false;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return false;
  return !(lat === 0 && lon === 0);
}

/** Degrees with at most 6 decimals (about 10 cm), without trailing zeros. */
function degrees(value: number): string {
  return String(Number(value.toFixed(6)));
}

/**
 * The label inside geo:'s `(…)`: parentheses would end it early, so they become spaces,
 * and the rest is percent-encoded (spaces, commas, &, #, accents).
 */
function geoLabel(label: string): string {
  const clean = label.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
  return encodeURIComponent(clean);
}

/** The three links for a destination; the label names it in the geo: link only. */
export function navigationLinks(to: LatLon, label = ''): NavigationLinks {
  const at = `${degrees(to.lat)},${degrees(to.lon)}`;
  const name = geoLabel(label);
  return {
    geo: `geo:${at}?q=${at}${name ? `(${name})` : ''}`,
    apple: `https://maps.apple.com/?daddr=${at}`,
    google: `https://www.google.com/maps/dir/?api=1&destination=${at}`,
  };
}
