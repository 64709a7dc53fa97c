// Notes on orders (0002): read per page of orders, written by create_order_note.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { accounts, orderNotes } from '../db/schema';

export interface NoteRow {
  id: number;
  orderId: number;
  note: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
}

/** Notes of these orders (of the company) with their authors' names, oldest first. */
export function notesOfOrders(db: Executor, companyId: number, orderIds: number[]): Promise<NoteRow[]> {
  return db
    .select({
      id: orderNotes.id,
      orderId: orderNotes.orderId,
      note: orderNotes.note,
      createdAt: orderNotes.createdAt,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
    })
    .from(orderNotes)
    .innerJoin(accounts, eq(accounts.id, orderNotes.accountId))
    .where(and(eq(orderNotes.companyId, companyId), inArray(orderNotes.orderId, orderIds)))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}

/** A new note by this account; answers its id and time. */
export async function insertNote(
  tx: Tx,
  note: { orderId: number; companyId: number; accountId: number; note: string },
): Promise<{ id: number; createdAt: Date }> {
  const [created] = await tx.insert(orderNotes).values(note).returning({ id: orderNotes.id, createdAt: orderNotes.createdAt });
  if (!created) throw new Error('note insert returned nothing');
  return created;
}
