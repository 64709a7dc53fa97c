import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface RowWindow {
  /** The first and last row (inclusive) to render; last < first when there is none. */
  first: number;
  last: number;
}

/** Where the list and the screen are, in page coordinates, as last read from the page. */
export interface Geometry {
  listTop: number;
  scrollY: number;
  viewport: number;
}

/**
 * Where each row of a list of rows of different heights starts, summed from the top only as
 * far as asked: a keystroke at the top of 10,000 orders sums the rows on screen, not 10,000.
 * `sizeOf(i)` is row i's measured height, or an estimate for a row never shown.
 */
export class RowOffsets {
  /** ends[i]: the bottom of row i, for i < done. */
  private readonly ends: Float64Array;
  private done = 0;

  constructor(
    readonly count: number,
    private readonly sizeOf: (index: number) => number,
  ) {
    this.ends = new Float64Array(count);
  }

  private sumTo(index: number): void {
    let end = this.done > 0 ? (this.ends[this.done - 1] ?? 0) : 0;
    for (let i = this.done; i <= index && i < this.count; i++) {
      end += this.sizeOf(i);
      this.ends[i] = end;
    }
    this.done = Math.max(this.done, Math.min(index + 1, this.count));
  }

  /** The top of row `index`. */
  top(index: number): number {
    if (index <= 0 || this.count === 0) return 0;
    const before = Math.min(index, this.count) - 1;
    this.sumTo(before);
    return this.ends[before] ?? 0;
  }

  /** The height of the whole list. */
  total(): number {
    return this.top(this.count);
  }

  /** The row at `y` (the first whose bottom is below it), clamped to the list. */
  indexAt(y: number): number {
    if (this.count === 0) return -1;
    while (this.done < this.count && (this.done === 0 || (this.ends[this.done - 1] ?? 0) <= y)) this.sumTo(this.done + 63);
    let low = 0;
    let high = this.done - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.ends[mid] ?? 0) <= y) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** The rows that are on screen, plus `overscan` on each side. */
export function windowOf(geometry: Geometry, offsets: RowOffsets, overscan: number): RowWindow {
  if (offsets.count <= 0) return { first: 0, last: -1 };
  const top = geometry.listTop - geometry.scrollY;
  const first = Math.max(0, offsets.indexAt(-top) - overscan);
  const last = Math.min(offsets.count - 1, offsets.indexAt(geometry.viewport - top) + overscan);
  return { first, last };
}

/**
 * Which rows of a list are near the screen, on the page's own scroll: the scroll position and
 * the list's top against the rows' offsets (measured heights, RowOffsets). Re-renders only
 * when the first or last row changes.
 *
 * The page is read (a layout) only on mount, scroll and resize. New offsets (a search
 * keystroke, a row measured) reuse the last reading: reading the page there forced the
 * browser to lay out inside React's commit, and the list's top does not move when only its
 * rows change.
 */
export function useWindowRows(
  listRef: RefObject<HTMLElement | null>,
  offsets: RowOffsets,
  overscan: number,
): RowWindow & { geometry: RefObject<Geometry | null> } {
  const [range, setRange] = useState<RowWindow>({ first: 0, last: Math.min(offsets.count, 12) - 1 });
  const geometry = useRef<Geometry | null>(null);
  const offsetsNow = useRef(offsets);
  const apply = (next: RowWindow): void => setRange((current) => (current.first === next.first && current.last === next.last ? current : next));
  useLayoutEffect(() => {
    const read = (): void => {
      const list = listRef.current;
      if (!list) return;
      const scrollY = window.scrollY;
      geometry.current = { listTop: list.getBoundingClientRect().top + scrollY, scrollY, viewport: window.innerHeight };
      apply(windowOf(geometry.current, offsetsNow.current, overscan));
    };
    read();
    window.addEventListener('scroll', read, { passive: true });
    window.addEventListener('resize', read);
    return () => {
      window.removeEventListener('scroll', read);
      window.removeEventListener('resize', read);
    };
  }, [listRef, overscan]);
  useLayoutEffect(() => {
    offsetsNow.current = offsets;
    // A shorter page clamps the scroll, and that scroll event reads the page again.
    if (geometry.current) apply(windowOf(geometry.current, offsets, overscan));
  }, [offsets, overscan]);
  return { ...range, geometry };
}
