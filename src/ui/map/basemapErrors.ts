// When the basemap drawn counts as failed (pure, so it is unit-tested). Online: the style not
// arriving, or a request that got no answer, switches at once; HTTP errors of tiles are counted
// (one missing tile is no outage). On the copies kept on the phone: only the style not arriving
// does (a tile outside the kept area is simply not there). Errors of the app's own data sources
// and of the shipped basemap never do.
import { isDataSource } from './layers';

/** HTTP errors of online tiles tolerated before switching to the next basemap. */
export const TILE_ERRORS_TOLERATED = 3;

/** The online style from the network, its copies kept on the phone, or the basemap shipped with the app. */
export type BasemapKind = 'online' | 'kept' | 'offline';

export interface MapErrorFacts {
  /** The basemap being drawn. */
  basemap: BasemapKind;
  /** The source the error is about (maplibre sets it for tile and source errors). */
  sourceId?: string;
  /** The HTTP status of a failed request; absent when no answer came (network down). */
  status?: number;
  /** Whether the style's JSON has arrived. */
  styleArrived: boolean;
  /** HTTP tile errors counted so far on this style. */
  tileErrors: number;
}

export type MapErrorVerdict = { action: 'ignore' } | { action: 'count'; tileErrors: number } | { action: 'switch' };

export function judgeMapError(facts: MapErrorFacts): MapErrorVerdict {
  if (facts.basemap === 'offline' || isDataSource(facts.sourceId)) return { action: 'ignore' };
  if (!facts.styleArrived) return { action: 'switch' };
  if (facts.basemap === 'kept') return { action: 'ignore' };
  if (!facts.status) return { action: 'switch' };
  const tileErrors = facts.tileErrors + 1;
  return tileErrors >= TILE_ERRORS_TOLERATED ? { action: 'switch' } : { action: 'count', tileErrors };
}
