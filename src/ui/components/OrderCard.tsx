import { memo, type MouseEvent } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { isOverdue, parseOrderKey } from '../../domain';
import { formatDate } from '../format';
import { detailsPath } from '../orderLinks';
import { EntryStatusBadge } from './OutboxStatusBadge';
import './OrderCard.css';
import '../plain/plain.css';
import { t } from '../i18n';
import { kindText } from '../i18n/kindText';
import { orderValueText } from '../i18n/domainText';

/** Where tapping an order goes: its kind's details screen (SPEC §2), by the key's kind and id. */
export function orderDetailsPath(order: OrderDoc): string | null {
  const ref = parseOrderKey(order.id);
  if (!ref) return null;
  return detailsPath(ref.kind, ref.id);
}

// What a driver plans a day with, in four lines that wrap instead of being cut (a large text
// size grows the card, it never hides a word): line 1 the name the driver knows the order by
// (the customer, or the dealer for inventory) with Overdue (scheduled before today), Rush and
// the outbox state; line 2 model · serial (four "10x12 Lofted Barn" differ only by serial; the
// serial is never split); line 3 the delivery date (or Unscheduled) and the town it goes to;
// line 4 type · status · location in 14 px. Text is fg or fg.muted on white (7:1); badges are
// 14 px. The whole card is the link. Sizes are in rem, so the card follows the text size.
//
// Few boxes, block layout, one text node per line where it can: a search keystroke at 10,000
// orders rewrites every card on screen, and the browser's layout of those cards was the largest
// part of it (flex rows and a text node per field were twice the layout objects). Styled by
// OrderCard.css.
const dot = ' · ';
/** Before the serial: the dot stays with the model when the line wraps. */
const dotBeforeSerial = '\u00a0· ';

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
      // Floated to the end of line 1: the name wraps beside and below them.
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
      <p className="order-card__line">
        {`${order.building_model}${dotBeforeSerial}`}
        <span className="order-card__serial">{order.serial_number}</span>
      </p>
      {/* When and where: what a driver plans the day by. The same elements for every order
          (only text and classes change): a keystroke re-renders the cards on screen with
          other orders, and an element removed and another made costs a style pass each. */}
      <p className="order-card__line order-card__plan">
        <span className={`order-card__badge ${order.is_scheduled_for_delivery ? 'order-card__badge--date' : 'order-card__badge--outline'}`}>
          <span className="visually-hidden">{order.is_scheduled_for_delivery && date ? t('home.scheduledHidden') : ''}</span>
          {order.is_scheduled_for_delivery ? date || t('home.scheduled') : t('home.unscheduled')}
        </span>
        {/* The space keeps the date and the town two words for a screen reader (the card's name). */}
        <span className="order-card__town" data-testid="order-town">
          {order.delivery_town ? ` ${order.delivery_town}` : ''}
        </span>
      </p>
      {/* A queued action says what it is (delivery, schedule, note…) in place of the details. */}
      <p className="order-card__line order-card__meta" data-testid={outbox ? 'outbox-kind' : undefined}>
        {outbox
          ? kindText(outbox.kind)
          : `${orderValueText('orderTypes', order.order_type)}${dot}${orderValueText('orderStatuses', order.order_status)}${dot}${order.building_location}`}
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
