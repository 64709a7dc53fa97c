import { clockDate } from '../../clock';
import { Alert, Button, Card, Field, Input, Stack, Text } from '@chakra-ui/react';
import { SectionCard } from '../components/SectionCard';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { companyDrivers$ } from '../../db/localState';
import { orderKey, type OrderKind } from '../../domain';
import { queueReassign, queueSchedule, queueUnschedule, type ActionResult } from '../../outbox';
import type { ActionTexts } from '../announce';
import { Loading } from '../components/Loading';
import { OrderNotFound } from '../components/OrderNotFound';
import { OrderRowCard } from '../components/OrderRowCard';
import { ActionScreenHeader } from '../components/ActionScreenHeader';
import { formatDateTime, fromLocalInput, toLocalInput } from '../format';
import { useSession } from '../hooks/useAuth';
import { useDatabase, useDbObservable } from '../hooks/useDatabase';
import { useOrderBundle } from '../hooks/useDelivery';
import { useIntentSubmit } from '../hooks/useIntentSubmit';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import { detailsPath, opensToReturn } from '../orderLinks';
import { registerTexts, t } from '../i18n';
import { errorText } from '../i18n/domainText';
import { schedule as scheduleTexts } from '../i18n/en/schedule';
import NotFound from './NotFound';

registerTexts('schedule', scheduleTexts);

/** /schedule/:id?{customerOrder,onlotInventoryOrder,inventoryMoveOrder}=true&reschedule=true (SPEC §2). */
export default function ScheduleOrder() {
  const ref = useOrderRefParam();
  const [params] = useSearchParams();
  if (ref.orderId === 0) return <NotFound />;
  return <Schedule key={`${ref.kind}-${ref.orderId}`} kind={ref.kind} orderId={ref.orderId} reschedule={params.get('reschedule') === 'true'} />;
}

type Action = 'schedule' | 'reschedule' | 'unschedule' | 'reassign';

/** SPEC §8's progress, success and (scheduling) unexpected-failure texts of each action, in the active language. */
const textsOf = (action: Action): ActionTexts => ({
  progress: t(`schedule.${action}Progress`),
  success: t(`schedule.${action}Success`),
  ...(action === 'schedule' || action === 'reschedule' ? { unexpected: errorText('ErrorSchedulingDelivery') } : {}),
});

/** Tomorrow at 09:00 on this device's clock, as a datetime-local value. */
function tomorrowMorning(): string {
  const d = clockDate();
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return toLocalInput(d.toISOString());
}

