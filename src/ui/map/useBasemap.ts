import type { StyleSpecification } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorEvent } from 'react-map-gl/maplibre';
import { loadOfflineStyle } from './basemap';
import { judgeMapError, type BasemapKind } from './basemapErrors';

export type { BasemapKind } from './basemapErrors';

/** The style's JSON must arrive within this, or the next basemap is drawn. */
const STYLE_TIMEOUT_MS = 10_000;

export interface BasemapSource {
  /** The browser's connectivity (the network is not even tried offline). */
  online: boolean;
  /** The online style the server named with the order map; null: only the shipped basemap. */
  styleUrl: string | null;
  /** When the phone last kept copies of that style around the orders (null: none kept): a new keep is worth another try. */
  keptAt: string | null;
}

export interface Basemap {
  kind: BasemapKind;
  /** What the map draws: null until the first style is known (the offline one is built on the phone). */
  style: string | StyleSpecification | null;
  /** The shipped basemap could not be loaded (a broken install): data layers still draw. */
  problem: string | null;
  /** The map's `error` events: a failing style or tiles switch to the next basemap. */
  onError: (event: ErrorEvent) => void;
  /** The map's `styledata`: the current style arrived. */
  onStyleData: () => void;
}

/**
 * Which basemap to draw, first that works: the online style while the browser is online and
 * it and its tiles load (the service worker answers with kept copies where the network fails);
 * offline, or once that failed, the copies of it kept around the orders; then the basemap
 * shipped with the app. Coming back online, or a new keep, tries again.
 */
export function useBasemap({ online, styleUrl, keptAt }: BasemapSource): Basemap {
  const [failed, setFailed] = useState<{ online: boolean; kept: boolean }>({ online: false, kept: false });
  const [offlineStyle, setOfflineStyle] = useState<StyleSpecification | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const kind: BasemapKind = styleUrl && online && !failed.online ? 'online' : styleUrl && keptAt && !failed.kept ? 'kept' : 'offline';
  const styleArrived = useRef(false);
  const tileErrors = useRef(0);
  // While the offline style is being built, keep drawing what was shown.
  const wanted = kind === 'offline' ? offlineStyle : styleUrl;
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    if (wanted) setShown(wanted);
  }, [wanted]);

  // The network came back: the online map is worth another try; new copies, the kept one.
  useEffect(() => {
    if (online) setFailed((f) => (f.online ? { ...f, online: false } : f));
  }, [online]);
  useEffect(() => {
    setFailed((f) => (f.kept ? { ...f, kept: false } : f));
  }, [keptAt, styleUrl]);

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

  // A style given to the map has not arrived yet. The kept copies draw the online style's URL:
  // a style already drawn online stays drawn when the kind changes.
  const drawn = wanted ?? shown;
  useEffect(() => {
    styleArrived.current = false;
    tileErrors.current = 0;
  }, [drawn]);
  useEffect(() => {
    if (kind === 'offline') return;
    const timer = setTimeout(() => {
      if (!styleArrived.current) setFailed((f) => ({ ...f, [kind]: true }));
    }, STYLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [kind]);

  const onError = useCallback(
    (event: ErrorEvent) => {
      const verdict = judgeMapError({
        basemap: kind,
        sourceId: (event as ErrorEvent & { sourceId?: string }).sourceId,
        status: (event.error as { status?: number } | undefined)?.status,
        styleArrived: styleArrived.current,
        tileErrors: tileErrors.current,
      });
      switch (verdict.action) {
        case 'ignore':
          if (kind !== 'kept') console.warn('map error', event.error);
          break;
        case 'count':
          tileErrors.current = verdict.tileErrors;
          break;
        case 'switch':
          if (kind !== 'offline') setFailed((f) => ({ ...f, [kind]: true }));
          break;
      }
    },
    [kind],
  );

  const onStyleData = useCallback(() => {
    styleArrived.current = true;
  }, []);

  return { kind, style: drawn, problem, onError, onStyleData };
}
