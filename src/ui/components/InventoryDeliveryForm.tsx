import { Card, Stack } from '@chakra-ui/react';
import type { InventoryDraft } from '../../db';
import { validateDelivery, type ErrorCode } from '../../domain';
import { inventoryFacts } from '../../outbox';
import { useDeliverAction } from '../hooks/useDeliverAction';
import { useDraftWriter } from '../hooks/useDraftWriter';
import { COMMON_FIELD_OF, DeliveryCommonFields, type CommonField } from './DeliveryCommonFields';
import { DeliverFooter } from './DeliverFooter';
import { PhotoPicker } from './PhotoPicker';

interface Props {
  kind: 'onlot' | 'move';
  orderId: number;
  draft: InventoryDraft;
  /** True while a queued entry holds this delivery: the form is then read-only. */
  locked: boolean;
}

const FIELD_OF: Partial<Record<ErrorCode, CommonField>> = { ...COMMON_FIELD_OF, DeliveryTimeRequired: 'time' };

/** The on-lot and move delivery form: every change goes to PWADB at once; Deliver queues it. */
export function InventoryDeliveryForm({ kind, orderId, draft, locked }: Props) {
  const writer = useDraftWriter(kind, orderId);
  const { deliver, submitting, errorFor, otherErrors } = useDeliverAction(kind, orderId, writer, FIELD_OF, () => validateDelivery(inventoryFacts(kind, draft)));

  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="5">
          <div data-field="photos">
            <PhotoPicker photos={draft.photos} disabled={locked} invalidText={errorFor('photos')} writer={writer} />
          </div>
          <DeliveryCommonFields draft={draft} writer={writer} locked={locked} errorFor={errorFor} timesRequired />
          <DeliverFooter otherErrors={otherErrors} locked={locked} submitting={submitting} onDeliver={() => void deliver()} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
