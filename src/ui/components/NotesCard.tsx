import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { SectionCard } from './SectionCard';
import type { OrderNote } from '../../domain';
import type { QueuedNote } from '../../outbox';
import { formatDateTime } from '../format';
import { useDriverName } from '../hooks/useDriverName';
import { useEntryState } from '../hooks/useEntryState';
import { t } from '../i18n';

interface Props {
  /** The order's notes as last downloaded, with those this phone's commits answered (null: not downloaded yet). */
  notes: OrderNote[] | null;
  /** The driver's notes on the order still in the outbox (`queuedNotes`), newest first. */
  queued?: readonly QueuedNote[];
}

/**
 * The office's and drivers' notes on an order, newest first: first the driver's own not sent
 * yet, each marked as waiting to send (or as needing attention once refused: its card above
 * offers Retry), then the server's. A sent note leaves the outbox and is among the server's
 * (the commit's answer is stored with them), so it never shows twice.
 */
export function NotesCard({ notes, queued = [] }: Props) {
  const sorted = [...(notes ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <SectionCard title={t('order.notes')} testId="order-notes">
      <Stack gap="3">
        {queued.map((item) => (
          <QueuedNoteRow key={item.entry.id} item={item} />
        ))}
        {notes === null ? (
          <Text color="fg.muted">{t('order.notesLater')}</Text>
        ) : sorted.length === 0 && queued.length === 0 ? (
          <Text color="fg.muted">{t('order.noNotes')}</Text>
        ) : (
          sorted.map((note) => (
            <Stack key={note.id} gap="0" data-testid="order-note">
              <Text>{note.note}</Text>
              <Text color="fg.muted">
                {note.author_name} · {formatDateTime(note.created_at)}
              </Text>
            </Stack>
          ))
        )}
      </Stack>
    </SectionCard>
  );
}

function QueuedNoteRow({ item }: { item: QueuedNote }) {
  const refused = useEntryState(item.entry).name === 'needs_attention';
  const author = useDriverName();
  return (
    <Stack gap="1" data-testid="queued-note" data-entry-id={item.entry.id}>
      <Text>{item.note}</Text>
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette={refused ? 'red' : 'orange'} variant="subtle" data-testid="queued-note-mark">
          {refused ? t('order.noteNotSent') : t('order.noteWaiting')}
        </Badge>
        <Text color="fg.muted">
          {author} · {formatDateTime(item.entry.created_at)}
        </Text>
      </HStack>
    </Stack>
  );
}
