import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowOffsets, windowOf } from '../../src/ui/hooks/useWindowRows';

const equal = (count: number, size: number) => new RowOffsets(count, () => size);

// Home's windowed list: where each row starts and which rows are rendered for a scroll position (useWindowRows).
describe('RowOffsets', () => {
  it('places each row below the ones before it, however tall each is', () => {
    const sizes = [100, 150, 120, 300];
    const offsets = new RowOffsets(sizes.length, (i) => sizes[i] ?? 0);
    expect([0, 1, 2, 3].map((i) => offsets.top(i))).toEqual([0, 100, 250, 370]);
    expect(offsets.total()).toBe(670);
    expect([0, 99, 100, 369, 370, 669, 5000].map((y) => offsets.indexAt(y))).toEqual([0, 0, 1, 2, 3, 3, 3]);
  });

  it('sums only as far as asked: a keystroke at the top of 10,000 rows reads a screenful of sizes', () => {
    const read: number[] = [];
    const offsets = new RowOffsets(10_000, (i) => {
      read.push(i);
      return 120;
    });
    expect(offsets.indexAt(844)).toBe(7);
    expect(read.length).toBeLessThanOrEqual(64);
    expect(offsets.top(7)).toBe(840);
    expect(read.length).toBeLessThanOrEqual(64);
  });

  it('has no rows and no height when empty', () => {
    expect(equal(0, 120).total()).toBe(0);
    expect(equal(0, 120).indexAt(10)).toBe(-1);
  });
});

describe('windowOf', () => {
  it('at the top: the rows on screen plus the overscan below', () => {
    // The list starts 250 px down an 844 px screen; rows of 116 px: rows 0..5 show, 6 and 7 are overscan.
    expect(windowOf({ listTop: 250, scrollY: 0, viewport: 844 }, equal(10_000, 116), 2)).toEqual({ first: 0, last: 7 });
  });

  it('never past the list, and nothing for an empty one', () => {
    expect(windowOf({ listTop: 250, scrollY: 0, viewport: 844 }, equal(3, 116), 2)).toEqual({ first: 0, last: 2 });
    expect(windowOf({ listTop: 250, scrollY: 0, viewport: 844 }, equal(0, 116), 2).last).toBe(-1);
  });

  it('covers every row that intersects the screen, and holds no more than the slots Home keeps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 400, max: 1400 }),
        fc.array(fc.integer({ min: 60, max: 400 }), { minLength: 1, maxLength: 3_000 }),
        (listTop, scrollY, viewport, sizes) => {
          const offsets = new RowOffsets(sizes.length, (i) => sizes[i] ?? 0);
          const { first, last } = windowOf({ listTop, scrollY, viewport }, offsets, 2);
          let top = listTop - scrollY;
          sizes.forEach((size, i) => {
            if (top < viewport && top + size > 0) expect(i >= first && i <= last).toBe(true);
            top += size;
          });
          // VirtualOrderList's slot count from the smallest row: rows i and i + slots never render together.
          const slots = Math.ceil(viewport / Math.min(...sizes)) + 2 * 2 + 2;
          expect(last - first + 1).toBeLessThanOrEqual(slots);
        },
      ),
      { numRuns: 300 },
    );
  });
});
