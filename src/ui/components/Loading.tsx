import { Spinner } from '../plain/controls';
import { t } from '../i18n';

/** Shown while PWADB opens or a lazy screen loads; never while waiting on the network. */
export function Loading({ label, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <div className={fullScreen ? 'loading loading--full' : 'loading'} role="status" aria-live="polite">
      <Spinner size="lg" />
      <p>{label ?? t('common.loading')}</p>
    </div>
  );
}
