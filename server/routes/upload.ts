// POST /upload: multipart file-0…file-4, header x-upload-folder (SPEC §7). All files are
// read and checked before anything is stored, and stored in one transaction: a request
// with one bad file stores nothing. The bytes go to ctx.files first (the row keeps them, or
// the object store does); objects of a transaction that failed are removed.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API, UPLOAD_FOLDERS, UPLOAD_FOLDER_HEADER, type TokenClaims, type UploadResult } from '../../src/domain';
import type { AppContext } from '../context';
import { uploads } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';
import { runIdempotent } from '../http/keyedAnswers';
import type { FileRef } from '../services/storage/fileStore';
import { storeFailure } from './storedFiles';

const FILE_FIELD = /^file-\d{1,2}$/;

export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API.upload, async (request, reply) => {
    const auth = authOf(request);
    const folder = request.headers[UPLOAD_FOLDER_HEADER];
    if (typeof folder !== 'string' || !(UPLOAD_FOLDERS as readonly string[]).includes(folder)) {
      throw new HttpError(400, 'BucketToUploadPhoto');
    }
    if (!request.isMultipart()) throw new HttpError(400, 'InvalidRequest', 'The upload must be multipart/form-data');
    // At most a few uploads of one account at once (429 past it), counted before the body is read.
    const leave = ctx.uploadsInFlight.enter(String(auth.account_id));
    try {
      return await receive(request, reply, auth, folder);
    } finally {
      leave();
    }
  });

  async function receive(request: FastifyRequest, reply: FastifyReply, auth: TokenClaims, folder: string): Promise<unknown> {
    const files: Buffer[] = [];
    let badField: string | null = null;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue; // plain fields carry nothing we use
      const bytes = await part.toBuffer(); // throws FST_REQ_FILE_TOO_LARGE past the limit
      if (!FILE_FIELD.test(part.fieldname)) badField = part.fieldname;
      files.push(bytes);
    }
    if (badField !== null) throw new HttpError(400, 'InvalidRequest', `Unexpected file field ${badField.slice(0, 40)}`);
    if (files.length === 0) throw new HttpError(400, 'InvalidRequest', 'No file was uploaded');
    const digests = files.map((bytes) => createHash('sha256').update(bytes).digest('hex'));

    return runIdempotent({
      db: ctx.db, request, reply, auth,
      parts: [folder, ...digests],
      work: async (complete) => {
        const cleaned = [];
        for (const bytes of files) cleaned.push(await ctx.images.clean(bytes)); // one at a time, and few decodes per instance
        const rows = cleaned.map((image) => ({
          guid: randomUUID(),
          companyId: auth.company_id,
          accountId: auth.account_id,
          folder,
          mime: image.kind.mime,
          extension: image.kind.extension,
          bytes: image.bytes, // replaced below by what the row keeps (services/storage)
          byteSize: image.bytes.length,
          sha256: createHash('sha256').update(image.bytes).digest('hex'),
          width: image.width,
          height: image.height,
        }));
        const body: UploadResult = rows.map((row) => ({ path: `/files/${row.guid}.${row.extension}`, mimetype: row.mime }));
        const refs = rows.map((row) => ({ area: 'uploads' as const, companyId: row.companyId, name: `${row.guid}.${row.extension}` }));
        const discard = (): Promise<unknown> => Promise.all(refs.map((ref) => ctx.files.discard(ref)));
        try {
          for (const [i, row] of rows.entries()) row.bytes = await ctx.files.save(refs[i] as FileRef, row.bytes, row.mime);
        } catch (err) {
          request.log.error({ err }, 'storing an upload failed');
          void discard(); // no row names them; the answer does not wait on a store that just failed
          throw storeFailure(err, 'UploadFailed');
        }
        try {
          await ctx.db.transaction(async (tx) => {
            // One row per statement: on PGlite a statement's bytes all pass through its WASM heap at once, which never shrinks.
            for (const row of rows) await tx.insert(uploads).values(row);
            await complete(tx, 200, body);
          });
        } catch (err) {
          await discard(); // no row names them
          throw err;
        }
        return { status: 200, body };
      },
    });
  }
}
