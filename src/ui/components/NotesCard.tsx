import { Stack, Text } from '@chakra-ui/react';
import { SectionCard } from './SectionCard';
import type { OrderNote } from '../../domain';
import { formatDateTime } from '../format';
import { t } from '../i18n';

/** The office's and drivers' notes on an order, newest first, as last downloaded. */
export function NotesCard({ notes }: { notes: OrderNote[] | null }) {
  const sorted = [...(notes ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <SectionCard title={t('order.notes')} testId="order-notes">
      {notes === null ? (
        <Text color="fg.muted">{t('order.notesLater')}</Text>
      ) : sorted.length === 0 ? (
        <Text color="fg.muted">{t('order.noNotes')}</Text>
      ) : (
        <Stack gap="3">
          {sorted.map((note) => (
            <Stack key={note.id} gap="0">
              <Text>{note.note}</Text>
              <Text color="fg.muted">
                {note.author_name} · {formatDateTime(note.created_at)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
