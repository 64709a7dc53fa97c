// Idempotency-Key for EVERY write route, so no route can forget it (DESIGN §6). A global
// preHandler claims the key before the handler runs (or replays the remembered answer, or
// answers 422/409); onSend remembers a success or releases the key after a failure. A
// handler that calls runIdempotent (http/keyedAnswers.ts) adopts the claim and commits the
// record with its work. Multipart bodies are hashed by their handler (runIdempotent over the
// file digests): the hook only checks the header there, and logs loudly when such a handler
// ignored the key.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API, TUS_UPLOAD_PATH } from '../../src/domain';
import type { Db } from '../db/client';
import { begin, canonicalJson, completeWithResponse, release, requestHash, type StoredAnswer } from '../services/idempotency';
import type { ServerInstance } from '../services/instances';
import { redactForHash } from '../services/cardSecrets';
import { readIdempotencyKey, sendReplay } from './keyedAnswers';

/** Methods that change state; all of ours are POST, the rest are covered in case. */
export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Writes that take no key: login creates nothing (and has no account to scope a key to); a
 * resumable upload is named by its own id and each PATCH by its offset (routes/tusUpload.ts).
 */
export const KEYLESS_WRITES = new Set<string>([`POST ${API.login}`, `POST ${TUS_UPLOAD_PATH}`, `PATCH ${TUS_UPLOAD_PATH}/:id`]);

export function takesIdempotencyKey(method: string, url: string): boolean {
  return WRITE_METHODS.has(method) && !KEYLESS_WRITES.has(`${method} ${url}`);
}

/** The hash the hook stores: method, route and canonical redacted JSON body (+ the query when there is one). */
export function hookRequestHash(method: string, url: string, body: unknown, query: unknown): string {
  const hasQuery = query !== null && typeof query === 'object' && Object.keys(query).length > 0;
  const bodyText = canonicalJson(redactForHash(body ?? null));
  return hasQuery ? requestHash(method, url, bodyText, canonicalJson(query)) : requestHash(method, url, bodyText);
}

/**
 * What onSend sees → what a replay must send: the text as it left, with its content type
 * (kept as text, never re-parsed: a replay is the same bytes, keys in their order), or
 * nothing for an empty body; null for a stream, which cannot be replayed.
 */
function responseToRemember(payload: unknown, type: string | null): StoredAnswer | null {
  if (payload === undefined || payload === null) return { text: null, type };
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  return text === null ? null : { text, type: type ?? 'text/plain; charset=utf-8' };
}

export function installIdempotency(app: FastifyInstance, db: Db, instance: ServerInstance): void {
  app.decorateRequest('idempotency', null);
  app.decorate('instance', instance);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.routeOptions.url;
    if (url === undefined || !takesIdempotencyKey(request.method, url)) return;
    const key = readIdempotencyKey(request); // 400 for a malformed header, on every write route
    if (key === null || !request.auth) return; // no key; or no account, and the handler answers 401
    if (request.isMultipart()) {
      request.idempotency = { kind: 'handler', used: false };
      return;
    }
    const hash = hookRequestHash(request.method, url, request.body, request.query);
    const started = await begin(db, { key, auth: request.auth, method: request.method, path: url, hash }, instance);
    if (started.kind === 'replay') return sendReplay(reply, started);
    request.idempotency = { kind: 'claim', claim: { id: started.id, settled: false } };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.idempotency;
    if (state === null) return payload;
    if (state.kind === 'handler') {
      if (!state.used && reply.statusCode < 400) {
        request.log.error({ url: request.url }, 'a multipart write route ignored its Idempotency-Key (call runIdempotent)');
      }
      return payload;
    }
    if (state.claim.settled) return payload;
    state.claim.settled = true;
    const type = reply.getHeader('content-type');
    const remembered = reply.statusCode < 400 ? responseToRemember(payload, typeof type === 'string' ? type : null) : null;
    if (remembered) await completeWithResponse(db, state.claim.id, reply.statusCode, remembered);
    else await release(db, state.claim.id); // a failure did no work; a stream cannot be replayed
    return payload;
  });
}
