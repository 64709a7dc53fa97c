import { Alert, Button, Card, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { queueOnlotDelivery, type InventoryDraft } from '../../db';
import { ERROR_TEXT, validateDelivery, type ErrorCode } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { useSession } from '../hooks/useAuth';
import { useDatabase } from '../hooks/useDatabase';
import { useDraftWriter } from '../hooks/useDraftWriter';
import { useNavigatorOnline } from '../hooks/useSyncStatus';
import { notify } from '../toaster';
import { GpsField } from './GpsField';
import { PhotoPicker } from './PhotoPicker';
import { TimeField } from './TimeField';

interface Props {
  onlotId: number;
  draft: InventoryDraft;
  /** True while a queued entry holds this delivery: the form is then read-only. */
  locked: boolean;
  /** False until the details are pulled or the driver first types something. */
  docExists: boolean;
}

const FIELD_OF: Partial<Record<ErrorCode, 'photos' | 'miles' | 'time'>> = {
  DeliveryPhotoRequired: 'photos',
  TooManyPhotos: 'photos',
  DeliveryMilesRequired: 'miles',
  DeliveryTimeRequired: 'time',
  DeliveryEndBeforeStart: 'time',
};

function parseMiles(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** The on-lot delivery form: every change goes to PWADB at once; Deliver queues it. */
export function OnlotDeliveryForm({ onlotId, draft, locked, docExists }: Props) {
  const db = useDatabase();
  const session = useSession();
  const navigate = useNavigate();
  const online = useNavigatorOnline();
  const writer = useDraftWriter(onlotId);
  const [miles, setMiles] = useState(() => (draft.deliveryMilesDriven === null ? '' : String(draft.deliveryMilesDriven)));
  const [note, setNote] = useState(draft.deliveryNote);
  const [attempted, setAttempted] = useState(false);
  const [queueErrors, setQueueErrors] = useState<ErrorCode[]>([]);
  const [submitting, setSubmitting] = useState(false);

  // After a first Deliver, errors follow the draft live so fixing a field clears its message.
  const errors: ErrorCode[] = attempted
    ? validateDelivery({ kind: 'onlot', photoCount: draft.photos.length, milesDriven: parseMiles(miles), began: draft.deliveryBegan, ended: draft.deliveryEnded })
    : [];
  const errorFor = (field: 'photos' | 'miles' | 'time'): string | null => {
    const code = errors.find((e) => FIELD_OF[e] === field);
    return code ? ERROR_TEXT[code] : null;
  };
  const otherErrors = queueErrors.filter((e) => !FIELD_OF[e]);

  const deliver = async (): Promise<void> => {
    setSubmitting(true);
    try {
      // Validation reports missing fields, not a missing record: create the draft if needed.
      if (!docExists) writer.patch({});
      await writer.flush(); // the last keystroke must be in the draft being validated
      const result = await queueOnlotDelivery(db, session, onlotId);
      setQueueErrors(result.ok ? [] : result.errors);
      if (!result.ok) {
        setAttempted(true);
        notify(ERROR_TEXT[result.errors[0] ?? 'GeneralError'], 'error');
        return;
      }
      notify(online ? 'Attempting to deliver order' : 'Delivery queued — it will be sent when you are online', 'info');
      void getSyncClient().syncNow();
      void navigate('/');
    } catch (error) {
      console.error('queueing the delivery failed', error);
      notify(ERROR_TEXT.FailedToDeliverInventoryOrder, 'error');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="5">
          <PhotoPicker onlotId={onlotId} photos={draft.photos} disabled={locked} invalidText={errorFor('photos')} writer={writer} />
          <Field.Root invalid={Boolean(errorFor('miles'))} disabled={locked}>
            <Field.Label>Miles driven</Field.Label>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step="0.1"
              bg="bg"
              value={miles}
              onChange={(e) => {
                setMiles(e.target.value);
                writer.patch({ deliveryMilesDriven: parseMiles(e.target.value) });
              }}
            />
            {errorFor('miles') ? <Field.ErrorText>{errorFor('miles')}</Field.ErrorText> : null}
          </Field.Root>
          <Stack gap="3">
            <TimeField label="Delivery started" value={draft.deliveryBegan} disabled={locked} invalid={Boolean(errorFor('time'))} onChange={(iso) => writer.patch({ deliveryBegan: iso })} />
            <TimeField label="Delivery ended" value={draft.deliveryEnded} disabled={locked} invalid={Boolean(errorFor('time'))} onChange={(iso) => writer.patch({ deliveryEnded: iso })} />
            {errorFor('time') ? (
              <Field.Root invalid>
                <Field.ErrorText>{errorFor('time')}</Field.ErrorText>
              </Field.Root>
            ) : null}
          </Stack>
          <GpsField
            lat={draft.deliveryGpsLat}
            lon={draft.deliveryGpsLon}
            disabled={locked}
            onChange={(pos) => writer.patch({ deliveryGpsLat: pos?.lat ?? null, deliveryGpsLon: pos?.lon ?? null })}
          />
          <Field.Root disabled={locked}>
            <Field.Label>Note</Field.Label>
            <Textarea
              bg="bg"
              rows={3}
              maxLength={4000}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                writer.patch({ deliveryNote: e.target.value });
              }}
            />
          </Field.Root>
          {otherErrors.length > 0 ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{otherErrors.map((e) => ERROR_TEXT[e]).join('. ')}</Alert.Title>
            </Alert.Root>
          ) : null}
          {!locked ? (
            <Button colorPalette="primary" size="lg" loading={submitting} loadingText="Queueing" onClick={() => void deliver()}>
              Deliver
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
