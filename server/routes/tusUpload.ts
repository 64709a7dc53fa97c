// Resumable uploads at /upload/tus (issue 23 item 2; the tus 1.0 protocol, @tus/server): POST
// creates (Upload-Length, Upload-Metadata `id` = the image id), HEAD answers the offset the
// server holds, PATCH appends from it. POST /upload (multipart) stays for older builds. The
// bearer token, the contract version and the account's uploads in flight are checked as on
// every upload (http/auth.ts runs on /upload…); the rules and the finish are
// services/resumableUploads.ts, the bytes services/tusStore.ts. Every refusal is our
// {error, message} JSON. The finished upload answers [{path, mimetype}] (POST /upload's answer)
// as its last PATCH's body and in the Upload-Result header, also on a HEAD after it.
import { Readable } from 'node:stream';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_UPLOAD_BYTES,
  ORDER_ID_HEADER,
  PHOTO_TYPE_HEADER,
  TUS_CHUNK_MEDIA,
  TUS_UPLOAD_PATH,
  UPLOAD_FOLDER_HEADER,
  UPLOAD_RESULT_HEADER,
  type ErrorCode,
  type TusUploadState,
} from '../../src/domain';
import type { AppContext } from '../context';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';
import { route } from '../http/registrar';
import { authorizeUpload, finishUpload, resultOf, scopeOf, uploadIdOf, uploadState, type UploadCaller } from '../services/resumableUploads';
import { ResumableStore, withScope } from '../services/tusStore';

/** tus's own refusals (text bodies) as our codes; a server-side one is a 503 the phone retries. */
function tusRefusal(status: number, text: string): { status: number; code: ErrorCode; message: string } {
  const message = text.trim() || 'The upload request was refused';
  if (status === 404 || status === 410) return { status: 404, code: 'NotFound', message: 'Not found' };
  if (status === 413) return { status, code: 'FileTooLarge', message };
  if (status >= 500 && status !== 501) return { status: 503, code: 'GeneralError', message: 'The upload could not be written, try again' };
  return { status: status === 501 ? 400 : status, code: 'InvalidRequest', message };
}

/** Our own refusals (HttpError, from the hooks) keep their words; anything unexpected is logged. */
function ownRefusal(err: unknown, log: FastifyRequest['log'] | null): { status_code: number; body: string } | undefined {
  if (err instanceof HttpError) return { status_code: err.statusCode, body: JSON.stringify(err.body()) };
  if (typeof (err as { status_code?: unknown }).status_code !== 'number') log?.error({ err }, 'resumable upload failed');
  return undefined; // tus's words, made JSON by refusalBody
}

