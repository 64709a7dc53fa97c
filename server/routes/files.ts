// GET /files/<guid>.<ext>: a stored upload, to its own company only (else 404), from the row or
// streamed from the object store (services/storage).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseUploadPath } from '../../src/domain';
import type { AppContext } from '../context';
import { uploads } from '../db/schema';
import { authOf } from '../http/auth';
import { notFound } from '../http/errors';
import { sendStoredFile } from './storedFiles';

export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/files/:name', async (request, reply) => {
    const auth = authOf(request);
    const { name } = request.params as { name: string };
    const parsed = parseUploadPath(`/files/${name}`);
    if (!parsed) throw notFound();
    const [file] = await ctx.db.select({ bytes: uploads.bytes, mime: uploads.mime, extension: uploads.extension, companyId: uploads.companyId })
      .from(uploads)
      .where(and(eq(uploads.guid, parsed.guid), eq(uploads.companyId, auth.company_id)));
    const sameType = file && (parsed.extension === file.extension || (parsed.extension === 'jpeg' && file.extension === 'jpg'));
    if (!file || !sameType) throw notFound();
    return sendStoredFile(request, reply, ctx.files, {
      ref: { area: 'uploads', companyId: file.companyId, name: `${parsed.guid}.${file.extension}` },
      rowBytes: file.bytes, mime: file.mime, disposition: 'inline',
    });
  });
}
