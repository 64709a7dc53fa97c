import { Button, Stack, Text } from '@chakra-ui/react';
import { clockDate } from '../../clock';
import type { OutboxDoc } from '../../db';
import { scenarioFromOutbox } from '../../outbox/scenario/export';
import { registerTexts, t } from '../i18n';
import { outboxExport } from '../i18n/en/outboxExport';
import { saveFile } from '../saveFile';
import { notify } from '../toaster';

registerTexts('outboxExport', outboxExport);

interface Props {
  entries: readonly OutboxDoc[];
  /** The phone's orders (their keys): an entry's order is named by its place among them. */
  orderKeys: readonly string[];
}

/** The outbox as a replay scenario for support (docs/replay.md), saved as a .json file; no card data goes in it. */
export function ExportOutboxButton({ entries, orderKeys }: Props) {
  const run = (): void => {
    const now = clockDate();
    const scenario = scenarioFromOutbox(entries, orderKeys, now);
    const filename = `outbox-${now.toISOString().slice(0, 16).replace(/[:T]/g, '-')}.replay.json`;
    saveFile(`${JSON.stringify(scenario, null, 2)}\n`, filename, 'application/json');
    notify(t('outboxExport.saved', { filename }), 'success');
  };
  return (
    <Stack gap="1" mt="6">
      <Button variant="outline" colorPalette="primary" bg="bg" onClick={run} data-testid="outbox-export">
        {t('outboxExport.button')}
      </Button>
      <Text fontSize="sm" color="fg.muted">
        {t('outboxExport.hint')}
      </Text>
    </Stack>
  );
}
