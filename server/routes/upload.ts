// POST /upload: multipart file-0…file-4, headers x-upload-folder, x-photo-type and x-order-id
// (SPEC §5 Images, §7; the rules are src/domain/uploadRules.ts). The files are read
// here, all before anything is stored; services/uploads.ts checks, stores and records them
// under the Idempotency-Key, hashed over the folder and the files' digests (the hook cannot
// hash a stream).
import type { FastifyRequest } from 'fastify';
import { API, ORDER_ID_HEADER, PHOTO_TYPE_HEADER, UPLOAD_FOLDER_HEADER, uploadRefusal } from '../../src/domain';
import { HttpError } from '../http/errors';
import { route } from '../http/registrar';
import { storeUploads, uploadKeyParts } from '../services/uploads';

const FILE_FIELD = /^file-\d{1,2}$/;

/** The request's files, each whole; 400 for a field that is not file-N, or none. */
async function readFiles(request: FastifyRequest): Promise<Buffer[]> {
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
  return files;
}

export const UPLOAD_ROUTES = [
  route(`POST ${API.upload}`, async ({ ctx, auth, request, reply, keyed }) => {
    const folder = request.headers[UPLOAD_FOLDER_HEADER];
    // SPEC §5 Images, before the body is read: the folder, the photo type, the order.
    const refusal = uploadRefusal({ folder, photoType: request.headers[PHOTO_TYPE_HEADER], orderId: request.headers[ORDER_ID_HEADER] });
    if (refusal || typeof folder !== 'string') throw new HttpError(400, refusal ?? 'BucketToUploadPhoto');
    if (!request.isMultipart()) throw new HttpError(400, 'InvalidRequest', 'The upload must be multipart/form-data');
    // At most a few uploads of one account at once (429 past it), counted before the body is read.
    const leave = ctx.uploadsInFlight.enter(String(auth.account_id));
    try {
      const files = await readFiles(request);
      await keyed(uploadKeyParts(folder, files), (complete) =>
        storeUploads({ db: ctx.db, images: ctx.images, files: ctx.files, log: request.log }, auth, folder, files, complete),
      );
      return reply; // sent by keyed (the first answer, or its replay)
    } finally {
      leave();
    }
  }),
];
