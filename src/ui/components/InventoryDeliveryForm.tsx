import { Alert, Button, Card, Stack } from '@chakra-ui/react';
import type { InventoryDraft } from '../../db';
import { ERROR_TEXT, validateDelivery, type ErrorCode } from '../../domain';
import { inventoryFacts } from '../../outbox';
import { useDeliverAction } from '../hooks/useDeliverAction';
import { useDraftWriter } from '../hooks/useDraftWriter';
import { DeliveryCommonFields, type CommonField } from './DeliveryCommonFields';
import { PhotoPicker } from './PhotoPicker';

interface Props {
  kind: 'onlot' | 'move';
  orderId: number;
  draft: InventoryDraft;
  /** True while a queued entry holds this delivery: the form is then read-only. */
  locked: boolean;
}

const FIELD_OF: Partial<Record<ErrorCode, CommonField>> = {
  DeliveryPhotoRequired: 'photos',
  TooManyPhotos: 'photos',
  DeliveryMilesRequired: 'miles',
  DeliveryMilesNegative: 'miles',
  DeliveryTimeRequired: 'time',
  DeliveryEndBeforeStart: 'time',
};

/** The on-lot and move delivery form: every change goes to PWADB at once; Deliver queues it. */
export function InventoryDeliveryForm({ kind, orderId, draft, locked }: Props) {
  const writer = useDraftWriter(kind, orderId);
  const { deliver, attempted, queueErrors, submitting } = useDeliverAction(kind, orderId, writer, (code) => FIELD_OF[code] ?? null);

  // After a first Deliver, errors follow the draft live so fixing a field clears its message.
  const errors: ErrorCode[] = attempted ? validateDelivery(inventoryFacts(kind, draft)) : [];
  const errorFor = (field: CommonField): string | null => {
    const code = errors.find((e) => FIELD_OF[e] === field);
    return code ? ERROR_TEXT[code] : null;
  };
  const otherErrors = queueErrors.filter((e) => !FIELD_OF[e]);

  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="5">
          <div data-field="photos">
            <PhotoPicker photos={draft.photos} disabled={locked} invalidText={errorFor('photos')} writer={writer} />
          </div>
          <DeliveryCommonFields draft={draft} writer={writer} locked={locked} errorFor={errorFor} timesRequired />
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
