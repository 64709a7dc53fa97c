import { Button, Card, Field, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ORDER_NOTE_MAX, type OrderKind } from '../../domain';
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
import NotFound from './NotFound';

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
  if (!order && !delivery) return <OrderNotFound />;

  const save = (): Promise<void> =>
    submit(() => queueNote(db, session, { kind, id: orderId }, text), { progress: 'Sending the note', success: 'Note added' }, returnHere ? -1 : detailsPath(kind, orderId));

  return (
    <Stack gap="4">
      <ActionScreenHeader title="Add note" order={order} orderId={orderId} actions={actions} />
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>Note for the office</Field.Label>
              <Textarea
                bg="bg"
                rows={6}
                value={text}
                maxLength={ORDER_NOTE_MAX}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
                placeholder="e.g. Gate code 1234, call the customer 30 minutes ahead"
                data-testid="note-text"
              />
              <Field.HelperText>
                {text.length}/{ORDER_NOTE_MAX} · saved on this phone and sent when online
              </Field.HelperText>
              {error ? <Field.ErrorText data-testid="note-error">{error}</Field.ErrorText> : null}
            </Field.Root>
            <Button colorPalette="primary" size="lg" loading={busy} onClick={() => void save()}>
              Save note
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
