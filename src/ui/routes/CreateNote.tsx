import { Button, Card, Field, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ORDER_NOTE_MAX, parseOrderRef, type OrderKind } from '../../domain';
import { queueNote } from '../../outbox';
import { announceQueued } from '../announce';
import { Loading } from '../components/Loading';
import { OutboxEntryCard } from '../components/OutboxEntryCard';
import { useSession } from '../hooks/useAuth';
import { useDatabase } from '../hooks/useDatabase';
import { useOrderBundle } from '../hooks/useDelivery';
import { detailsPath, opensToReturn } from '../orderLinks';
import { notify } from '../toaster';
import NotFound from './NotFound';

/** /create-note/:id?{customerOrder,onlotInventoryOrder,inventoryMoveOrder}=true (SPEC §2): a note for the office. */
export default function CreateNote() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const ref = parseOrderRef(id || (params.get('orderId') ?? ''), {
    customerOrder: params.get('customerOrder') === 'true',
    onlotInventoryOrder: params.get('onlotInventoryOrder') === 'true',
    inventoryMoveOrder: params.get('inventoryMoveOrder') === 'true',
  });
  if (ref.orderId === 0) return <NotFound />;
  return <Note key={`${ref.kind}-${ref.orderId}`} kind={ref.kind} orderId={ref.orderId} />;
}

function Note({ kind, orderId }: { kind: OrderKind; orderId: number }) {
  const db = useDatabase();
  const session = useSession();
  const navigate = useNavigate();
  const returnHere = opensToReturn(useLocation().state);
  const { order, delivery, actions } = useOrderBundle(kind, orderId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (order === undefined || delivery === undefined) return <Loading />;
  if (!order && !delivery) return <NotFound />;

  const save = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const result = await queueNote(db, session, { kind, id: orderId }, text);
      if (!result.ok) {
        setError(result.message);
        return;
      }
      announceQueued(db, result.entryId, { progress: 'Sending the note', success: 'Note added' });
      void (returnHere ? navigate(-1) : navigate(detailsPath(kind, orderId)));
    } catch (e) {
      notify(e instanceof Error ? e.message : 'There was an error', 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4">
      <Stack gap="0">
        <Heading as="h2" fontSize="h1">
          Add note
        </Heading>
        <Text color="fg.muted">
          {order ? `${order.customer_name ?? order.dealer_name} · ${order.building_model} · Serial ${order.serial_number}` : `Order #${orderId}`}
        </Text>
      </Stack>
      {actions.map((action) => (
        <OutboxEntryCard key={action.id} entry={action} order={order ?? undefined} />
      ))}
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
