import { Alert, Button, Card, Field, Input, Stack, Text } from '@chakra-ui/react';
import { SectionCard } from '../components/SectionCard';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { companyDrivers$ } from '../../db';
import type { OrderKind } from '../../domain';
import { queueReassign, queueSchedule, queueUnschedule, type ActionResult } from '../../outbox';
import type { ActionTexts } from '../announce';
import { Loading } from '../components/Loading';
import { OrderNotFound } from '../components/OrderNotFound';
import { OrderRowCard } from '../components/OrderRowCard';
import { ActionScreenHeader } from '../components/ActionScreenHeader';
import { formatDateTime, fromLocalInput, toLocalInput } from '../format';
import { useSession } from '../hooks/useAuth';
import { useDatabase } from '../hooks/useDatabase';
import { useOrderBundle } from '../hooks/useDelivery';
import { useIntentSubmit } from '../hooks/useIntentSubmit';
import { useObservable } from '../hooks/useObservable';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import { detailsPath, opensToReturn } from '../orderLinks';
import NotFound from './NotFound';

/** /schedule/:id?{customerOrder,onlotInventoryOrder,inventoryMoveOrder}=true&reschedule=true (SPEC §2). */
export default function ScheduleOrder() {
  const ref = useOrderRefParam();
  const [params] = useSearchParams();
  if (ref.orderId === 0) return <NotFound />;
  return <Schedule key={`${ref.kind}-${ref.orderId}`} kind={ref.kind} orderId={ref.orderId} reschedule={params.get('reschedule') === 'true'} />;
}

const TEXTS = {
  schedule: { progress: 'Attempting to schedule order', success: 'Order scheduled' },
  reschedule: { progress: 'Attempting to reschedule order', success: 'Order rescheduled' },
  unschedule: { progress: 'Attempting to unschedule order', success: 'Order unscheduled' },
  reassign: { progress: 'Attempting to reassign order', success: 'Order reassigned' },
} as const satisfies Record<string, ActionTexts>;

/** Tomorrow at 09:00 on this device's clock, as a datetime-local value. */
function tomorrowMorning(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return toLocalInput(d.toISOString());
}

function Schedule({ kind, orderId, reschedule }: { kind: OrderKind; orderId: number; reschedule: boolean }) {
  const db = useDatabase();
  const session = useSession();
  const returnHere = opensToReturn(useLocation().state);
  const { order, delivery, actions } = useOrderBundle(kind, orderId);
  const driversSource = useMemo(() => companyDrivers$(db, session), [db, session]);
  const drivers = useObservable(driversSource);
  const [when, setWhen] = useState(() => toLocalInput(order?.scheduled_date) || tomorrowMorning());
  const { submit, busy, error, setError } = useIntentSubmit({ snackbarOnRefusal: true });
  const [driverId, setDriverId] = useState('');
  const [pickError, setPickError] = useState<string | null>(null);

  if (order === undefined || delivery === undefined) return <Loading />;
  if (!order && !delivery) return <OrderNotFound />;
  const scheduled = reschedule || Boolean(order?.is_scheduled_for_delivery);
  const others = (drivers ?? []).filter((d) => !d.is_self);

  // A reassigned order leaves the list; any other action returns to the order screen that
  // opened it (details or schedule details), else to the order's details.
  const run = (action: keyof typeof TEXTS, queueIt: () => Promise<ActionResult>): Promise<void> =>
    submit(queueIt, TEXTS[action], action === 'reassign' ? '/' : returnHere ? -1 : detailsPath(kind, orderId));

  const scheduleIt = (again: boolean) => {
    const iso = fromLocalInput(when);
    if (!iso) {
      const message = `${again ? 'Failed to reschedule delivery' : 'Failed to schedule delivery'}: choose a date and time`;
      setError(message);
      return;
    }
    void run(again ? 'reschedule' : 'schedule', () => queueSchedule(db, session, { kind, id: orderId, scheduledDate: iso, reschedule: again }));
  };

  return (
    <Stack gap="4">
      <ActionScreenHeader
        title={scheduled ? 'Reschedule delivery' : 'Schedule delivery'}
        order={order}
        orderId={orderId}
        actions={actions}
        extra={order?.is_scheduled_for_delivery ? <Text color="fg.muted">Now scheduled for {formatDateTime(order.scheduled_date)}</Text> : null}
      />
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>Delivery date and time</Field.Label>
              <Input type="datetime-local" bg="bg" value={when} onChange={(e) => {
                  setWhen(e.target.value);
                  setError(null);
                }} data-testid="schedule-date" />
              {error ? <Field.ErrorText data-testid="schedule-error">{error}</Field.ErrorText> : null}
            </Field.Root>
            {scheduled ? (
              <Stack gap="2">
                <Button colorPalette="primary" size="lg" loading={busy} onClick={() => scheduleIt(true)}>
                  Reschedule
                </Button>
                <Button
                  colorPalette="primary"
                  variant="outline"
                  disabled={busy}
                  onClick={() => void run('unschedule', () => queueUnschedule(db, session, { kind, id: orderId }))}
                >
                  Unschedule
                </Button>
              </Stack>
            ) : (
              <Button colorPalette="primary" size="lg" loading={busy} onClick={() => scheduleIt(false)}>
                Schedule
              </Button>
            )}
            <Text color="fg.muted">Works offline: the change is sent when the phone is back online.</Text>
          </Stack>
        </Card.Body>
      </Card.Root>
      <SectionCard title="Reassign to another driver" testId="reassign">
          {drivers === undefined ? (
            <Loading />
          ) : drivers === null ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>The company's drivers are not on this phone yet. Connect once to download them.</Alert.Title>
            </Alert.Root>
          ) : others.length === 0 ? (
            <Text color="fg.muted">There are no other drivers in your company.</Text>
          ) : (
            <Stack gap="3">
              <Stack gap="2" role="radiogroup" aria-label="Driver" data-testid="reassign-driver">
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
                  if (!driverId) setPickError('Choose the driver who takes the order over');
                  else void run('reassign', () => queueReassign(db, session, { kind, id: orderId }, Number(driverId)));
                }}
              >
                Reassign order
              </Button>
              <Text color="fg.muted">The order leaves your list once the office has the change.</Text>
            </Stack>
          )}
      </SectionCard>
      {order ? <OrderRowCard order={order} /> : null}
    </Stack>
  );
}
