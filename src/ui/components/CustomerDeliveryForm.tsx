import { Alert, Card, Stack } from '@chakra-ui/react';
import { SectionCard } from './SectionCard';
import type { CustomerDraft } from '../../db';
import { validateDelivery, type CustomerDeliveryDetails, type SavedCheck } from '../../domain';
import { customerFacts } from '../../outbox';
import { useDeliverAction } from '../hooks/useDeliverAction';
import { useDraftWriter } from '../hooks/useDraftWriter';
import { registerTexts, t } from '../i18n';
import { deliver as deliverTexts } from '../i18n/en/deliver';
import { HappyListField, toggled } from './customer/HappyListField';
import { PaymentFields } from './customer/PaymentFields';
import { CUSTOMER_FIELD_OF } from './customer/customerFields';
import { SurveyFields } from './customer/SurveyFields';
import { DeliveryCommonFields } from './DeliveryCommonFields';
import { DeliverFooter } from './DeliverFooter';
import { PhotoPicker } from './PhotoPicker';
import { SignaturePad } from './SignaturePad';

registerTexts('deliver', deliverTexts);

interface Props {
  orderId: number;
  details: CustomerDeliveryDetails;
  draft: CustomerDraft;
  savedChecks: SavedCheck[] | null;
  locked: boolean;
}

/**
 * Delivering a customer order (SPEC §1, §5): photos, signature, miles, times, GPS, note,
 * happy list, survey and payment (RTO orders take no payment). Every change is written to
 * PWADB at once; Deliver runs every rule and queues the call the payment choice takes.
 */
export function CustomerDeliveryForm({ orderId, details, draft, savedChecks, locked }: Props) {
  const writer = useDraftWriter('customer', orderId);
  const { deliver, submitting, errorFor, otherErrors } = useDeliverAction('customer', orderId, writer, CUSTOMER_FIELD_OF, () =>
    validateDelivery(customerFacts(details, draft)),
  );

  return (
    <Stack gap="4">
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="5">
            <div data-field="photos">
              <PhotoPicker photos={draft.photos} disabled={locked} invalidText={errorFor('photos')} writer={writer} />
            </div>
            <div data-field="signature">
              <SignaturePad
                value={draft.signature}
                from={draft.signatureFrom}
                disabled={locked}
                invalidText={errorFor('signature')}
                writer={writer}
                onFromChange={(from) => writer.patch({ signatureFrom: from })}
              />
            </div>
            <DeliveryCommonFields draft={draft} writer={writer} locked={locked} errorFor={errorFor} timesRequired={false} />
          </Stack>
        </Card.Body>
      </Card.Root>
      {details.happy_list_results.length > 0 || details.driver_delivery_survey_questions.length > 0 ? (
        <Card.Root size="sm">
          <Card.Body>
            <Stack gap="5">
              <HappyListField
                items={details.happy_list_results}
                ticked={draft.happyList}
                disabled={locked}
                onToggle={(item, ticked) => writer.update((stored) => ({ happyList: toggled(stored.happyList, item, ticked) }))}
              />
              <SurveyFields
                questions={details.driver_delivery_survey_questions}
                answers={draft.surveyAnswers}
                disabled={locked}
                invalidText={errorFor('survey')}
                onAnswer={(id, answer) => writer.update((stored) => ({ surveyAnswers: { ...stored.surveyAnswers, [String(id)]: answer } }))}
              />
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : null}
      <SectionCard title={details.is_rto ? t('deliver.rentToOwn') : t('deliver.payment')} testId="payment">
        {details.is_rto ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{details.rto_company_name ? t('deliver.rtoNoteWith', { company: details.rto_company_name }) : t('deliver.rtoNote')}</Alert.Title>
          </Alert.Root>
        ) : (
          <PaymentFields orderId={orderId} details={details} draft={draft} savedChecks={savedChecks} writer={writer} locked={locked} errorFor={errorFor} />
        )}
      </SectionCard>
      <DeliverFooter otherErrors={otherErrors} locked={locked} submitting={submitting} onDeliver={() => void deliver()} />
    </Stack>
  );
}
