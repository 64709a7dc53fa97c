import type { StyleSpecification } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorEvent } from 'react-map-gl/maplibre';
import { loadOfflineStyle, ONLINE_STYLE_URL } from './basemap';
import { judgeMapError } from './basemapErrors';

/** The online style's JSON must arrive within this, or the shipped basemap is used. */
const STYLE_TIMEOUT_MS = 10_000;

export type BasemapKind = 'online' | 'offline';

export interface Basemap {
  kind: BasemapKind;
  /** What the map draws: null until the first style is known (the offline one is built on the phone). */
  style: string | StyleSpecification | null;
  /** The shipped basemap could not be loaded (a broken install): data layers still draw. */
  problem: string | null;
  /** The map's `error` events: a failing online style or tiles switch to the offline style. */
  onError: (event: ErrorEvent) => void;
  /** The map's `styledata`: the current style arrived. */
  onStyleData: () => void;
}

/**
 * Which basemap to draw: online while the browser is online and the online style and its
 * tiles load; the shipped offline basemap when the browser is offline, when the style does
 * not arrive within 10 s, or when it or its tiles fail. Coming back online tries again.
 */
export function useBasemap(online: boolean): Basemap {
  const [failed, setFailed] = useState(false);
  const [offlineStyle, setOfflineStyle] = useState<StyleSpecification | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const kind: BasemapKind = online && !failed && ONLINE_STYLE_URL !== '' ? 'online' : 'offline';
  const styleArrived = useRef(false);
  const tileErrors = useRef(0);
  // While the offline style is being built, keep drawing what was shown.
  const wanted = kind === 'online' ? ONLINE_STYLE_URL : offlineStyle;
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    if (wanted) setShown(wanted);
  }, [wanted]);

  // The network came back: the online map is worth another try.
  useEffect(() => {
    if (online) setFailed(false);
  }, [online]);

  useEffect(() => {
    if (kind !== 'offline' || offlineStyle) return;
    let live = true;
    loadOfflineStyle().then(
      (style) => {
        if (live) setOfflineStyle(style);
      },
      (error: unknown) => {
        console.error('offline basemap failed to load', error);
        if (live) setProblem('The offline basemap could not be loaded. Orders, dealers and shops are still shown.');
      },
    );
    return () => {
      live = false;
    };
  }, [kind, offlineStyle]);

  useEffect(() => {
    if (kind !== 'online') return;
    styleArrived.current = false;
    tileErrors.current = 0;
    const timer = setTimeout(() => {
      if (!styleArrived.current) setFailed(true);
    }, STYLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [kind]);

  const onError = useCallback(
    (event: ErrorEvent) => {
      const verdict = judgeMapError({
        online: kind === 'online',
        sourceId: (event as ErrorEvent & { sourceId?: string }).sourceId,
        status: (event.error as { status?: number } | undefined)?.status,
        styleArrived: styleArrived.current,
        tileErrors: tileErrors.current,
      });
      switch (verdict.action) {
        case 'ignore':
          console.warn('map error', event.error);
          break;
        case 'count':
          tileErrors.current = verdict.tileErrors;
          break;
        case 'switch':
          setFailed(true);
          break;
      }
    },
    [kind],
  );

  const onStyleData = useCallback(() => {
    styleArrived.current = true;
  }, []);

  return { kind, style: wanted ?? shown, problem, onError, onStyleData };
}
