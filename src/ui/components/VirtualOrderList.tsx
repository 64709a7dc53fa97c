import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { useDriverBusy } from '../hooks/useDriverBusy';
import { useInAppLinkClick } from '../hooks/useInAppLinkClick';
import { OrderCard } from './OrderCard';
import './OrderCard.css';

/** A compact card and the gap below it, before it is measured. */
const ESTIMATED_ROW = 110;

/**
 * The list, windowed on the page's own scroll: only the cards near the screen are in the
 * DOM (a list of 10,000 keeps a few dozen). Every card has the same height (each line is
 * truncated), so one row is measured once and the rest are placed by arithmetic: measuring
 * each row as it renders forced a layout per card on every keystroke. Rows are keyed by their
 * place in the list, not by order: a keystroke that changes the result rewrites the text of
 * the rows on screen instead of removing them and inserting new ones, which cost the browser
 * a style and layout pass per new card.
 */
export default function VirtualOrderList({ orders, byOrder, todayStart }: { orders: OrderDoc[]; byOrder: Map<string, OutboxDoc>; todayStart: number }) {
  const listRef = useRef<HTMLUListElement>(null);
  const open = useInAppLinkClick();
  // Scrolling holds the worker's background writes back, as typing does (useDriverBusy).
  const busy = useDriverBusy();
  useEffect(() => {
    window.addEventListener('scroll', busy, { passive: true });
    return () => window.removeEventListener('scroll', busy);
  }, [busy]);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW);
  // Where the list starts on the page (below the search, chips and count, whose heights are fixed).
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 0.5) setScrollMargin(top);
  }, [scrollMargin]);
  const virtualizer = useWindowVirtualizer({
    count: orders.length,
    estimateSize: () => rowHeight,
    overscan: 2,
    scrollMargin,
  });
  // The first row's real height (font size, zoom), read once after it rendered.
  const measured = useRef(false);
  const measureFirst = (el: HTMLLIElement | null): void => {
    if (!el || measured.current) return;
    measured.current = true;
    const height = el.getBoundingClientRect().height;
    if (height > 0 && Math.abs(height - rowHeight) > 0.5) setRowHeight(height);
  };
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  const first = virtualizer.getVirtualItems()[0]?.index;
  return (
    // Plain elements (OrderCard.css): Chakra's styling per row was a part of every keystroke.
    <ul ref={listRef} className="order-list order-list--windowed" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const order = orders[row.index];
        if (!order) return null;
        return (
          <li
            key={row.key}
            data-index={row.index}
            ref={row.index === first ? measureFirst : undefined}
            className="order-list__row"
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            <OrderCard order={order} outbox={byOrder.get(order.id)} todayStart={todayStart} onOpen={open} />
          </li>
        );
      })}
    </ul>
  );
}
