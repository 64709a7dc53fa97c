import { useEffect, useRef, useState } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { useDriverBusy } from '../hooks/useDriverBusy';
import { useInAppLinkClick } from '../hooks/useInAppLinkClick';
import { useWindowRows } from '../hooks/useWindowRows';
import { OrderCard } from './OrderCard';
import './OrderCard.css';

/** A compact card and the gap below it, before it is measured. */
const ESTIMATED_ROW = 110;
/** Rows kept above and below the screen, so a quick flick does not show blank space. */
const OVERSCAN = 2;

/**
 * The list, windowed on the page's own scroll: only the cards near the screen are in the
 * DOM (a list of 10,000 keeps a few dozen). Every card has the same height (each line is
 * truncated), so one row is measured once and the rest are placed by arithmetic
 * (useWindowRows). Rows are keyed by their place in the list, not by order: a keystroke that
 * changes the result rewrites the text of the rows on screen instead of removing them and
 * inserting new ones, which cost the browser a style and layout pass per new card.
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
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW);
  const { first, last } = useWindowRows(listRef, orders.length, rowHeight, OVERSCAN);
  // The first row's real height (font size, zoom), read once after it rendered.
  const measured = useRef(false);
  const measureFirst = (el: HTMLLIElement | null): void => {
    if (!el || measured.current) return;
    measured.current = true;
    const height = el.getBoundingClientRect().height;
    if (height > 0 && Math.abs(height - rowHeight) > 0.5) setRowHeight(height);
  };
  const rows: number[] = [];
  for (let index = first; index <= Math.min(last, orders.length - 1); index++) rows.push(index);
  return (
    // Plain elements (OrderCard.css): Chakra's styling per row was a part of every keystroke.
    <ul ref={listRef} className="order-list order-list--windowed" style={{ height: orders.length * rowHeight }}>
      {rows.map((index) => {
        const order = orders[index];
        if (!order) return null;
        return (
          <li key={index} data-index={index} ref={index === first ? measureFirst : undefined} className="order-list__row" style={{ transform: `translateY(${index * rowHeight}px)` }}>
            <OrderCard order={order} outbox={byOrder.get(order.id)} todayStart={todayStart} onOpen={open} />
          </li>
        );
      })}
    </ul>
  );
}
