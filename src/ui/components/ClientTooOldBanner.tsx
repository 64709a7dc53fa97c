import { useState } from 'react';
import { updateApp } from '../appUpdate';
import { Button } from '../plain/controls';
import { t } from '../i18n';

/**
 * Persistent while the sync status says clientTooOld (the outbox is paused, nothing is lost):
 * under the app bar, with "Update app", which loads the newest build (appUpdate.ts).
 * Black on yellow.200 is over 15:1.
 */
export function ClientTooOldBanner() {
  const [updating, setUpdating] = useState(false);
  return (
    <div role="alert" data-testid="client-too-old" className="client-too-old">
      <p>{t('common.clientTooOld.text')}</p>
      <Button
        size="sm"
        palette="gray"
        loading={updating}
        onClick={() => {
          setUpdating(true);
          void updateApp().finally(() => setUpdating(false));
        }}
        data-testid="update-app"
      >
        {t('common.clientTooOld.update')}
      </Button>
    </div>
  );
}
