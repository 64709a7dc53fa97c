// GET /files/<guid>.<ext>: a stored upload, to its own company only (else 404), from the row or
// streamed from the object store (services/uploads.ts finds it, storedFiles.ts sends it).
import { route } from '../http/registrar';
import { uploadFile } from '../services/uploads';
import { sendStoredFile } from './storedFiles';

export const FILE_ROUTES = [
  route('GET /files/:name', async ({ ctx, auth, params, request, reply }) => {
    const file = await uploadFile(ctx.db, auth, params.name ?? '');
    return sendStoredFile(request, reply, ctx.files, { ...file, disposition: 'inline' });
  }),
];
