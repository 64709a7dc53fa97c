import { memo, type MouseEvent } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { isOverdue, parseOrderKey } from '../../domain';
import { formatDate } from '../format';
import { detailsPath } from '../orderLinks';
import { EntryStatusBadge } from './OutboxStatusBadge';
import './OrderCard.css';
import { t } from '../i18n';
import { kindText } from '../i18n/kindText';
import { orderValueText } from '../i18n/domainText';

/** Where tapping an order goes: its kind's details screen (SPEC §2), by the key's kind and id. */
export function orderDetailsPath(order: OrderDoc): string | null {
  const ref = parseOrderKey(order.id);
  if (!ref) return null;
  return detailsPath(ref.kind, ref.id);
}

// Compact (~108 px on a 390 px phone, so 5+ fit below the search and the chips): line 1 the
// name the driver knows the order by (the customer, or the dealer for inventory) with Overdue
// (scheduled before today), Rush and the outbox state; line 2 model · serial across the whole
// width (four "10x12 Lofted Barn" differ only by serial); line 3 the delivery date (or
// Unscheduled) and type · status · location at 14 px. Text is fg or fg.muted on white (7:1);
// badges are 14 px. The whole card is the link.
//
// Few boxes, block layout, one text node per line: a search keystroke at 10,000 orders rewrites
// every card on screen, and the browser's layout of those cards was the largest part of it
// (flex rows and a text node per field were twice the layout objects). Styled by OrderCard.css.
const dot = ' · ';

/** Memoized: a keystroke re-renders the list, not the cards whose order did not change. */
export const OrderCard = memo(function OrderCard({
  order,
  outbox,
  todayStart,
  onOpen,
  spare = false,
}: {
  order: OrderDoc;
  outbox: OutboxDoc | undefined;
  todayStart: number;
  /** The list's one in-app navigation handler (useInAppLinkClick): a plain link per row is cheaper than a router Link. */
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** In a list slot with no row (VirtualOrderList): kept out of the Tab order. */
  spare?: boolean;
}) {
  const path = orderDetailsPath(order);
  const name = order.customer_name ?? order.dealer_name;
  const overdue = isOverdue(order, todayStart);
  const date = formatDate(order.scheduled_date);
  const badges =
    overdue || order.is_rush_order || outbox ? (
      // Floated to the end of line 1: the name is cut short before them.
      <span className="order-card__badges">
        {overdue ? (
          <span className="order-card__badge order-card__badge--alert" data-testid="overdue">
            {t('home.overdue')}
          </span>
        ) : null}
        {order.is_rush_order ? <span className="order-card__badge order-card__badge--alert">{t('home.rush')}</span> : null}
        {outbox ? <EntryStatusBadge entry={outbox} /> : null}
      </span>
    ) : null;
  const content = (
    <>
      <p className="order-card__line order-card__name">
        {badges}
        {name}
      </p>
      <p className="order-card__line">{`${order.building_model}${dot}${order.serial_number}`}</p>
      <p className="order-card__line order-card__meta">
        {/* The same elements for every order (only text and classes change): a keystroke
            re-renders the cards on screen with other orders, and an element removed and
            another made costs a style pass each. */}
        <span className={`order-card__badge ${order.is_scheduled_for_delivery ? 'order-card__badge--date' : 'order-card__badge--outline'}`}>
          <span className="order-card__hidden">{order.is_scheduled_for_delivery && date ? t('home.scheduledHidden') : ''}</span>
          {order.is_scheduled_for_delivery ? date || t('home.scheduled') : t('home.unscheduled')}
        </span>
        {/* A queued action says what it is (delivery, schedule, note…) in place of the details. */}
        <span data-testid={outbox ? 'outbox-kind' : undefined}>
          {outbox
            ? kindText(outbox.kind)
            : `${orderValueText('orderTypes', order.order_type)}${dot}${orderValueText('orderStatuses', order.order_status)}${dot}${order.building_location}`}
        </span>
      </p>
    </>
  );
  return path ? (
    // Named by its whole visible text (no aria-label): a voice user says what they see (WCAG 2.5.3).
    <a href={path} onClick={onOpen} tabIndex={spare ? -1 : undefined} className="order-card order-card-link" data-testid="order-card" data-order-key={order.id}>
      {content}
    </a>
  ) : (
    <div className="order-card" data-testid="order-card" data-order-key={order.id}>
      {content}
    </div>
  );
});
