// Idempotency-Key on POSTs (DESIGN §6), stored in the database and scoped per account.
// Same key + same request → the first response replayed; another request → 422; still
// running → 409. A claim records the server instance that made it (services/instances.ts):
// a claim of an instance that is no longer alive (killed, crashed) is taken over at once;
// a live instance's claim older than TAKEOVER_MS is presumed stuck and may be taken over.
// Only successes are remembered: a request that failed did no work, so its key is
// released and the client may fix the body and retry with the same key.
// The HTTP side (the hook claiming every JSON write's key, replays, handlers adopting the
// claim) is server/http/idempotency.ts and server/http/keyedAnswers.ts; the SQL is
// server/repositories/idempotencyKeys.ts.
import { createHash } from 'node:crypto';
import { clockMs } from '../clock';
import type { TokenClaims } from '../../src/domain';
import type { Db, Executor } from '../db/client';
import { HttpError } from '../http/errors';
import { deleteKeysOlderThan, deleteRunningClaim, findKey, insertClaim, markKeyDone, takeOverClaim, type StoredAnswer } from '../repositories/idempotencyKeys';
import type { ServerInstance } from './instances';

export type { StoredAnswer } from '../repositories/idempotencyKeys';

export const TAKEOVER_MS = 2 * 60 * 1000;
export const RETENTION_DAYS = 30;

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
export function purgeOldKeys(db: Db): Promise<number> {
  return deleteKeysOlderThan(db, RETENTION_DAYS);
}

/** Marks the key done with this response; call it inside the transaction doing the work. */
export type Complete = (tx: Executor, status: number, body: unknown) => Promise<void>;

/** A handler's answer: its status and body. */
export interface Outcome {
  status: number;
  body: unknown;
}

export type Begin = ({ kind: 'replay'; status: number } & StoredAnswer) | { kind: 'proceed'; id: number };

/** Who claims a key: the account, the route and the request's hash. */
export interface KeyRequest {
  key: string;
  auth: TokenClaims;
  method: string;
  path: string;
  hash: string;
}

/** Whether a running claim's owner may still finish it: a live instance's recent claim is respected. */
async function claimIsLive(claim: { instanceId: string | null; startedAt: Date }, me: ServerInstance): Promise<boolean> {
  if (clockMs() - claim.startedAt.getTime() >= TAKEOVER_MS) return false;
  if (claim.instanceId === null) return true; // made before migration 0010: the 2-minute rule
  return me.isAlive(claim.instanceId); // ours (running now in this process), or another instance's
}

/** Claims the key (proceed), or answers the remembered response (replay); 422 another request, 409 still running. */
export async function begin(db: Db, request: KeyRequest, instance: ServerInstance): Promise<Begin> {
  const { key, auth } = request;
  const instanceId = instance.id;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await insertClaim(db, {
      key,
      accountId: auth.account_id,
      companyId: auth.company_id,
      method: request.method,
      path: request.path,
      requestHash: request.hash,
      instanceId,
    });
    if (inserted !== null) return { kind: 'proceed', id: inserted };
    const existing = await findKey(db, auth.account_id, key);
    if (!existing) continue; // released meanwhile: try to claim it again
    if (existing.requestHash !== request.hash) throw new HttpError(422, 'IdempotencyKeyReused');
    if (existing.state === 'done') {
      return { kind: 'replay', status: existing.responseStatus ?? 200, text: existing.responseBody, type: existing.responseType };
    }
    if (await claimIsLive(existing, instance)) throw new HttpError(409, 'IdempotencyKeyInFlight');
    const taken = await takeOverClaim(db, existing, instanceId);
    if (taken !== null) return { kind: 'proceed', id: taken };
    throw new HttpError(409, 'IdempotencyKeyInFlight');
  }
  throw new HttpError(409, 'IdempotencyKeyInFlight');
}

/** Marks a claim done with a response the hook saw leave, unless someone settled it already. */
export function completeWithResponse(db: Executor, id: number, status: number, answer: StoredAnswer): Promise<void> {
  return markKeyDone(db, id, status, answer, true);
}

/** Marks a claim done in the caller's transaction (the work that made the answer). */
export function completeClaim(tx: Executor, id: number, status: number, answer: StoredAnswer): Promise<void> {
  return markKeyDone(tx, id, status, answer, false);
}

/** Frees the key of a request that failed (it did no work). */
export function release(db: Executor, id: number): Promise<void> {
  return deleteRunningClaim(db, id);
}
