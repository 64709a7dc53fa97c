import { Button, Card, Field, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ORDER_NOTE_MAX, orderKey, type OrderKind } from '../../domain';
import { queueNote } from '../../outbox';
import { Loading } from '../components/Loading';
import { OrderNotFound } from '../components/OrderNotFound';
import { ActionScreenHeader } from '../components/ActionScreenHeader';
import { useSession } from '../hooks/useAuth';
import { useDatabase } from '../hooks/useDatabase';
import { useOrderBundle } from '../hooks/useDelivery';
import { useIntentSubmit } from '../hooks/useIntentSubmit';
import { useOrderRefParam } from '../hooks/useOrderRefParam';
import { detailsPath, opensToReturn } from '../orderLinks';
import { registerTexts, t } from '../i18n';
import { schedule as scheduleTexts } from '../i18n/en/schedule';
import NotFound from './NotFound';

registerTexts('schedule', scheduleTexts);

/** /create-note/:id?{customerOrder,onlotInventoryOrder,inventoryMoveOrder}=true (SPEC §2): a note for the office. */
export default function CreateNote() {
  const ref = useOrderRefParam();
  if (ref.orderId === 0) return <NotFound />;
  return <Note key={`${ref.kind}-${ref.orderId}`} kind={ref.kind} orderId={ref.orderId} />;
}

function Note({ kind, orderId }: { kind: OrderKind; orderId: number }) {
  const db = useDatabase();
  const session = useSession();
  const returnHere = opensToReturn(useLocation().state);
  const { order, delivery, actions } = useOrderBundle(kind, orderId);
  const [text, setText] = useState('');
  const { submit, busy, error, setError } = useIntentSubmit();
  if (order === undefined || delivery === undefined) return <Loading />;
  if (!order && !delivery) return <OrderNotFound orderKey={orderKey(kind, orderId)} />;

  const save = (): Promise<void> =>
    submit(
      () => queueNote(db, session, { kind, id: orderId }, text),
      { progress: t('schedule.noteProgress'), success: t('schedule.noteSuccess') },
      returnHere ? -1 : detailsPath(kind, orderId),
    );

  return (
    <Stack gap="4">
      <ActionScreenHeader title={t('schedule.addNote')} order={order} orderId={orderId} actions={actions} />
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>{t('schedule.noteForOffice')}</Field.Label>
              <Textarea
                bg="bg"
                rows={6}
                value={text}
                maxLength={ORDER_NOTE_MAX}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
                placeholder={t('schedule.notePlaceholder')}
                data-testid="note-text"
              />
              <Field.HelperText>{t('schedule.noteHelper', { length: text.length, max: ORDER_NOTE_MAX })}</Field.HelperText>
              {error ? <Field.ErrorText data-testid="note-error">{error}</Field.ErrorText> : null}
            </Field.Root>
            <Button colorPalette="primary" size="lg" loading={busy} onClick={() => void save()}>
              {t('schedule.saveNote')}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
