// Idempotency-Key on POSTs (DESIGN §6), stored in the database and scoped per account.
// Same key + same request → the first response replayed; another request → 422; still
// running → 409 (a run older than TAKEOVER_MS is presumed dead and may be taken over).
// Only successes are remembered: a request that failed did no work, so its key is
// released and the client may fix the body and retry with the same key.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, type TokenClaims } from '../../src/domain';
import type { Db, Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../http/errors';

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

export async function purgeOldKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${RETENTION_DAYS})`));
}

/** Marks the key done with this response; call it inside the transaction doing the work. */
export type Complete = (tx: Executor, status: number, body: unknown) => Promise<void>;

interface Outcome {
  status: number;
  body: unknown;
}

type Begin = { kind: 'replay'; status: number; body: unknown } | { kind: 'proceed'; id: number };

async function begin(db: Db, key: string, auth: TokenClaims, method: string, path: string, hash: string): Promise<Begin> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [inserted] = await db.insert(idempotencyKeys)
      .values({ key, accountId: auth.account_id, companyId: auth.company_id, method, path, requestHash: hash, state: 'running' })
      .onConflictDoNothing({ target: [idempotencyKeys.accountId, idempotencyKeys.key] })
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'proceed', id: inserted.id };
    const [existing] = await db.select().from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, auth.account_id), eq(idempotencyKeys.key, key)));
    if (!existing) continue; // released meanwhile: try to claim it again
    if (existing.requestHash !== hash) throw new HttpError(422, 'IdempotencyKeyReused');
    if (existing.state === 'done') return { kind: 'replay', status: existing.responseStatus ?? 200, body: existing.responseBody };
    if (Date.now() - existing.startedAt.getTime() < TAKEOVER_MS) throw new HttpError(409, 'IdempotencyKeyInFlight');
    // Compare-and-set on started_at: of two clients taking over, one wins.
    const [taken] = await db.update(idempotencyKeys).set({ startedAt: sql`now()` })
      .where(and(eq(idempotencyKeys.id, existing.id), eq(idempotencyKeys.state, 'running'), eq(idempotencyKeys.startedAt, existing.startedAt)))
      .returning({ id: idempotencyKeys.id });
    if (taken) return { kind: 'proceed', id: taken.id };
    throw new HttpError(409, 'IdempotencyKeyInFlight');
  }
  throw new HttpError(409, 'IdempotencyKeyInFlight');
}

/**
 * Runs `work` under the request's Idempotency-Key (if any) and sends its outcome. `work`
 * calls `complete` inside its own transaction so the record commits with the work.
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
  const path = request.routeOptions.url ?? request.url;
  const started = await begin(db, key, opts.auth, request.method, path, opts.hash());
  if (started.kind === 'replay') {
    return reply.code(started.status).header('idempotent-replayed', 'true').send(started.body);
  }
  let completed = false;
  const complete: Complete = async (tx, status, body) => {
    await tx.update(idempotencyKeys)
      .set({ state: 'done', responseStatus: status, responseBody: body, completedAt: sql`now()` })
      .where(eq(idempotencyKeys.id, started.id));
    completed = true;
  };
  let outcome: Outcome;
  try {
    outcome = await opts.work(complete);
  } catch (err) {
    await release(db, started.id);
    throw err;
  }
  if (!completed) {
    if (outcome.status < 400) await complete(db, outcome.status, outcome.body);
    else await release(db, started.id);
  }
  return reply.code(outcome.status).send(outcome.body);
}

async function release(db: Db, id: number): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')));
}