/** A refusal's JSON body: ours as it is, tus's text (412 Tus-Resumable, 409 offset, …) as {error, message}. */
function refusalBody(status: number, text: string): { status: number; body: { error: ErrorCode; message: string } } {
  try {
    const body = JSON.parse(text) as { error: ErrorCode; message: string };
    if (typeof body.error === 'string') return { status, body };
  } catch {
    // tus's own text
  }
  const refusal = tusRefusal(status, text);
  return { status: refusal.status, body: { error: refusal.code, message: refusal.message } };
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function callerOfRequest(request: FastifyRequest): UploadCaller {
  return {
    auth: authOf(request),
    headers: { folder: header(request, UPLOAD_FOLDER_HEADER), photoType: header(request, PHOTO_TYPE_HEADER), orderId: header(request, ORDER_ID_HEADER) },
  };
}

type TusHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** One tus server per app (its store on the app's database and file store). */
const handlers = new WeakMap<AppContext, TusHandler>();

function tusHandlerOf(ctx: AppContext): TusHandler {
  let handler = handlers.get(ctx);
  if (!handler) {
    handler = createTusHandler(ctx);
    handlers.set(ctx, handler);
  }
  return handler;
}

function createTusHandler(ctx: AppContext): TusHandler {
  const store = new ResumableStore(ctx.db, ctx.files);
  /** The Fastify request behind each web Request tus handles (its caller, its logger). */
  const requests = new WeakMap<Request, FastifyRequest>();
  const fastifyOf = (req: Request): FastifyRequest => {
    const request = requests.get(req);
    if (!request) throw new Error('a tus request without its Fastify request');
    return request;
  };
  const callerOf = (req: Request): UploadCaller => callerOfRequest(fastifyOf(req));
  const deps = (req: Request) => ({ db: ctx.db, images: ctx.images, files: ctx.files, log: fastifyOf(req).log, store });
  const options: ConstructorParameters<typeof Server>[0] = {
    path: TUS_UPLOAD_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES,
    // A request for an upload another request holds (a phone back after its tab died mid-PATCH)
    // makes the holder end its body; the bytes that arrived are written before the lock goes
    // (ResumableStore.write), so waiting tus's default 3 s only delays the phone's HEAD.
    lockDrainTimeout: 300,
    allowedOrigins: () => false, // same origin only: no CORS headers
    namingFunction: (_req, metadata) => uploadIdOf(metadata),
    onIncomingRequest: (req, id) => authorizeUpload(ctx, callerOf(req), id),
    onUploadCreate: (req, upload) => Promise.resolve({ metadata: withScope(upload.metadata, scopeOf(callerOf(req))) }),
    onUploadFinish: async (req, upload) => {
      const result = JSON.stringify(await finishUpload(deps(req), authOf(fastifyOf(req)), upload.id));
      return { status_code: 200, headers: { 'content-type': 'application/json; charset=utf-8', [UPLOAD_RESULT_HEADER]: result }, body: result };
    },
    onResponseError: (req, err) => ownRefusal(err, requests.get(req)?.log ?? null),
  };
  const tus = new Server(options);

  return async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const auth = authOf(request);
    // Each PATCH counts among the account's uploads in flight, as a multipart upload does.
    const leave = request.method === 'PATCH' ? ctx.uploadsInFlight.enter(String(auth.account_id)) : () => undefined;
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const streams = request.method !== 'HEAD' && header(request, 'content-type') === TUS_CHUNK_MEDIA;
      const req = new Request(`http://upload.local${request.url}`, {
        method: request.method,
        headers,
        body: streams ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : undefined,
        duplex: 'half',
      } as RequestInit);
      requests.set(req, request);
      const res = await tus.handleWeb(req);
      reply.code(res.status);
      res.headers.forEach((value, name) => {
        if (name !== 'content-length') reply.header(name, value);
      });
      if (request.method === 'HEAD' && res.ok) {
        const result = await resultOf(ctx, (request.params as { id: string }).id);
        if (result) reply.header(UPLOAD_RESULT_HEADER, JSON.stringify(result));
      }
      const body = await res.text();
      if (res.status < 400) return reply.send(body === '' ? undefined : body);
      const refusal = refusalBody(res.status, body);
      return reply.code(refusal.status).type('application/json; charset=utf-8').send(refusal.body);
    } finally {
      leave();
    }
  };
}

/** A PATCH's body is the upload's bytes, read by the store as they stream (never parsed). */
export function acceptUploadBytes(app: FastifyInstance): void {
  app.addContentTypeParser(TUS_CHUNK_MEDIA, (_request, _payload, done) => done(null));
}

type Input = { ctx: AppContext; request: FastifyRequest; reply: FastifyReply; params: Record<string, string> };
const handle = ({ ctx, request, reply }: Input): Promise<FastifyReply> => tusHandlerOf(ctx)(request, reply);
/** GET is HEAD's answer as JSON; Fastify serves HEAD with GET's handler, and a HEAD is tus's. */
const state = (input: Input): Promise<FastifyReply | TusUploadState> =>
  input.request.method === 'HEAD' ? handle(input) : uploadState(input.ctx, callerOfRequest(input.request), input.params.id ?? '');

export const TUS_UPLOAD_ROUTES = [
  route(`POST ${TUS_UPLOAD_PATH}`, handle),
  route(`GET ${TUS_UPLOAD_PATH}/:id`, state),
  route(`PATCH ${TUS_UPLOAD_PATH}/:id`, handle),
];
