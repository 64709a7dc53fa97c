// Idempotency-Key on POSTs (DESIGN §6), stored in the database and scoped per account.
// Same key + same request → the first response replayed; another request → 422; still
// running → 409. A claim records the server instance that made it (services/instances.ts):
// a claim of an instance that is no longer alive (killed, crashed) is taken over at once;
// a live instance's claim older than TAKEOVER_MS is presumed stuck and may be taken over.
// Only successes are remembered: a request that failed did no work, so its key is
// released and the client may fix the body and retry with the same key.
// server/http/idempotency.ts claims the key for every JSON POST before its handler runs;
// a handler calling runIdempotent adopts that claim so the record commits with its work.
import { clockMs } from '../clock';
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, type TokenClaims } from '../../src/domain';
import type { Db, Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../http/errors';
import type { ServerInstance } from './instances';

export const TAKEOVER_MS = 2 * 60 * 1000;
export const RETENTION_DAYS = 30;
const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/; // uuids in practice; any short printable token

export function readIdempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw new HttpError(400, 'InvalidRequest', 'The Idempotency-Key header must be 1 to 128 printable characters');
  }
  return value;
}

/** JSON with sorted keys, so equal bodies hash equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, path: string, ...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256').update(`${method} ${path}\n`);
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('hex');
}

/** Deletes records past their 30 days: idempotent, so instances may run it at once (services/jobs.ts). */
export async function purgeOldKeys(db: Db): Promise<number> {
  const gone = await db.delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${RETENTION_DAYS})`))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}

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
}

/** Marks the key done with this response; call it inside the transaction doing the work. */
export type Complete = (tx: Executor, status: number, body: unknown) => Promise<void>;

/** A handler's answer: its status and body. */
export interface Outcome {
  status: number;
  body: unknown;
}

/** A remembered answer: the text that was sent (null: no body) and its content type. */
export interface StoredAnswer {
  text: string | null;
  type: string | null;
}

export type Begin = ({ kind: 'replay'; status: number } & StoredAnswer) | { kind: 'proceed'; id: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** This server process in server_instances (services/instances.ts): claims record its id. */
    instance: ServerInstance;
  }
}

/** Whether a running claim's owner may still finish it: a live instance's recent claim is respected. */
async function claimIsLive(claim: { instanceId: string | null; startedAt: Date }, me: ServerInstance): Promise<boolean> {
  if (clockMs() - claim.startedAt.getTime() >= TAKEOVER_MS) return false;
  if (claim.instanceId === null) return true; // made before migration 0010: the 2-minute rule
  return me.isAlive(claim.instanceId); // ours (running now in this process), or another instance's
}

export async function begin(db: Db, key: string, auth: TokenClaims, method: string, path: string, hash: string, instance: ServerInstance): Promise<Begin> {
  const instanceId = instance.id;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [inserted] = await db.insert(idempotencyKeys)
      .values({ key, accountId: auth.account_id, companyId: auth.company_id, method, path, requestHash: hash, state: 'running', instanceId })
      .onConflictDoNothing({ target: [idempotencyKeys.accountId, idempotencyKeys.key] })
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'proceed', id: inserted.id };
    const [existing] = await db.select().from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, auth.account_id), eq(idempotencyKeys.key, key)));
    if (!existing) continue; // released meanwhile: try to claim it again
    if (existing.requestHash !== hash) throw new HttpError(422, 'IdempotencyKeyReused');
    if (existing.state === 'done') {
      return { kind: 'replay', status: existing.responseStatus ?? 200, text: existing.responseBody, type: existing.responseType };
    }
    if (await claimIsLive(existing, instance)) throw new HttpError(409, 'IdempotencyKeyInFlight');
    // Compare-and-set on started_at: of two clients taking over, one wins.
    const [taken] = await db.update(idempotencyKeys).set({ startedAt: sql`now()`, instanceId })
      .where(and(eq(idempotencyKeys.id, existing.id), eq(idempotencyKeys.state, 'running'), eq(idempotencyKeys.startedAt, existing.startedAt)))
      .returning({ id: idempotencyKeys.id });
    if (taken) return { kind: 'proceed', id: taken.id };
    throw new HttpError(409, 'IdempotencyKeyInFlight');
  }
  throw new HttpError(409, 'IdempotencyKeyInFlight');
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

/** Marks a claim done with a response the hook saw leave (status, its text, content type). */
export async function completeWithResponse(db: Executor, id: number, status: number, answer: StoredAnswer): Promise<void> {
  await db.update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseBody: answer.text, responseType: answer.type, completedAt: sql`now()` })
    .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')));
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

/**
 * Runs `work` under the request's Idempotency-Key (if any) and sends its outcome. `work`
 * calls `complete` inside its own transaction so the record commits with the work. When
 * the hook already claimed the key (every JSON POST), this adopts that claim.
 */
export async function runIdempotent(opts: {
  db: Db;
  request: FastifyRequest;
  reply: FastifyReply;
  auth: TokenClaims;
  hash: () => string;
  work: (complete: Complete) => Promise<Outcome>;
}): Promise<unknown> {
  const { db, request, reply } = opts;
  const key = readIdempotencyKey(request);
  if (key === null) {
    const outcome = await opts.work(async () => {});
    return reply.code(outcome.status).send(outcome.body);
  }
  const state = request.idempotency;
  let id: number;
  if (state?.kind === 'claim' && !state.claim.settled) {
    state.claim.settled = true; // ours from here: the hook's onSend leaves it alone
    id = state.claim.id;
  } else {
    if (state?.kind === 'handler') state.used = true;
    const path = request.routeOptions.url ?? request.url;
    const started = await begin(db, key, opts.auth, request.method, path, opts.hash(), request.server.instance);
    if (started.kind === 'replay') return sendReplay(reply, started);
    id = started.id;
  }
  let completed = false;
  const complete: Complete = async (tx, status, body) => {
    const answer = answerOf(reply, body);
    await tx.update(idempotencyKeys)
      .set({ state: 'done', responseStatus: status, responseBody: answer.text, responseType: answer.type, completedAt: sql`now()` })
      .where(eq(idempotencyKeys.id, id));
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

export async function release(db: Executor, id: number): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')));
}
