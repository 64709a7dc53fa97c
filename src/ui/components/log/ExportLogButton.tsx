import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { LogFilters } from '../../../domain';
import { getSyncClient } from '../../../workers/client';
import { saveFile } from '../../saveFile';
import { notify } from '../../toaster';
import { OnlineOnlyNote, WAITS_FOR_CONNECTION } from '../OnlineOnlyNote';
import { t } from '../../i18n';
import { knownText } from '../../i18n/domainText';

/** The CSV export (SPEC §7 raw response): online only; offline the button says why it waits. */
export function ExportLogButton({ filters, online }: { filters: LogFilters; online: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = async (): Promise<void> => {
    setBusy(true);
    try {
      const outcome = await getSyncClient().exportDeliveryLog(filters);
      if (outcome.ok) {
        saveFile(outcome.bytes, outcome.filename, outcome.type);
        notify(`Saved ${outcome.filename}`, 'success');
      } else {
        notify(outcome.offline ? t('log.exportOffline') : knownText(outcome.message), outcome.offline ? 'warning' : 'error');
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2">
      <Button
        colorPalette="primary"
        variant="outline"
        bg="bg"
        {...WAITS_FOR_CONNECTION}
        disabled={!online}
        loading={busy}
        onClick={() => void run()}
        data-testid="log-export"
      >
        {t('log.exportCsv')}
      </Button>
      {!online ? (
        <OnlineOnlyNote title={t('log.exportNeedsConnection')} testId="log-export-offline">
          {t('log.exportExplain')}
        </OnlineOnlyNote>
      ) : null}
    </Stack>
  );
}
