// Uploads (SPEC §7 POST /upload; routes/upload.ts reads the multipart body): every file is
// checked and re-encoded before anything is stored, the bytes go to the file store first (the
// row keeps them, or the object store does), then the rows are written in one transaction with
// the Idempotency-Key record: a request with one bad file stores nothing, and objects of a
// transaction that failed are removed. GET /files/<guid>.<ext> reads one back, to its own
// company only (else 404).
import { createHash, randomUUID } from 'node:crypto';
import { parseUploadPath, type TokenClaims, type UploadResult } from '../../src/domain';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import type { Logger } from '../logger';
import { findUpload, insertUploads, type NewUpload } from '../repositories/uploads';
import type { Complete, Outcome } from './idempotency';
import type { ImageCleaner } from './images';
import type { FileRef, FileStore } from './storage/fileStore';
import { storeFailure } from './storage/storeFailure';

export interface UploadDeps {
  db: Db;
  images: ImageCleaner;
  files: FileStore;
  log: Logger;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** What the Idempotency-Key of an upload is hashed over: the folder and each file's digest. */
export const uploadKeyParts = (folder: string, files: readonly Buffer[]): string[] => [folder, ...files.map(sha256)];

export async function storeUploads(deps: UploadDeps, auth: TokenClaims, folder: string, files: readonly Buffer[], complete: Complete): Promise<Outcome> {
  const cleaned = [];
  for (const bytes of files) cleaned.push(await deps.images.clean(bytes)); // one at a time, and few decodes per instance
  const rows: NewUpload[] = cleaned.map((image) => ({
    guid: randomUUID(),
    companyId: auth.company_id,
    accountId: auth.account_id,
    folder,
    mime: image.kind.mime,
    extension: image.kind.extension,
    bytes: image.bytes, // replaced below by what the row keeps (services/storage)
    byteSize: image.bytes.length,
    sha256: sha256(image.bytes),
    width: image.width,
    height: image.height,
  }));
  const body: UploadResult = rows.map((row) => ({ path: `/files/${row.guid}.${row.extension}`, mimetype: row.mime }));
  const refs: FileRef[] = rows.map((row) => ({ area: 'uploads', companyId: row.companyId, name: `${row.guid}.${row.extension}` }));
  const discard = (): Promise<unknown> => Promise.all(refs.map((ref) => deps.files.discard(ref)));
  try {
    for (const [i, row] of rows.entries()) row.bytes = await deps.files.save(refs[i] as FileRef, row.bytes, row.mime);
  } catch (err) {
    deps.log.error({ err }, 'storing an upload failed');
    void discard(); // no row names them; the answer does not wait on a store that just failed
    throw storeFailure(err, 'UploadFailed');
  }
  try {
    await deps.db.transaction(async (tx) => {
      await insertUploads(tx, rows);
      await complete(tx, 200, body);
    });
  } catch (err) {
    await discard(); // no row names them
    throw err;
  }
  return { status: 200, body };
}

/** The caller's own upload at /files/<name>, as the store reads it; 404 for anything else. */
export async function uploadFile(db: Db, auth: TokenClaims, name: string): Promise<{ ref: FileRef; rowBytes: Buffer; mime: string }> {
  const parsed = parseUploadPath(`/files/${name}`);
  if (!parsed) throw notFound();
  const file = await findUpload(db, auth, parsed.guid);
  const sameType = file && (parsed.extension === file.extension || (parsed.extension === 'jpeg' && file.extension === 'jpg'));
  if (!file || !sameType) throw notFound();
  return { ref: { area: 'uploads', companyId: file.companyId, name: `${parsed.guid}.${file.extension}` }, rowBytes: file.bytes, mime: file.mime };
}
