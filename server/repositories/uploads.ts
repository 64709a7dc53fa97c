// uploads (0001): stored images' rows (metadata, company, and the bytes unless the object
// store keeps them). Every read is scoped to the caller's company.
import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { uploads } from '../db/schema';

export type NewUpload = typeof uploads.$inferInsert;

/** One row per statement: on PGlite a statement's bytes all pass through its WASM heap at once, which never shrinks. */
export async function insertUploads(tx: Tx, rows: readonly NewUpload[]): Promise<void> {
  for (const row of rows) await tx.insert(uploads).values(row);
}

/** The company's upload with this guid: what serving it needs. */
export async function findUpload(db: Executor, companyId: number, guid: string) {
  const [row] = await db
    .select({ bytes: uploads.bytes, mime: uploads.mime, extension: uploads.extension, companyId: uploads.companyId })
    .from(uploads)
    .where(and(eq(uploads.guid, guid), eq(uploads.companyId, companyId)));
  return row;
}

/** Whether the company has this upload in this folder. */
export async function uploadIsIn(db: Executor, companyId: number, guid: string, folder: string): Promise<boolean> {
  const [row] = await db
    .select({ guid: uploads.guid })
    .from(uploads)
    .where(and(eq(uploads.guid, guid), eq(uploads.companyId, companyId), eq(uploads.folder, folder)));
  return row !== undefined;
}
