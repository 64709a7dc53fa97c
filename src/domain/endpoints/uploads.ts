// The resumable upload (tus 1.0, issue 23 item 2) beside POST /upload: the same headers and the
// same answer, sent in chunks a cut link resumes from the server's offset (src/domain/uploadRules.ts).
import * as v from 'valibot';
import { UploadResultSchema } from '../api';
import { IMAGE_TYPES, UPLOAD_FOLDERS } from '../enums';
import { TUS_UPLOAD_PATH } from '../uploadRules';

/** A resumable upload's chunk: the bytes as they are. */
export const TUS_CHUNK_MEDIA = 'application/offset+octet-stream';

/** GET /upload/tus/:id: what HEAD says, as JSON. */
export const TusUploadStateSchema = v.object({
  offset: v.number(),
  length: v.number(),
  result: v.nullable(UploadResultSchema),
});
export type TusUploadState = v.InferOutput<typeof TusUploadStateSchema>;
import { UPLOADS_LIMITED } from './limits';
import type { EndpointSchemas } from './types';

/** What every upload request says about itself (SPEC §5 Images): folder, photo type, order. */
export const UploadHeadersSchema = v.object({
  'x-upload-folder': v.picklist(UPLOAD_FOLDERS),
  'x-photo-type': v.optional(v.picklist(IMAGE_TYPES)),
  'x-order-id': v.optional(v.pipe(v.string(), v.description('The order the images belong to (not for a profile image)'))),
});

const tus = 'Tus-Resumable: 1.0.0 and the headers of POST /upload; an upload is only the creating driver’s, for its folder and order (else 404)';

export const UPLOAD_ENDPOINTS = {
  [`POST ${TUS_UPLOAD_PATH}` as const]: {
    summary:
      `Create a resumable upload: Upload-Length, Upload-Metadata id (the image id) → 201 Location ${TUS_UPLOAD_PATH}/<id>; ` +
      `with the whole file as its body → 200 [{path, mimetype}]. ${tus}`,
    headersSchema: UploadHeadersSchema,
    rawBody: TUS_CHUNK_MEDIA,
    responseSchema: UploadResultSchema,
    errors: UPLOADS_LIMITED,
  },
  [`GET ${TUS_UPLOAD_PATH}/:id` as const]: {
    summary: `The bytes the server holds → {offset, length, result}; its HEAD is tus's (Upload-Offset, Upload-Length; once finished Upload-Result). ${tus}`,
    headersSchema: UploadHeadersSchema,
    responseSchema: TusUploadStateSchema,
  },
  [`PATCH ${TUS_UPLOAD_PATH}/:id` as const]: {
    summary:
      `Append application/offset+octet-stream bytes at Upload-Offset (409 at another offset) → 204 Upload-Offset; ` +
      `the last → 200 [{path, mimetype}] as POST /upload answers, also in Upload-Result (WrongImageExtension keeps nothing). ${tus}`,
    headersSchema: UploadHeadersSchema,
    rawBody: TUS_CHUNK_MEDIA,
    responseSchema: UploadResultSchema,
    errors: UPLOADS_LIMITED,
  },
} satisfies Record<string, EndpointSchemas>;
