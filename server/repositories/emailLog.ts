// email_log (0005): every email the server was asked for, sent, failed or skipped.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailLog } from '../db/schema';

export type NewEmailLogRow = Omit<typeof emailLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertEmailLog(db: Db, row: NewEmailLogRow): Promise<void> {
  await db.insert(emailLog).values(row);
}

/** The addresses a batch (its key) already reached. */
export async function recipientsSentIn(db: Db, batchKey: string): Promise<string[]> {
  const rows = await db
    .select({ recipient: emailLog.recipient })
    .from(emailLog)
    .where(and(eq(emailLog.batchKey, batchKey), eq(emailLog.status, 'sent')));
  return rows.map((r) => r.recipient);
}
