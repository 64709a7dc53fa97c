// The request side of Idempotency-Key (DESIGN §6; the rules are services/idempotency.ts):
// reading the header, sending a remembered answer again, and running a handler's work under
// the key. Every JSON write's key is claimed by the hook (http/idempotency.ts) with its one
// hash (hookRequestHash); `runIdempotent` adopts that claim so the record commits with the
// work. Only a multipart write, whose body the hook cannot hash, claims here, hashed over the
// parts its handler names (the files' digests).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, type TokenClaims } from '../../src/domain';
import type { Db } from '../db/client';
import { begin, completeClaim, release, requestHash, type Begin, type Complete, type Outcome, type StoredAnswer } from '../services/idempotency';
import type { ServerInstance } from '../services/instances';
import { HttpError } from './errors';
import { hookRequestHash } from './idempotency';

const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/; // uuids in practice; any short printable token

/** A request's claim on its key, made by the hook (server/http/idempotency.ts). */
export interface KeyClaim {
  id: number;
  /** True once someone (runIdempotent, or the hook's onSend) completed or released it. */
  settled: boolean;
}

/** The hook's per-request state: a claim, or 'handler' when the handler must hash the body itself (multipart). */
export type RequestIdempotency = { kind: 'claim'; claim: KeyClaim } | { kind: 'handler'; used: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: RequestIdempotency | null;
  }
  interface FastifyInstance {
    /** This server process in server_instances (services/instances.ts): claims record its id. */
    instance: ServerInstance;
  }
}

export function readIdempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw new HttpError(400, 'InvalidRequest', 'The Idempotency-Key header must be 1 to 128 printable characters');
  }
  return value;
}

/**
 * Sends a remembered response again, marked as a replay: the very text of the first answer
 * (a string is sent as is whatever its type, JSON included), so a replay is byte-identical.
 */
export function sendReplay(reply: FastifyReply, replay: Extract<Begin, { kind: 'replay' }>): FastifyReply {
  reply.code(replay.status).header('idempotent-replayed', 'true');
  if (replay.type !== null) reply.type(replay.type);
  return replay.text === null ? reply.send() : reply.send(replay.text);
}

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * An outcome's body as it goes out, serialised once: what runIdempotent stores is then exactly
 * what it sends. As Fastify would (no route has a response serializer): a string as text, any
 * other value as JSON (JSON.stringify keeps the keys' order), a type the handler set kept.
 */
function answerOf(reply: FastifyReply, body: unknown): StoredAnswer {
  const set = reply.getHeader('content-type');
  const type = typeof set === 'string' ? set : null;
  if (body === undefined) return { text: null, type };
  if (typeof body === 'string') return { text: body, type: type ?? TEXT_TYPE };
  return { text: JSON.stringify(body), type: type ?? JSON_TYPE };
}

/** The claim this request works under: the hook's, or (multipart, or no hook claim) one made now. */
async function claimOf(db: Db, request: FastifyRequest, auth: TokenClaims, key: string, parts: readonly (string | Buffer)[] | undefined): Promise<Begin> {
  const state = request.idempotency;
  if (state?.kind === 'claim' && !state.claim.settled) {
    state.claim.settled = true; // ours from here: the hook's onSend leaves it alone
    return { kind: 'proceed', id: state.claim.id };
  }
  if (state?.kind === 'handler') state.used = true;
  const path = request.routeOptions.url ?? request.url;
  // The hook's own hash (one per request), unless the route reads a multipart body and names its parts.
  const hash = parts === undefined ? hookRequestHash(request.method, path, request.body, request.query) : requestHash(request.method, path, ...parts);
  return begin(db, { key, auth, method: request.method, path, hash }, request.server.instance);
}

/**
 * Runs `work` under the request's Idempotency-Key (if any) and sends its outcome. `work`
 * calls `complete` inside its own transaction so the record commits with the work. A JSON
 * write adopts the hook's claim; a multipart one passes `parts`, what its key is hashed over.
 */
export async function runIdempotent(opts: {
  db: Db;
  request: FastifyRequest;
  reply: FastifyReply;
  auth: TokenClaims;
  parts?: readonly (string | Buffer)[];
  work: (complete: Complete) => Promise<Outcome>;
}): Promise<unknown> {
  const { db, request, reply } = opts;
  const key = readIdempotencyKey(request);
  if (key === null) {
    const outcome = await opts.work(async () => {});
    return reply.code(outcome.status).send(outcome.body);
  }
  const started = await claimOf(db, request, opts.auth, key, opts.parts);
  if (started.kind === 'replay') return sendReplay(reply, started);
  const id = started.id;
  let completed = false;
  const complete: Complete = async (tx, status, body) => {
    await completeClaim(tx, id, status, answerOf(reply, body));
    completed = true;
  };
  let outcome: Outcome;
  try {
    outcome = await opts.work(complete);
  } catch (err) {
    await release(db, id);
    throw err;
  }
  if (!completed) {
    if (outcome.status < 400) await complete(db, outcome.status, outcome.body);
    else await release(db, id);
  }
  // The same serialisation as the record's, so the first answer and its replays are one text.
  const answer = answerOf(reply, outcome.body);
  reply.code(outcome.status);
  if (answer.type !== null) reply.type(answer.type);
  return answer.text === null ? reply.send() : reply.send(answer.text);
}
