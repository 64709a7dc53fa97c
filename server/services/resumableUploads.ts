// Resumable uploads (tus, routes/tusUpload.ts): who may touch one, and how a finished one
// becomes an ordinary upload. Every request names the folder, photo type and order of
// POST /upload and is judged by the same rule (uploadRefusal: BucketToUploadPhoto,
// NoPhotoTypeSet, NoOrderIdFound); an upload is only ever seen by the driver of the company
// that created it, for that folder, type and order — anything else is 404 NotFound, as an id
// that does not exist. The finished file goes through storeUploads, the multipart route's
// own check (magic bytes), re-encode, store and row, so both answer the same record.
import { TUS_UPLOAD_ID, uploadRefusal, type TokenClaims, type TusUploadState, type UploadHeaders, type UploadResult } from '../../src/domain';
import { HttpError, notFound } from '../http/errors';
import { findTusUpload, finishTusUpload, staleTusUploads, tusParts } from '../repositories/tusUploads';
import type { ResumableStore, UploadScope } from './tusStore';
import { storeUploads, type UploadDeps } from './uploads';

/** The caller of one tus request: the token's claims and the request's upload headers. */
export interface UploadCaller {
  auth: TokenClaims;
  headers: UploadHeaders;
}

/** SPEC §5 Images on the request's headers (400 with the SPEC error), then where its upload belongs. */
export function scopeOf(caller: UploadCaller): UploadScope {
  const { folder, photoType, orderId } = caller.headers;
  const refusal = uploadRefusal(caller.headers);
  if (refusal || typeof folder !== 'string') throw new HttpError(400, refusal ?? 'BucketToUploadPhoto');
  return {
    companyId: caller.auth.company_id,
    accountId: caller.auth.account_id,
    folder,
    photoType: typeof photoType === 'string' ? photoType : null,
    orderRef: typeof orderId === 'string' ? orderId.trim() : null,
  };
}

/** The upload's id from the creation's metadata (the image id); 400 when it names none. */
export function uploadIdOf(metadata: Record<string, string | null> | undefined): string {
  const id = metadata?.id;
  if (typeof id !== 'string' || !TUS_UPLOAD_ID.test(id)) throw new HttpError(400, 'InvalidRequest', 'Upload-Metadata must name the image id');
  return id;
}

/**
 * Any request on upload `id`: the headers must pass, and an existing upload must be the
 * caller's, with the same folder, type and order. A creation of an id that is not there yet passes.
 */
export async function authorizeUpload(deps: { db: UploadDeps['db'] }, caller: UploadCaller, id: string): Promise<void> {
  if (!TUS_UPLOAD_ID.test(id)) throw notFound();
  const scope = scopeOf(caller);
  const upload = await findTusUpload(deps.db, id);
  if (!upload) return;
  const same =
    upload.companyId === scope.companyId &&
    upload.accountId === scope.accountId &&
    upload.folder === scope.folder &&
    upload.photoType === scope.photoType &&
    upload.orderRef === scope.orderRef;
  if (!same) throw notFound();
}

/** GET /upload/tus/:id: what HEAD says, as JSON; 404 for none (or not the caller's). */
export async function uploadState(deps: { db: UploadDeps['db'] }, caller: UploadCaller, id: string): Promise<TusUploadState> {
  await authorizeUpload(deps, caller, id);
  const upload = await findTusUpload(deps.db, id);
  if (!upload) throw notFound();
  return { offset: upload.offset, length: upload.size, result: upload.result };
}

/** The finished upload's answer, if it has one (a HEAD after the last PATCH's answer was lost). */
export async function resultOf(deps: { db: UploadDeps['db'] }, id: string): Promise<UploadResult | null> {
  return (await findTusUpload(deps.db, id))?.result ?? null;
}

/**
 * The last byte is in: the file is checked, re-encoded and stored like a multipart upload, and
 * the answer recorded with it in one transaction. A refused file (400 WrongImageExtension)
 * removes the upload and its bytes: nothing of it stays. Any other failure (the store down)
 * drops the last part, so the phone's retry sends it again and the upload finishes again.
 */
export async function finishUpload(deps: UploadDeps & { store: ResumableStore }, auth: TokenClaims, id: string): Promise<UploadResult> {
  const upload = await findTusUpload(deps.db, id);
  if (!upload) throw notFound();
  if (upload.result) return upload.result;
  const parts = await tusParts(deps.db, id);
  try {
    const bytes = await deps.store.bytesOf(id, upload.companyId);
    const outcome = await storeUploads(deps, auth, upload.folder, [bytes], (tx, _status, body) => finishTusUpload(tx, id, body as UploadResult));
    await deps.store.discardParts(upload.companyId, parts);
    return outcome.body as UploadResult;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) await deps.store.remove(id);
    else await deps.store.dropLastPart(id, upload.companyId);
    throw err;
  }
}

const DAY_MS = 86_400_000;
/** An unfinished upload waits a week for its phone (an outbox keeps work that long at least); a finished one answers its HEAD for 30 days, as an Idempotency-Key does. */
export const UNFINISHED_UPLOAD_DAYS = 7;
export const FINISHED_UPLOAD_DAYS = 30;

/** Removes uploads past their time, their parts' bytes too; idempotent (services/jobs.ts). Answers how many. */
export async function purgeResumableUploads(deps: { db: UploadDeps['db']; store: ResumableStore }, nowMs: number): Promise<number> {
  const stale = await staleTusUploads(deps.db, new Date(nowMs - UNFINISHED_UPLOAD_DAYS * DAY_MS), new Date(nowMs - FINISHED_UPLOAD_DAYS * DAY_MS));
  for (const upload of stale) await deps.store.remove(upload.id).catch(() => undefined); // gone meanwhile: another instance's run
  return stale.length;
}
