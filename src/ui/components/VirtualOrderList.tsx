import { useDeferredValue, useEffect, useRef, useState } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { useDriverBusy } from '../hooks/useDriverBusy';
import { useInAppLinkClick } from '../hooks/useInAppLinkClick';
import { useWindowRows } from '../hooks/useWindowRows';
import { OrderCard } from './OrderCard';
import './OrderCard.css';

/** A compact card and the gap below it, before it is measured. */
const ESTIMATED_ROW = 116;
/** Rows kept above and below the screen, so a quick flick does not show blank space. */
const OVERSCAN = 2;
/** The gap below each card (OrderCard.css, .order-list > li). */
const ROW_GAP = 8;

/**
 * The list, windowed on the page's own scroll: only the cards near the screen are in the
 * DOM (a list of 10,000 keeps a few dozen). Every card has the same height (each line is
 * truncated), so one card is measured once and the rows are placed by arithmetic
 * (useWindowRows).
 *
 * Rows are a fixed pool of slots: row `i` goes to slot `i % slots`, so a keystroke or a scroll
 * rewrites the text of the cards already in the page instead of removing some and building
 * others (a style and layout pass per new card), and a slot with no row (a search narrowed to
 * one order) moves above the page with its last card kept for when the rows come back. Each slot is a
 * fixed-size, contained box: a card's new text lays out that card only.
 *
 * The rows on screen show a new result in the keystroke's own render; the overscan rows (off
 * screen) and the list's height follow a deferred copy of the result, in a render React runs
 * after the screen is updated and interrupts for the next keystroke. The keystroke then lays
 * out only the cards the driver can see.
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
  const later = useDeferredValue(orders);
  // Off screen: the overscan rows, when the window is not clamped at that end of the list.
  const offScreen = (index: number): boolean => (first > 0 && index < first + OVERSCAN) || (last < orders.length - 1 && index > last - OVERSCAN);
  // The first card's real height (font size, zoom), read once after it rendered.
  const measured = useRef(false);
  const measureCard = (el: HTMLLIElement | null): void => {
    const card = el?.firstElementChild;
    if (!card || measured.current) return;
    measured.current = true;
    const height = card.getBoundingClientRect().height + ROW_GAP;
    if (height > ROW_GAP && Math.abs(height - rowHeight) > 0.5) setRowHeight(height);
  };
  // Enough slots for every row a window can hold (the screen, a partial row, the overscan).
  const slots = Math.ceil(window.innerHeight / rowHeight) + 2 * OVERSCAN + 2;
  // What each slot showed last, so a slot left without a row keeps its card (moved above the page).
  const lastShown = useRef(new Map<number, OrderDoc>());
  const items: { slot: number; index: number; order: OrderDoc; hidden: boolean }[] = [];
  const used = new Set<number>();
  for (let index = first; index <= Math.min(last, orders.length - 1); index++) {
    const order = offScreen(index) ? (later[index] ?? orders[index]) : orders[index];
    if (!order) continue;
    const slot = index % slots;
    used.add(slot);
    items.push({ slot, index, order, hidden: false });
  }
  // Reading the ref while rendering is deliberate: it only holds what this list rendered before.
  // eslint-disable-next-line react-hooks/refs
  for (const [slot, order] of lastShown.current) if (!used.has(slot) && slot < slots) items.push({ slot, index: -1, order, hidden: true });
  useEffect(() => {
    for (const item of items) if (!item.hidden) lastShown.current.set(item.slot, item.order);
  });
  // In the page in the rows' order (what a screen reader and Tab follow), hidden slots last.
  items.sort((a, b) => (a.hidden === b.hidden ? a.index - b.index : a.hidden ? 1 : -1));
  return (
    // Plain elements (OrderCard.css): Chakra's styling per row was a part of every keystroke.
    <ul ref={listRef} className="order-list order-list--windowed" style={{ height: Math.max(orders.length, later.length) * rowHeight }}>
      {items.map(({ slot, index, order, hidden }) =>
        hidden ? (
          // Above the page (where nothing scrolls to), out of the accessibility tree, the Tab
          // order and the cold-start snapshot (homeSnapshot.ts), but still laid out as it was:
          // shown again, only its position and text change. display: none, or visibility,
          // restyled every element of the card both ways (the costliest keystrokes, from one
          // match to ten and back).
          <li key={slot} aria-hidden="true" data-snapshot-omit="" className="order-list__row" style={{ height: rowHeight, transform: 'translateY(-10000px)' }}>
            <OrderCard order={order} outbox={byOrder.get(order.id)} todayStart={todayStart} onOpen={open} spare />
          </li>
        ) : (
          <li
            key={slot}
            data-index={index}
            ref={index === first ? measureCard : undefined}
            className="order-list__row"
            style={{ height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
          >
            <OrderCard order={order} outbox={byOrder.get(order.id)} todayStart={todayStart} onOpen={open} />
          </li>
        ),
      )}
    </ul>
  );
}
