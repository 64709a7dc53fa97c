// Card charges attempted at delivery (0007), one row per attempt.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { chargeAttempts } from '../db/schema';

export type ChargeAttemptRow = typeof chargeAttempts.$inferSelect;
export type NewChargeAttempt = Omit<typeof chargeAttempts.$inferInsert, 'id' | 'createdAt'>;

/** The declined attempt this account made under this Idempotency-Key, if any. */
export async function declinedAttemptOf(ex: Executor, accountId: number, key: string): Promise<ChargeAttemptRow | undefined> {
  const [row] = await ex
    .select()
    .from(chargeAttempts)
    .where(and(eq(chargeAttempts.accountId, accountId), eq(chargeAttempts.idempotencyKey, key), eq(chargeAttempts.approved, false)));
  return row;
}

/** Records the attempt; one already recorded for the same submission stays as it was. */
export async function insertChargeAttempt(ex: Executor, attempt: NewChargeAttempt): Promise<void> {
  await ex.insert(chargeAttempts).values(attempt).onConflictDoNothing();
}
