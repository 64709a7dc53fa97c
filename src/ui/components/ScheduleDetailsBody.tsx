import { Alert, Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router';
import type { OrderDoc } from '../../db';
import { CACHE_KEYS } from '../../db/cache';
import { formatDateHeader, formatTime, isOverdue, relativeDay, startOfDay, type OrderKind, type ScheduleDetails } from '../../domain';
import { telHref } from '../customerText';
import { formatDate } from '../format';
import { useDriverName } from '../hooks/useDriverName';
import { useCached } from '../hooks/useCached';
import { useOrderBundle } from '../hooks/useDelivery';
import { useDeviceTime } from '../hooks/useDeviceTime';
import { detailsPath, orderActionQuery, RETURN_HERE } from '../orderLinks';
import { DetailList } from './DetailList';
import { Loading } from './Loading';
import { MessageScreen } from './MessageScreen';
import { OrderScreenFrame } from './OrderScreenFrame';
import { SectionCard } from './SectionCard';
import { activeLocale, registerTexts, t } from '../i18n';
import { orderValueText } from '../i18n/domainText';
import { schedule as scheduleTexts } from '../i18n/en/schedule';

registerTexts('schedule', scheduleTexts);

/**
 * The schedule details of one order (SPEC §2: one screen per kind, each with an id). The order
 * row says whether and when it is scheduled (it carries changes queued offline); the snapshot
 * the sync worker prefetched for every scheduled order adds the destination, phone, order
 * number, driver and notes. Without the snapshot the row's facts show, and say so.
 */
export function ScheduleDetailsBody({ kind, id }: { kind: OrderKind; id: number }) {
  const navigate = useNavigate();
  const { key, order, delivery, entry, actions } = useOrderBundle(kind, id);
  const cached = useCached<ScheduleDetails>(CACHE_KEYS.scheduleDetails(key));

  if (order === undefined || delivery === undefined || cached === undefined) return <Loading />;
  if (order === null) {
    // The order row is the truth for whose order it is: a snapshot left from before a
    // reassign or a delivery does not make it this driver's.
    return (
      <MessageScreen
        title={t('schedule.notFound')}
        lines={[
          t('schedule.notHere'),
          t('schedule.maybeGone'),
          <Button key="scheduled" asChild colorPalette="primary" variant="outline">
            <Link to="/scheduled">{t('schedule.seeScheduled')}</Link>
          </Button>,
        ]}
        onHome={() => void navigate('/')}
      />
    );
  }
  const details = cached?.data ?? null;
  const scheduled = order.is_scheduled_for_delivery;
  return (
    <OrderScreenFrame
      kind={kind}
      id={id}
      title={order.customer_name ?? order.dealer_name}
      subtitle={t(`schedule.kind_${kind}`, { id })}
      order={order}
      hasDelivery={Boolean(delivery?.server)}
      entry={entry}
      actions={actions}
      notes={details?.notes ?? delivery?.notes ?? null}
      destination={details?.coordinates ?? null}
      moreActions={
        <Stack gap="2">
          <Button asChild colorPalette="primary" variant="outline">
            <Link to={`/schedule/${id}?${orderActionQuery(kind, { reschedule: scheduled })}`} state={RETURN_HERE}>
              {scheduled ? t('schedule.unscheduleOrReassign') : t('schedule.reassign')}
            </Link>
          </Button>
          <Button asChild colorPalette="primary" variant="outline">
            <Link to={detailsPath(kind, id)}>{t('schedule.openOrder')}</Link>
          </Button>
        </Stack>
      }
    >
      <WhenCard order={order} details={details} />
      <OrderFactsCard order={order} details={details} />
    </OrderScreenFrame>
  );
}

/** When and where: the SPEC §9 day header and time, the date, status, destination and a Call button. */
function WhenCard({ order, details }: { order: OrderDoc; details: ScheduleDetails | null }) {
  const { now, zone, clock } = useDeviceTime();
  const scheduled = order.is_scheduled_for_delivery;
  const header = scheduled ? formatDateHeader(order.scheduled_date, zone, activeLocale()) : '';
  const time = scheduled ? formatTime(order.scheduled_date, zone, clock, activeLocale()) : '';
  const overdue = isOverdue(order, startOfDay(now, zone));
  const relative = scheduled ? relativeDay(order.scheduled_date, now, zone) : null;
  const phone = details?.customer_phone;
  return (
    <Card.Root size="sm" data-testid="schedule-when">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="start" gap="2" flexWrap="wrap">
            <Stack gap="0">
              <Text fontSize="h1" fontWeight="bold" data-testid="schedule-day">
                {scheduled ? header || t('schedule.dateNotSet') : t('schedule.notScheduled')}
              </Text>
              {time ? (
                <Text fontSize="h1" fontWeight="bold" color="primary.fg" data-testid="schedule-time">
                  {time}
                </Text>
              ) : null}
            </Stack>
            {overdue ? (
              <Badge colorPalette="red" variant="solid" data-testid="overdue">
                {t('schedule.overdue')}
              </Badge>
            ) : relative ? (
              <Badge colorPalette="primary" variant="solid">
                {t(`common.${relative}`)}
              </Badge>
            ) : null}
          </HStack>
          <DetailList
            items={[
              { label: t('schedule.date'), value: scheduled ? formatDate(order.scheduled_date) : t('schedule.notScheduled') },
              { label: t('schedule.status'), value: orderValueText('orderStatuses', order.order_status) },
              { label: t('schedule.destination'), value: details?.destination_address },
            ]}
          />
          {phone ? (
            <HStack justify="space-between" gap="3" flexWrap="wrap">
              <Text>{phone}</Text>
              <Button asChild colorPalette="primary" variant="outline">
                <a href={telHref(phone)} aria-label={t('schedule.callLabel', { phone })}>
                  {t('schedule.call')}
                </a>
              </Button>
            </HStack>
          ) : null}
          {details ? null : (
            <Alert.Root status="info" data-testid="details-pending">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('schedule.detailsLater')}</Alert.Title>
                <Alert.Description>{t('schedule.detailsLaterText')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** What is delivered and by whom: customer or dealer, model, serial, order number, stage, location, driver. */
function OrderFactsCard({ order, details }: { order: OrderDoc; details: ScheduleDetails | null }) {
  const driverName = useDriverName();
  return (
    <SectionCard title={t('schedule.order')} testId="schedule-order">
      <DetailList
        items={[
          ...(order.customer_name ? [{ label: t('schedule.customer'), value: order.customer_name }] : []),
          { label: t('schedule.dealer'), value: order.dealer_name },
          { label: t('schedule.model'), value: order.building_model },
          { label: t('schedule.serial'), value: order.serial_number },
          { label: t('schedule.number'), value: details?.order_number },
          { label: t('schedule.type'), value: orderValueText('orderTypes', order.order_type) },
          { label: t('schedule.stage'), value: orderValueText('buildingStages', order.building_stage) },
          { label: t('schedule.location'), value: order.building_location },
          // The row is on this driver's list, so until a reassign goes through it is theirs.
          { label: t('schedule.driver'), value: details?.driver?.name ?? driverName },
        ]}
      />
    </SectionCard>
  );
}
