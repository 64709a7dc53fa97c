import { useEffect } from 'react';
import { t } from './i18n';

// Shown in place of the splash when the app's own code did not arrive at a cold start (one
// bar of signal, no service worker yet). Plain elements with inline styles: Chakra is in the
// chunk that failed. The splash's colours: #155679 on white is 7.6:1; white on #155679 too.
// Sizes in rem: the text follows the driver's text size (issue 25).
const box = {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1.25rem',
  padding: '1.5rem',
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  textAlign: 'center',
} as const;
const button = {
  minHeight: '3rem',
  minWidth: '3rem',
  padding: '0.75rem 1.5rem',
  fontSize: '1.125rem',
  fontWeight: 600,
  color: '#ffffff',
  background: '#155679',
  border: 'none',
  borderRadius: '8px',
} as const;

/** The app did not load: say so, keep the driver's work in mind, and try again on a tap or when the browser is back online. */
export function BootFailure({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div style={box} role="alert" data-testid="boot-failure">
      <p style={{ margin: 0, fontSize: '2.25rem', lineHeight: '2.75rem', fontWeight: 700, color: '#155679' }}>Driver App</p>
      <p style={{ margin: 0, fontSize: '1.125rem', lineHeight: '1.625rem', color: '#1a202c', maxWidth: '30em' }}>{t('common.appDidNotLoad')}</p>
      <button type="button" style={button} onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
