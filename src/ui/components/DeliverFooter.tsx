import { Alert, Button } from '@chakra-ui/react';
import { ERROR_TEXT, type ErrorCode } from '../../domain';

/** The end of every delivery form: errors that belong to no field, then Deliver (hidden while queued). */
export function DeliverFooter({ otherErrors, locked, submitting, onDeliver }: {
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
          <Alert.Title>{otherErrors.map((e) => ERROR_TEXT[e]).join('. ')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {!locked ? (
        <Button colorPalette="primary" size="lg" loading={submitting} loadingText="Queueing" onClick={onDeliver}>
          Deliver
        </Button>
      ) : null}
    </>
  );
}
