// API answers compressed per request (a 10,000-order pull is ~5 MB of JSON; brotli at quality
// 4 cuts it ~19×). Built assets are not handled here: they are precompressed at build time and
// served by @fastify/static.
//
// Why not @fastify/compress: it turns every answer into a stream piped through a zlib stream,
// which cost ~1 ms per small answer (a 34-order list is ~18 KB, which brotli compresses in
// 0.1-0.2 ms when done in one call): a seventh of the order list's time under load. Here an
// answer up to SYNC_UP_TO is compressed in one synchronous call; a larger one on libuv's
// thread pool (no stream either), so a 5 MB pull never blocks the event loop.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const THRESHOLD = 1024;
const SYNC_UP_TO = 128 * 1024;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|problem\+json|[\w.-]+\+json|csv))/i;

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (brotli, then gzip); q=0 refuses one. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding): number => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return null;
}

const brotliParams = (size: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

function compress(encoding: Encoding, body: Buffer): Buffer | Promise<Buffer> {
  if (body.length <= SYNC_UP_TO) {
    return encoding === 'br' ? zlib.brotliCompressSync(body, brotliParams(body.length)) : zlib.gzipSync(body, { level: 6 });
  }
  return encoding === 'br' ? brotliAsync(body, brotliParams(body.length)) : gzipAsync(body, { level: 6 });
}

export function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(text)) reply.header('vary', text ? `${text}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * The body as this client should receive it: brotli or gzip when it accepts one and the body
 * is worth compressing, else as it is. The answer cache (answerCache.ts) encodes with it too.
 */
export async function encodeFor(acceptEncoding: string | undefined, body: Buffer): Promise<{ body: Buffer; encoding: Encoding | null }> {
  const encoding = body.length < THRESHOLD ? null : pickEncoding(acceptEncoding);
  return encoding ? { body: await compress(encoding, body), encoding } : { body, encoding: null };
}

async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding') || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  addVary(reply);
  const encoded = await encodeFor(request.headers['accept-encoding'], typeof payload === 'string' ? Buffer.from(payload) : payload);
  if (!encoded.encoding) return payload;
  reply.header('content-encoding', encoded.encoding);
  reply.removeHeader('content-length');
  return encoded.body;
}

/**
 * Every route registered after this gets the hook as its LAST onSend, after the app's own
 * (the idempotency record keeps the plain answer) and the route's (payments' trace id).
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, compressAnswer];
  });
}
