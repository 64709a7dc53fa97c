// uploads (0001): stored images' rows (metadata, company, and the bytes unless the object
// store keeps them). Every read is scoped to the caller's company and to the caller, who
// uploaded it (DESIGN §6): another driver's photo, signature or check reads as missing.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { TokenClaims } from '../../src/domain';
import type { Executor, Tx } from '../db/client';
import { uploads } from '../db/schema';

export type NewUpload = typeof uploads.$inferInsert;

/** One row per statement: on PGlite a statement's bytes all pass through its WASM heap at once, which never shrinks. */
export async function insertUploads(tx: Tx, rows: readonly NewUpload[]): Promise<void> {
  for (const row of rows) await tx.insert(uploads).values(row);
}

/** The one filter of an upload read: the caller's company and the caller's own upload. */
const callersUploads = (auth: TokenClaims): SQL => and(eq(uploads.companyId, auth.company_id), eq(uploads.accountId, auth.account_id)) as SQL;

/** The caller's upload with this guid: what serving it needs. */
export async function findUpload(db: Executor, auth: TokenClaims, guid: string) {
  const [row] = await db
    .select({ bytes: uploads.bytes, mime: uploads.mime, extension: uploads.extension, companyId: uploads.companyId })
    .from(uploads)
    .where(and(eq(uploads.guid, guid), callersUploads(auth)));
  return row;
}

/** Whether the caller has this upload in this folder. */
export async function uploadIsIn(db: Executor, auth: TokenClaims, guid: string, folder: string): Promise<boolean> {
  const [row] = await db
    .select({ guid: uploads.guid })
    .from(uploads)
    .where(and(eq(uploads.guid, guid), callersUploads(auth), eq(uploads.folder, folder)));
  return row !== undefined;
}

/** How many of these guids are the caller's uploads in one of the folders. */
export async function countUploadsIn(db: Executor, auth: TokenClaims, guids: string[], folders: readonly string[]): Promise<number> {
  const found = await db
    .select({ guid: uploads.guid })
    .from(uploads)
    .where(and(inArray(uploads.guid, guids), callersUploads(auth), inArray(uploads.folder, [...folders])));
  return found.length;
}
