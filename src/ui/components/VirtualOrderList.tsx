import { chakra } from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { OrderCard } from './OrderCard';

/** A compact card and the gap below it, before it is measured. */
const ESTIMATED_ROW = 110;

/**
 * The list, windowed on the page's own scroll: only the cards near the screen are in the
 * DOM (a list of 10,000 keeps a few dozen). Every card has the same height (each line is
 * truncated), so one row is measured once and the rest are placed by arithmetic: measuring
 * each row as it renders forced a layout per card on every keystroke.
 */
export default function VirtualOrderList({ orders, byOrder, todayStart }: { orders: OrderDoc[]; byOrder: Map<string, OutboxDoc>; todayStart: number }) {
  const listRef = useRef<HTMLUListElement>(null);
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
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => orders[index]?.id ?? index,
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
    <chakra.ul ref={listRef} listStyleType="none" position="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const order = orders[row.index];
        if (!order) return null;
        return (
          <chakra.li
            key={row.key}
            data-index={row.index}
            ref={row.index === first ? measureFirst : undefined}
            position="absolute"
            top="0"
            left="0"
            width="full"
            pb="2"
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            <OrderCard order={order} outbox={byOrder.get(order.id)} todayStart={todayStart} />
          </chakra.li>
        );
      })}
    </chakra.ul>
  );
}
