// GET /files/<guid>.<ext>: a stored upload, to its own company only (else 404).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseUploadPath } from '../../src/domain';
import type { AppContext } from '../context';
import { uploads } from '../db/schema';
import { authOf } from '../http/auth';
import { notFound } from '../http/errors';

export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/files/:name', { config: { summary: 'A stored upload (bearer token, same company only)' } }, async (request, reply) => {
    const auth = authOf(request);
    const { name } = request.params as { name: string };
    const parsed = parseUploadPath(`/files/${name}`);
    if (!parsed) throw notFound();
    const [file] = await ctx.db.select({ bytes: uploads.bytes, mime: uploads.mime, extension: uploads.extension })
      .from(uploads)
      .where(and(eq(uploads.guid, parsed.guid), eq(uploads.companyId, auth.company_id)));
    const sameType = file && (parsed.extension === file.extension || (parsed.extension === 'jpeg' && file.extension === 'jpg'));
    if (!file || !sameType) throw notFound();
    return reply
      .type(file.mime)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(file.bytes);
  });
}
