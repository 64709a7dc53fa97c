import { useLayoutEffect, useState, type RefObject } from 'react';

export interface RowWindow {
  /** The first and last row (inclusive) to render; last < first when there is none. */
  first: number;
  last: number;
}

/**
 * Which rows of a list of equal-height rows are near the screen, on the page's own scroll:
 * arithmetic on the scroll position, the list's top and the row height. A general virtualizer
 * keeps a measurement per row and rebuilt 10,000 of them whenever a keystroke changed the
 * result's length; every card here has the same height (each line is truncated), so none is
 * needed. Re-renders only when the first or last row changes.
 */
export function useWindowRows(listRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): RowWindow {
  const [range, setRange] = useState<RowWindow>({ first: 0, last: Math.min(count, 12) - 1 });
  useLayoutEffect(() => {
    const update = (): void => {
      const list = listRef.current;
      if (!list || rowHeight <= 0) return;
      // Where the list's top is relative to the viewport: negative once scrolled past.
      const top = list.getBoundingClientRect().top;
      const first = Math.max(0, Math.floor(-top / rowHeight) - overscan);
      const last = Math.min(count - 1, Math.ceil((window.innerHeight - top) / rowHeight) + overscan);
      setRange((current) => (current.first === first && current.last === last ? current : { first, last }));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [listRef, count, rowHeight, overscan]);
  return range;
}
