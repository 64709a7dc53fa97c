import { Alert, Button } from '@chakra-ui/react';
import type { ErrorCode } from '../../domain';
import { registerTexts, t } from '../i18n';
import { order as orderTexts } from '../i18n/en/order';
import { errorText } from '../i18n/domainText';

registerTexts('order', orderTexts);

/** The end of every delivery form: errors that belong to no field, then Deliver (hidden while queued). */
export function DeliverFooter({
  otherErrors,
  locked,
  submitting,
  onDeliver,
}: {
  otherErrors: readonly ErrorCode[];
  locked: boolean;
  submitting: boolean;
  onDeliver: () => void;
}) {
  return (
    <>
      {otherErrors.length > 0 ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{otherErrors.map((e) => errorText(e)).join('. ')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {!locked ? (
        <Button colorPalette="primary" size="lg" loading={submitting} loadingText={t('order.queueing')} onClick={onDeliver}>
          {t('order.deliver')}
        </Button>
      ) : null}
    </>
  );
}
