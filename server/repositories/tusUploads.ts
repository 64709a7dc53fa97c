// tus_uploads and tus_upload_parts (0018): resumable uploads and the bytes they hold so far.
// An upload's offset is the sum of its parts; a part is only added under the upload's row lock
// at exactly that offset, so two requests racing on one upload cannot both write.
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { UploadResult } from '../../src/domain';
import type { Executor, Tx } from '../db/client';
import { tusUploadParts, tusUploads } from '../db/schema';

export type TusUploadRow = typeof tusUploads.$inferSelect;
export type NewTusUpload = typeof tusUploads.$inferInsert;
export type TusPartRow = typeof tusUploadParts.$inferSelect;

/** The upload and the bytes it holds so far; undefined when there is none. */
export async function findTusUpload(db: Executor, id: string): Promise<(TusUploadRow & { offset: number }) | undefined> {
  const [row] = await db.select().from(tusUploads).where(eq(tusUploads.id, id));
  if (!row) return undefined;
  // A finished upload's parts are gone: its bytes are the stored file's.
  return { ...row, offset: row.result ? row.size : await offsetOf(db, id) };
}

async function offsetOf(db: Executor, id: string): Promise<number> {
  const [sum] = await db
    .select({ n: sql<number>`coalesce(sum(${tusUploadParts.byteSize}), 0)::int` })
    .from(tusUploadParts)
    .where(eq(tusUploadParts.uploadId, id));
  return sum?.n ?? 0;
}

/** Creates the upload; an existing one of that id is kept as it is (a creation repeated after a lost answer). */
export async function insertTusUpload(db: Executor, row: NewTusUpload): Promise<void> {
  await db.insert(tusUploads).values(row).onConflictDoNothing({ target: tusUploads.id });
}

/** Locks the upload's row for the transaction; answers its offset, or null when it is gone. */
export async function lockTusUpload(tx: Tx, id: string): Promise<number | null> {
  const [row] = await tx.select({ id: tusUploads.id }).from(tusUploads).where(eq(tusUploads.id, id)).for('update');
  return row ? offsetOf(tx, id) : null;
}

export async function insertTusPart(tx: Tx, part: TusPartRow): Promise<void> {
  await tx.insert(tusUploadParts).values(part);
}

/** The upload's parts in order, with what their rows keep. */
export function tusParts(db: Executor, id: string): Promise<TusPartRow[]> {
  return db.select().from(tusUploadParts).where(eq(tusUploadParts.uploadId, id)).orderBy(asc(tusUploadParts.startOffset));
}

export async function deleteTusPart(db: Executor, id: string, startOffset: number): Promise<void> {
  await db.delete(tusUploadParts).where(and(eq(tusUploadParts.uploadId, id), eq(tusUploadParts.startOffset, startOffset)));
}

/** The finished upload keeps its answer; its parts go (their bytes are now the stored file's). */
export async function finishTusUpload(db: Executor, id: string, result: UploadResult): Promise<void> {
  await db.update(tusUploads).set({ result }).where(eq(tusUploads.id, id));
  await db.delete(tusUploadParts).where(eq(tusUploadParts.uploadId, id));
}

/** The upload and its parts' rows. */
export async function deleteTusUpload(db: Executor, id: string): Promise<void> {
  await db.delete(tusUploads).where(eq(tusUploads.id, id)); // parts cascade
}

/** Uploads past their time: unfinished ones created before `unfinishedBefore`, finished ones before `finishedBefore`. */
export function staleTusUploads(db: Executor, unfinishedBefore: Date, finishedBefore: Date): Promise<{ id: string; companyId: number }[]> {
  return db
    .select({ id: tusUploads.id, companyId: tusUploads.companyId })
    .from(tusUploads)
    .where(
      or(
        and(isNull(tusUploads.result), lt(tusUploads.createdAt, unfinishedBefore)),
        and(isNotNull(tusUploads.result), lt(tusUploads.createdAt, finishedBefore)),
      ),
    );
}
