import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessageScreen } from '../components/MessageScreen';
import { t } from '../i18n';
import { errorText as driverErrorText } from '../i18n/domainText';

/** What the failure says about itself, if anything (a status, an exception's message). */
function detailOf(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message || null;
  return typeof error === 'string' && error ? error : null;
}

/**
 * SPEC §2 generic error screen: 'Something went wrong', SPEC §8's fallback 'There was an
 * error', then what the failure says about itself (muted: for the office, not the driver), and
 * the way back Home. Loaded eagerly, not as a lazy chunk: it must render even when the
 * failure was a chunk that could not load.
 */
export default function ErrorScreen() {
  const error = useRouteError();
  console.error(error);
  const fallback = driverErrorText('GeneralError');
  const detail = detailOf(error);
  return (
    <div className="error-screen" data-testid="error-screen">
      <MessageScreen
        title={t('common.messages.somethingWentWrong')}
        lines={detail && detail !== fallback ? [fallback, detail] : [fallback]}
        // A full load, not a client navigation: whatever broke is left behind.
        onHome={() => window.location.assign('/')}
      />
    </div>
  );
}