function Schedule({ kind, orderId, reschedule }: { kind: OrderKind; orderId: number; reschedule: boolean }) {
  const db = useDatabase();
  const session = useSession();
  const returnHere = opensToReturn(useLocation().state);
  const { order, delivery, actions } = useOrderBundle(kind, orderId);
  const drivers = useDbObservable((open) => companyDrivers$(open, session), [session]);
  const [when, setWhen] = useState(() => toLocalInput(order?.scheduled_date) || tomorrowMorning());
  const { submit, busy, error, setError } = useIntentSubmit({ snackbarOnRefusal: true });
  const [driverId, setDriverId] = useState('');
  const [pickError, setPickError] = useState<string | null>(null);

  if (order === undefined || delivery === undefined) return <Loading />;
  if (!order && !delivery) return <OrderNotFound orderKey={orderKey(kind, orderId)} />;
  const scheduled = reschedule || Boolean(order?.is_scheduled_for_delivery);
  const others = (drivers ?? []).filter((d) => !d.is_self);

  // A reassigned order leaves the list; any other action returns to the order screen that
  // opened it (details or schedule details), else to the order's details.
  const run = (action: Action, queueIt: () => Promise<ActionResult>): Promise<void> =>
    submit(queueIt, textsOf(action), action === 'reassign' ? '/' : returnHere ? -1 : detailsPath(kind, orderId));

  const scheduleIt = (again: boolean) => {
    const iso = fromLocalInput(when);
    if (!iso) {
      const message = `${errorText(again ? 'FailedToRescheduleDelivery' : 'FailedToScheduleDelivery')}: ${t('schedule.chooseDateTime')}`;
      setError(message);
      return;
    }
    void run(again ? 'reschedule' : 'schedule', () => queueSchedule(db, session, { kind, id: orderId, scheduledDate: iso, reschedule: again }));
  };

  return (
    <Stack gap="4">
      <ActionScreenHeader
        title={scheduled ? t('schedule.rescheduleTitle') : t('schedule.scheduleTitle')}
        order={order}
        orderId={orderId}
        actions={actions}
        extra={
          order?.is_scheduled_for_delivery ? (
            <Text color="fg.muted">{t('schedule.nowScheduledFor', { time: formatDateTime(order.scheduled_date) })}</Text>
          ) : null
        }
      />
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>{t('schedule.dateAndTime')}</Field.Label>
              <Input
                type="datetime-local"
                bg="bg"
                value={when}
                onChange={(e) => {
                  setWhen(e.target.value);
                  setError(null);
                }}
                data-testid="schedule-date"
              />
              {error ? <Field.ErrorText data-testid="schedule-error">{error}</Field.ErrorText> : null}
            </Field.Root>
            {scheduled ? (
              <Stack gap="2">
                <Button colorPalette="primary" size="lg" loading={busy} onClick={() => scheduleIt(true)}>
                  {t('schedule.reschedule')}
                </Button>
                <Button
                  colorPalette="primary"
                  variant="outline"
                  disabled={busy}
                  onClick={() => void run('unschedule', () => queueUnschedule(db, session, { kind, id: orderId }))}
                >
                  {t('schedule.unschedule')}
                </Button>
              </Stack>
            ) : (
              <Button colorPalette="primary" size="lg" loading={busy} onClick={() => scheduleIt(false)}>
                {t('schedule.schedule')}
              </Button>
            )}
            <Text color="fg.muted">{t('schedule.worksOffline')}</Text>
          </Stack>
        </Card.Body>
      </Card.Root>
      <SectionCard title={t('schedule.reassignTitle')} testId="reassign">
        {drivers === undefined ? (
          <Loading />
        ) : drivers === null ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('schedule.driversLater')}</Alert.Title>
          </Alert.Root>
        ) : others.length === 0 ? (
          <Text color="fg.muted">{t('schedule.noOtherDrivers')}</Text>
        ) : (
          <Stack gap="3">
            <Stack gap="2" role="radiogroup" aria-label={t('schedule.driver')} data-testid="reassign-driver">
              {others.map((d) => {
                const chosen = driverId === String(d.id);
                return (
                  <Button
                    key={d.id}
                    role="radio"
                    aria-checked={chosen}
                    variant={chosen ? 'solid' : 'outline'}
                    colorPalette="primary"
                    justifyContent="flex-start"
                    onClick={() => {
                      setDriverId(chosen ? '' : String(d.id));
                      setPickError(null);
                    }}
                    data-testid="reassign-option"
                  >
                    {d.name}
                    {d.phone ? ` · ${d.phone}` : ''}
                  </Button>
                );
              })}
            </Stack>
            {pickError ? (
              <Text color="red.fg" data-testid="reassign-error">
                {pickError}
              </Text>
            ) : null}
            <Button
              colorPalette="primary"
              variant="outline"
              disabled={busy}
              onClick={() => {
                if (!driverId) setPickError(t('schedule.chooseDriver'));
                else void run('reassign', () => queueReassign(db, session, { kind, id: orderId }, Number(driverId)));
              }}
            >
              {t('schedule.reassignOrder')}
            </Button>
            <Text color="fg.muted">{t('schedule.leavesList')}</Text>
          </Stack>
        )}
      </SectionCard>
      {order ? <OrderRowCard order={order} /> : null}
    </Stack>
  );
}
