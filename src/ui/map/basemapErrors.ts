// When the online basemap counts as failed (pure, so it is unit-tested): the style itself
// not arriving, or a request that got no answer, switches at once; HTTP errors of tiles are
// counted (one missing tile is no outage). Errors of the app's own data sources never do.
import { isDataSource } from './layers';

/** HTTP errors of online tiles tolerated before switching to the shipped basemap. */
export const TILE_ERRORS_TOLERATED = 3;

export interface MapErrorFacts {
  /** Whether the online basemap is the one being drawn. */
  online: boolean;
  /** The source the error is about (maplibre sets it for tile and source errors). */
  sourceId?: string;
  /** The HTTP status of a failed request; absent when no answer came (network down). */
  status?: number;
  /** Whether the online style's JSON has arrived. */
  styleArrived: boolean;
  /** HTTP tile errors counted so far on this style. */
  tileErrors: number;
}

export type MapErrorVerdict = { action: 'ignore' } | { action: 'count'; tileErrors: number } | { action: 'switch' };

export function judgeMapError(facts: MapErrorFacts): MapErrorVerdict {
  if (!facts.online || isDataSource(facts.sourceId)) return { action: 'ignore' };
  if (!facts.styleArrived || !facts.status) return { action: 'switch' };
  const tileErrors = facts.tileErrors + 1;
  return tileErrors >= TILE_ERRORS_TOLERATED ? { action: 'switch' } : { action: 'count', tileErrors };
}
