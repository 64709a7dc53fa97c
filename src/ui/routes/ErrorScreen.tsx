import { Box } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessageScreen } from '../components/MessageScreen';
import { t } from '../i18n';

function errorText(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : null;
}

/**
 * SPEC §2 generic error screen. Loaded eagerly, not as a lazy chunk: it must render even
 * when the failure was a chunk that could not load.
 */
export default function ErrorScreen() {
  const error = useRouteError();
  console.error(error);
  const text = errorText(error);
  return (
    <Box bg="appBg" minH="60dvh">
      <MessageScreen
        title={t('common.messages.somethingWentWrong')}
        lines={text ? [text] : []}
        // A full load, not a client navigation: whatever broke is left behind.
        onHome={() => window.location.assign('/')}
      />
    </Box>
  );
}
