import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

export interface RowSizes {
  /** A row's measured height in px, or the estimate for a row never shown. */
  sizeOf: (key: string) => number;
  /** The smallest row height seen (or the estimate): how many rows a screen can hold. */
  smallest: number;
  /** Changes whenever a measurement does: offsets summed from sizeOf are stale then. */
  version: number;
}

/**
 * Heights of the rows of a windowed list (each row an element with `data-row-key`, a direct
 * child of the list), measured by the browser: a card grows with the driver's text size and
 * wraps its lines instead of cutting them, so rows differ.
 *
 * One ResizeObserver watches every row element. A slot element that shows another row is
 * observed afresh, and a first observation always reports: a row exactly as tall as the one
 * the slot showed before is measured too. The observer reports after the browser laid the
 * rows out and before it paints, and the list renders again with the new heights at once
 * (flushSync): no painted frame has rows on top of each other. A row above the screen that
 * turns out taller or shorter than was assumed scrolls the page by as much, so what the driver
 * sees stays put.
 *
 * `estimateRem`: a row's height before any was measured, in rem (it follows the text size).
 * The first rows measured then set the estimate for rows never shown, once: an estimate moving
 * with every measurement would move every row below thousands of unmeasured ones.
 */
export function useRowSizes(listRef: RefObject<HTMLElement | null>, estimateRem: number): RowSizes {
  const [store] = useState(() => keptStore(estimateRem));
  const [version, setVersion] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const observedKey = useRef(new WeakMap<Element, string>());

  useLayoutEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const { changed, shift } = store.record(entries);
      if (!changed) return;
      flushSync(() => setVersion((v) => v + 1));
      if (shift !== 0) window.scrollBy(0, shift);
    });
    observer.current = ro;
    // A new width (the phone turned) re-wraps every card: the next rows measured set a new estimate.
    const widthChanged = (): void => store.forgetEstimate();
    window.addEventListener('resize', widthChanged);
    return () => {
      window.removeEventListener('resize', widthChanged);
      ro.disconnect();
      observer.current = null;
    };
  }, [store]);

  // After every render: observe afresh each row element that now shows another row.
  useLayoutEffect(() => {
    const list = listRef.current;
    const ro = observer.current;
    if (!list || !ro) return;
    for (const row of Array.from(list.children)) {
      const key = (row as HTMLElement).dataset.rowKey;
      if (!key || observedKey.current.get(row) === key) continue;
      observedKey.current.set(row, key);
      ro.unobserve(row);
      ro.observe(row);
    }
  });

  return { sizeOf: store.sizeOf, smallest: store.smallestOrEstimate(), version };
}

/**
 * The heights outlive the list (kept for the page's life, for one width and text size): Home
 * opened again places the rows seen before by their measured heights, not by the estimate.
 */
let kept: SizeStore | null = null;

function keptStore(estimateRem: number): SizeStore {
  const rootPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const layout = `${document.documentElement.clientWidth}:${rootPx}`;
  if (kept?.layout !== layout) kept = new SizeStore(layout, estimateRem * rootPx);
  return kept;
}

/** The measured heights by row key, and the estimate for the rest. */
class SizeStore {
  private readonly sizes = new Map<string, number>();
  private estimate: number | null = null;
  private smallest = Infinity;

  constructor(
    /** The width and text size the heights were measured at. */
    readonly layout: string,
    private readonly initial: number,
  ) {}

  readonly sizeOf = (key: string): number => this.sizes.get(key) ?? this.estimate ?? this.initial;

  smallestOrEstimate(): number {
    return Number.isFinite(this.smallest) ? this.smallest : (this.estimate ?? this.initial);
  }

  forgetEstimate(): void {
    this.estimate = null;
    this.smallest = Infinity;
  }

  /** Keeps the observer's sizes; says whether any differs from what was assumed, and by how much rows above the screen did. */
  record(entries: readonly ResizeObserverEntry[]): { changed: boolean; shift: number } {
    let changed = false;
    let shift = 0;
    let sum = 0;
    let count = 0;
    for (const entry of entries) {
      const row = entry.target as HTMLElement;
      const key = row.dataset.rowKey;
      const size = entry.borderBoxSize[0]?.blockSize ?? 0;
      if (!key || size <= 0) continue;
      sum += size;
      count += 1;
      this.smallest = Math.min(this.smallest, size);
      const assumed = this.sizeOf(key);
      this.sizes.set(key, size);
      if (Math.abs(assumed - size) < 0.5) continue;
      changed = true;
      // Reading the row's box here is free: the observer runs on a fresh layout.
      if (row.dataset.index !== undefined && row.getBoundingClientRect().top < 0) shift += size - assumed;
    }
    if (this.estimate === null && count > 0) {
      this.estimate = sum / count;
      changed = true;
    }
    return { changed, shift };
  }
}
