// idempotency_keys (migrations 0001, 0006, 0010, 0015): one row per account and key, a claim
// while `running`, the remembered answer once `done`. The rules (who may take a claim over,
// what is remembered) are services/idempotency.ts's; this is only their SQL.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export type KeyRow = typeof idempotencyKeys.$inferSelect;

/** A remembered answer: the text that was sent (null: no body) and its content type. */
export interface StoredAnswer {
  text: string | null;
  type: string | null;
}

export interface NewClaim {
  key: string;
  accountId: number;
  companyId: number;
  method: string;
  path: string;
  requestHash: string;
  instanceId: string;
}

/** Inserts a running claim; null when the account already has a row for this key. */
export async function insertClaim(db: Db, claim: NewClaim): Promise<number | null> {
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ ...claim, state: 'running' })
    .onConflictDoNothing({ target: [idempotencyKeys.accountId, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return inserted?.id ?? null;
}

export async function findKey(db: Db, accountId: number, key: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Compare-and-set on started_at: of two requests taking a claim over, one gets it (its id), the other null. */
export async function takeOverClaim(db: Db, row: Pick<KeyRow, 'id' | 'startedAt'>, instanceId: string): Promise<number | null> {
  const [taken] = await db
    .update(idempotencyKeys)
    .set({ startedAt: sql`now()`, instanceId })
    .where(and(eq(idempotencyKeys.id, row.id), eq(idempotencyKeys.state, 'running'), eq(idempotencyKeys.startedAt, row.startedAt)))
    .returning({ id: idempotencyKeys.id });
  return taken?.id ?? null;
}

/**
 * Marks the claim done with its answer. `onlyRunning`: leave a row someone else settled alone
 * (the hook's onSend); a handler completing in its own transaction owns the row outright.
 */
export async function markKeyDone(db: Executor, id: number, status: number, answer: StoredAnswer, onlyRunning: boolean): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseBody: answer.text, responseType: answer.type, completedAt: sql`now()` })
    .where(onlyRunning ? and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')) : eq(idempotencyKeys.id, id));
}

/** Deletes a claim still running (a failed request did no work: the key is free again). */
export async function deleteRunningClaim(db: Executor, id: number): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')));
}

/** Deletes records older than `days`; answers how many went. */
export async function deleteKeysOlderThan(db: Db, days: number): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}

/** Which of `keys` the account's calls committed (a remembered success: the action reached the server). */
export async function committedKeysAmong(db: Executor, accountId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.accountId, accountId),
        eq(idempotencyKeys.state, 'done'),
        lt(idempotencyKeys.responseStatus, 400),
        inArray(idempotencyKeys.key, keys),
      ),
    );
  return new Set(rows.map((row) => row.key));
}
