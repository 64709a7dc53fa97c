import { memo, useEffect, useRef, useState, type RefObject } from 'react';
import { FILTER_KEYS, type FilterKey } from '../../domain';
import { t } from '../i18n';
import { filterLabel } from '../i18n/domainText';
import { Button } from '../plain/controls';
import './FilterChips.css';

/** Which ends of a sideways-scrolling row have chips out of sight. */
interface Hidden {
  start: boolean;
  end: boolean;
}

/** Kept up to date on scroll and on any change of the row's or its chips' size (text size, turning the phone). */
function useHiddenEnds(row: RefObject<HTMLElement | null>): Hidden {
  const [hidden, setHidden] = useState<Hidden>({ start: false, end: false });
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const read = (): void => {
      // Right to left writing makes scrollLeft negative; its size says how far from the start.
      const from = Math.abs(el.scrollLeft);
      const next = { start: from > 1, end: from + el.clientWidth < el.scrollWidth - 1 };
      setHidden((now) => (now.start === next.start && now.end === next.end ? now : next));
    };
    read();
    el.addEventListener('scroll', read, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    resized?.observe(el);
    for (const chip of Array.from(el.children)) resized?.observe(chip);
    return () => {
      el.removeEventListener('scroll', read);
      resized?.disconnect();
    };
  }, [row]);
  return hidden;
}

/**
 * Home's filter chips (SPEC §4 toggles, aria-pressed), one row scrolled sideways; every chip
 * a 48 px target. The row shows that it scrolls (issue 25: chips were cut off with nothing
 * saying there was more): the end that hides chips fades out, and while chips hide at the
 * end a More filters arrow scrolls the row on by most of its width.
 */
export const FilterChips = memo(
  function FilterChips({ selected, onToggle }: { selected: readonly FilterKey[]; onToggle: (key: FilterKey) => void }) {
    const row = useRef<HTMLDivElement>(null);
    const hidden = useHiddenEnds(row);
    return (
      <div className="filter-row" data-hidden-start={hidden.start || undefined} data-hidden-end={hidden.end || undefined}>
        <div ref={row} role="group" aria-label={t('home.filters')} className="filter-row__chips">
          {FILTER_KEYS.map((key) => {
            const on = selected.includes(key);
            return (
              <Button
                key={key}
                data-filter={key}
                aria-pressed={on}
                size="sm"
                variant={on ? 'solid' : 'outline'}
                className="filter-row__chip"
                onClick={() => onToggle(key)}
              >
                {on ? <span aria-hidden="true">✓</span> : null}
                {filterLabel(key)}
              </Button>
            );
          })}
        </div>
        {hidden.end ? (
          <button
            type="button"
            className="filter-row__more"
            aria-label={t('home.moreFilters')}
            data-testid="more-filters"
            onClick={() => row.current?.scrollBy({ left: row.current.clientWidth * 0.75, behavior: 'smooth' })}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
        ) : null}
      </div>
    );
  },
  (a, b) => a.onToggle === b.onToggle && a.selected.join() === b.selected.join(),
);
