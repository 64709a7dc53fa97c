import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface RowWindow {
  /** The first and last row (inclusive) to render; last < first when there is none. */
  first: number;
  last: number;
}

/** Where the list and the screen are, in page coordinates, as last read from the page. */
interface Geometry {
  listTop: number;
  scrollY: number;
  viewport: number;
}

/** The rows of a list of equal-height rows that are on screen, plus `overscan` on each side. */
export function windowOf(geometry: Geometry, count: number, rowHeight: number, overscan: number): RowWindow {
  if (rowHeight <= 0 || count <= 0) return { first: 0, last: -1 };
  const top = geometry.listTop - geometry.scrollY;
  const first = Math.max(0, Math.floor(-top / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((geometry.viewport - top) / rowHeight) + overscan);
  return { first, last };
}

/**
 * Which rows of a list of equal-height rows are near the screen, on the page's own scroll:
 * arithmetic on the scroll position, the list's top and the row height. A general virtualizer
 * keeps a measurement per row and rebuilt 10,000 of them whenever a keystroke changed the
 * result's length; every card here has the same height (each line is truncated), so none is
 * needed. Re-renders only when the first or last row changes.
 *
 * The page is read (a layout) only on mount, scroll and resize. A new row count (a search
 * keystroke) reuses the last reading: reading the page there forced the browser to lay out
 * inside React's commit, and the list's top does not move when only its length changes.
 */
export function useWindowRows(listRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): RowWindow {
  const [range, setRange] = useState<RowWindow>({ first: 0, last: Math.min(count, 12) - 1 });
  const geometry = useRef<Geometry | null>(null);
  const countNow = useRef(count);
  const apply = (next: RowWindow): void => setRange((current) => (current.first === next.first && current.last === next.last ? current : next));
  useLayoutEffect(() => {
    const read = (): void => {
      const list = listRef.current;
      if (!list) return;
      const scrollY = window.scrollY;
      geometry.current = { listTop: list.getBoundingClientRect().top + scrollY, scrollY, viewport: window.innerHeight };
      apply(windowOf(geometry.current, countNow.current, rowHeight, overscan));
    };
    read();
    window.addEventListener('scroll', read, { passive: true });
    window.addEventListener('resize', read);
    return () => {
      window.removeEventListener('scroll', read);
      window.removeEventListener('resize', read);
    };
  }, [listRef, rowHeight, overscan]);
  useLayoutEffect(() => {
    countNow.current = count;
    // A shorter page clamps the scroll, and that scroll event reads the page again.
    if (geometry.current) apply(windowOf(geometry.current, count, rowHeight, overscan));
  }, [count, rowHeight, overscan]);
  return range;
}
