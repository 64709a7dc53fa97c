// Serving stored files through ctx.files (services/storage): the row was found with the
// caller's company; the bytes come from the row or are streamed from the object store. A row
// whose object is missing answers 404 (logged), a store that is down 503.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors';
import type { FileRef, FileStore } from '../services/storage/fileStore';
import { storeFailure } from '../services/storage/storeFailure';

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  file: {
    ref: FileRef;
    rowBytes: Buffer;
    mime: string;
    disposition: string;
  },
): Promise<FastifyReply> {
  let found;
  try {
    found = await files.open(file.ref, file.rowBytes);
  } catch (err) {
    request.log.error({ err, area: file.ref.area, name: file.ref.name }, 'file store read failed');
    throw storeFailure(err);
  }
  if (found === null) {
    request.log.warn({ area: file.ref.area, name: file.ref.name, store: files.kind }, 'stored file missing for an existing row');
    throw notFound();
  }
  void reply.type(file.mime).header('cache-control', 'private, max-age=31536000, immutable').header('content-disposition', file.disposition);
  if (Buffer.isBuffer(found)) return reply.send(found);
  if (found.size !== undefined) void reply.header('content-length', found.size);
  return reply.send(found.body);
}
