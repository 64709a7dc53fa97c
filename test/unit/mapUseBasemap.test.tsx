// @vitest-environment happy-dom
// Which basemap the map draws (src/ui/map/useBasemap.ts, issue 25): the online style, then its
// copies kept on the phone, then the basemap shipped with the app.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorEvent } from 'react-map-gl/maplibre';
import { useBasemap, type BasemapSource } from '../../src/ui/map/useBasemap';

// The shipped style's own build is tested in mapBasemap.test.ts; here it only has to be told apart.
const SHIPPED = { version: 8, name: 'shipped', sources: {}, layers: [] };
vi.mock('../../src/ui/map/basemap', () => ({ loadOfflineStyle: () => Promise.resolve(SHIPPED) }));

const STYLE = 'https://tiles.test/style.json';
const KEPT_AT = '2026-11-27T08:00:00.000Z';
/** A map error as maplibre reports it: a tile or the style, with or without an HTTP answer. */
const mapError = (facts: { sourceId?: string; status?: number }) => ({ error: { status: facts.status }, sourceId: facts.sourceId }) as unknown as ErrorEvent;

function render(source: BasemapSource) {
  return renderHook((props: BasemapSource) => useBasemap(props), { initialProps: source });
}

describe('useBasemap', { timeout: 20_000 }, () => {
  it('online: the style the server named', () => {
    const { result } = render({ online: true, styleUrl: STYLE, keptAt: null });
    expect(result.current.kind).toBe('online');
    expect(result.current.style).toBe(STYLE);
  });

  it('offline with copies kept: the same style, answered from them; without: the shipped basemap', async () => {
    const kept = render({ online: false, styleUrl: STYLE, keptAt: KEPT_AT });
    expect(kept.result.current.kind).toBe('kept');
    expect(kept.result.current.style).toBe(STYLE);
    const none = render({ online: false, styleUrl: STYLE, keptAt: null });
    expect(none.result.current.kind).toBe('offline');
    await waitFor(() => expect(none.result.current.style).toEqual(SHIPPED));
    const noStyle = render({ online: true, styleUrl: null, keptAt: KEPT_AT });
    expect(noStyle.result.current.kind).toBe('offline');
  });

  it('a request with no answer online goes to the kept copies (same style, nothing reloaded); a tile outside them is no failure', () => {
    const { result, rerender } = render({ online: true, styleUrl: STYLE, keptAt: KEPT_AT });
    act(() => result.current.onStyleData());
    act(() => result.current.onError(mapError({ sourceId: 'openmaptiles' })));
    expect(result.current.kind).toBe('kept');
    expect(result.current.style).toBe(STYLE);
    // A tile outside the kept area is no failure of the kept copies.
    act(() => result.current.onError(mapError({ sourceId: 'openmaptiles', status: 404 })));
    expect(result.current.kind).toBe('kept');

    // The signal returns: the online style is tried again.
    rerender({ online: false, styleUrl: STYLE, keptAt: KEPT_AT });
    rerender({ online: true, styleUrl: STYLE, keptAt: KEPT_AT });
    expect(result.current.kind).toBe('online');
  });

  it('a map started offline whose kept style does not arrive (storage cleared) draws the shipped basemap', async () => {
    const { result } = render({ online: false, styleUrl: STYLE, keptAt: KEPT_AT });
    expect(result.current.kind).toBe('kept');
    act(() => result.current.onError(mapError({})));
    expect(result.current.kind).toBe('offline');
    await waitFor(() => expect(result.current.style).toEqual(SHIPPED));
  });
});
