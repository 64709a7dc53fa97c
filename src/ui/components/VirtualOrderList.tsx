import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { useDriverBusy } from '../hooks/useDriverBusy';
import { useInAppLinkClick } from '../hooks/useInAppLinkClick';
import { useRowSizes } from '../hooks/useRowSizes';
import { RowOffsets, useWindowRows } from '../hooks/useWindowRows';
import { OrderCard } from './OrderCard';
import './OrderCard.css';

/** A card and the gap below it before any was measured, in rem (it follows the text size). */
const ESTIMATED_ROW_REM = 9.5;
/** Rows kept above and below the screen, so a quick flick does not show blank space. */
const OVERSCAN = 2;

/**
 * The list, windowed on the page's own scroll: only the cards near the screen are in the
 * DOM (a list of 10,000 keeps a few dozen). A card grows with the driver's text size and
 * wraps its lines, so each row is measured by the browser as it is shown (useRowSizes) and
 * the rows are placed by their heights summed from the top (RowOffsets); a row never shown
 * counts as the rows first measured.
 *
 * Rows are a fixed pool of slots: row `i` goes to slot `i % slots`, so a keystroke or a scroll
 * rewrites the text of the cards already in the page instead of removing some and building
 * others (a style and layout pass per new card), and a slot with no row (a search narrowed to
 * one order) moves above the page with its last card kept for when the rows come back. Each
 * slot is absolutely placed and contained: a card's new text lays out that card only.
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
  const sizes = useRowSizes(listRef, ESTIMATED_ROW_REM);
  const { sizeOf, version } = sizes;
  // Summed lazily: a keystroke sums the rows down to the screen's bottom, not the whole list.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says the sizes behind sizeOf changed
  const offsets = useMemo(() => new RowOffsets(orders.length, (i) => sizeOf(orders[i]?.id ?? '')), [orders, sizeOf, version]);
  const { first, last } = useWindowRows(listRef, offsets, OVERSCAN);
  const later = useDeferredValue(orders);
  // The list's height sums every row: in a deferred render, after the rows on screen moved.
  const laterVersion = useDeferredValue(version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  const laterOffsets = useMemo(() => new RowOffsets(later.length, (i) => sizeOf(later[i]?.id ?? '')), [later, sizeOf, laterVersion]);
  // Off screen: the overscan rows, when the window is not clamped at that end of the list.
  const offScreen = (index: number): boolean => (first > 0 && index < first + OVERSCAN) || (last < orders.length - 1 && index > last - OVERSCAN);
  // Enough slots for every row a window can hold (the screen, a partial row, the overscan),
  // never fewer than the window has rows (rows i and i + slots must never render together).
  // Only ever more: a new slot count moves most rows to other slots (every card built again).
  const [slotsBefore, setSlotsBefore] = useState(0);
  const slots = Math.max(slotsBefore, Math.ceil(window.innerHeight / sizes.smallest) + 2 * OVERSCAN + 2, last - first + 1);
  if (slots !== slotsBefore) setSlotsBefore(slots);
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
    // The list's height: the deferred result's (summing the whole list is not a keystroke's work),
    // at least down to the last row shown.
    <ul ref={listRef} className="order-list order-list--windowed" style={{ height: Math.max(laterOffsets.total(), last >= 0 ? offsets.top(last + 1) : 0) }}>
      {items.map(({ slot, index, order, hidden }) =>
        hidden ? (
          // Above the page (where nothing scrolls to), out of the accessibility tree, the Tab
          // order and the cold-start snapshot (homeSnapshot.ts), but still laid out as it was:
          // shown again, only its position and text change. display: none, or visibility,
          // restyled every element of the card both ways (the costliest keystrokes, from one
          // match to ten and back).
          <li
            key={slot}
            aria-hidden="true"
            data-snapshot-omit=""
            data-row-key={order.id}
            className="order-list__row"
            style={{ transform: 'translateY(-10000px)' }}
          >
            <OrderCard order={order} outbox={byOrder.get(order.id)} todayStart={todayStart} onOpen={open} spare />
          </li>
        ) : (
          <li key={slot} data-index={index} data-row-key={order.id} className="order-list__row" style={{ transform: `translateY(${offsets.top(index)}px)` }}>
            <OrderCard order={order} outbox={byOrder.get(order.id)} todayStart={todayStart} onOpen={open} />
          </li>
        ),
      )}
    </ul>
  );
}
