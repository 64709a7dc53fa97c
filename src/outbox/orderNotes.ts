import type { OutboxDoc } from '../db';
import type { OrderNote } from '../domain';
import { isCommitted } from './entries';
import { kindDef } from './registry';

// An order's notes as its screens show them: the server's (downloaded with the order, plus
// those this phone's commits answered) and the driver's own still in the outbox. Read from
// the kinds that declare `addsNote`, never by name.

export interface QueuedNote {
  /** The outbox entry carrying it (its state words the mark). */
  entry: OutboxDoc;
  note: string;
}

/** The notes among an order's outbox entries the server does not have yet, newest first. */
export function queuedNotes(entries: readonly OutboxDoc[]): QueuedNote[] {
  return entries
    .flatMap((entry) => {
      const adds = kindDef(entry.kind)?.addsNote;
      return adds && !isCommitted(entry) ? [{ entry, note: adds.text(entry.payload) }] : [];
    })
    .sort((a, b) => b.entry.created_at.localeCompare(a.entry.created_at));
}

/** The stored notes with the one a commit answered, once: a replayed commit or a pull may have it already. */
export function withCommittedNote(notes: readonly OrderNote[], answer: OrderNote): OrderNote[] {
  return [...notes.filter((note) => note.id !== answer.id), answer];
}
