import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { windowOf } from '../../src/ui/hooks/useWindowRows';

// Home's windowed list: which rows are rendered for a scroll position (useWindowRows).
describe('windowOf', () => {
  it('at the top: the rows on screen plus the overscan below', () => {
    // The list starts 250 px down an 844 px screen; rows of 116 px: rows 0..5 show, 6 and 7 are overscan.
    expect(windowOf({ listTop: 250, scrollY: 0, viewport: 844 }, 10_000, 116, 2)).toEqual({ first: 0, last: 8 });
  });

  it('never past the list, and nothing for an empty one', () => {
    expect(windowOf({ listTop: 250, scrollY: 0, viewport: 844 }, 3, 116, 2)).toEqual({ first: 0, last: 2 });
    expect(windowOf({ listTop: 250, scrollY: 0, viewport: 844 }, 0, 116, 2).last).toBe(-1);
  });

  it('covers every row that intersects the screen, and holds no more than the slots Home keeps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 400, max: 1400 }),
        fc.integer({ min: 60, max: 200 }),
        fc.integer({ min: 1, max: 10_000 }),
        (listTop, scrollY, viewport, rowHeight, count) => {
          const { first, last } = windowOf({ listTop, scrollY, viewport }, count, rowHeight, 2);
          for (let i = 0; i < count; i++) {
            const top = listTop + i * rowHeight - scrollY;
            if (top < viewport && top + rowHeight > 0) expect(i >= first && i <= last).toBe(true);
          }
          // VirtualOrderList's slot count: rows i and i + slots never render together.
          const slots = Math.ceil(viewport / rowHeight) + 2 * 2 + 2;
          expect(last - first + 1).toBeLessThanOrEqual(slots);
        },
      ),
      { numRuns: 300 },
    );
  });
});
