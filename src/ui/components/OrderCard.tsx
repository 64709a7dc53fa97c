import { memo, type MouseEvent } from 'react';
import type { OrderDoc, OutboxDoc } from '../../db';
import { isOverdue, parseOrderKey } from '../../domain';
import { kindLabel } from '../../outbox';
import { formatDate } from '../format';
import { detailsPath } from '../orderLinks';
import { OutboxStatusBadge } from './OutboxStatusBadge';
import './OrderCard.css';
import { t } from '../i18n';
import { kindText } from '../i18n/domainText';

/** Where tapping an order goes: its kind's details screen (SPEC §2), by the key's kind and id. */
export function orderDetailsPath(order: OrderDoc): string | null {
  const ref = parseOrderKey(order.id);
  if (!ref) return null;
  return detailsPath(ref.kind, ref.id);
}

// Compact (~100 px on a 390 px phone, so 5+ fit below the search and the chips): line 1 the
// name the driver knows the order by (the customer, or the dealer for inventory) with Overdue
// (scheduled before today), Rush and the outbox state; line 2 model · serial across the whole
// width (four "10x12 Lofted Barn" differ only by serial); line 3 the delivery date (or
// Unscheduled) and type · status · location at 14 px. Text is fg or
// fg.muted on white (7:1); badges are 14 px. The whole card is the link. Plain elements
// styled by OrderCard.css: see there why.
const dot = ' · ';

/** Memoized: a keystroke re-renders the list, not the cards whose order did not change. */
export const OrderCard = memo(function OrderCard({
  order,
  outbox,
  todayStart,
  onOpen,
}: {
  order: OrderDoc;
  outbox: OutboxDoc | undefined;
  todayStart: number;
  /** The list's one in-app navigation handler (useInAppLinkClick): a plain link per row is cheaper than a router Link. */
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const path = orderDetailsPath(order);
  const name = order.customer_name ?? order.dealer_name;
  const overdue = isOverdue(order, todayStart);
  const date = formatDate(order.scheduled_date);
  const body = (
    <div className="order-card" data-testid="order-card" data-order-key={order.id}>
      <div className="order-card__row order-card__row--split">
        <p className="order-card__line order-card__name">{name}</p>
        <span className="order-card__badges">
          {overdue ? (
            <span className="order-card__badge order-card__badge--alert" data-testid="overdue">
              {t('home.overdue')}
            </span>
          ) : null}
          {order.is_rush_order ? <span className="order-card__badge order-card__badge--alert">{t('home.rush')}</span> : null}
          {outbox ? <OutboxStatusBadge status={outbox.status} /> : null}
        </span>
      </div>
      <p className="order-card__line">
        {order.building_model}
        {dot}
        {order.serial_number}
      </p>
      <div className="order-card__row">
        {order.is_scheduled_for_delivery ? (
          <span className="order-card__badge order-card__badge--date">
            {date ? <span className="order-card__hidden">{t('home.scheduledHidden')}</span> : null}
            {date || t('home.scheduled')}
          </span>
        ) : (
          <span className="order-card__badge order-card__badge--outline">{t('home.unscheduled')}</span>
        )}
        {outbox ? (
          // A queued action says what it is (delivery, schedule, note…) in place of the details.
          <p className="order-card__line order-card__meta" data-testid="outbox-kind">
            {kindText(outbox.kind, kindLabel(outbox.kind))}
          </p>
        ) : (
          <p className="order-card__line order-card__meta">
            {order.order_type}
            {dot}
            {order.order_status}
            {dot}
            {order.building_location}
          </p>
        )}
      </div>
    </div>
  );
  return path ? (
    // Named by its whole visible text (no aria-label): a voice user says what they see (WCAG 2.5.3).
    <a href={path} onClick={onOpen} className="order-card-link">
      {body}
    </a>
  ) : (
    body
  );
});
