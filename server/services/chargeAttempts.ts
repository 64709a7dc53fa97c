// Card charges attempted at delivery (migrations/0007): approved ones are recorded inside the
// delivery's transaction; a declined one after it rolled back, and a retry of the same
// submission (same Idempotency-Key) answers the remembered decline without charging again.
import type { ErrorCode } from '../../src/domain';
import type { Executor } from '../db/client';
import { HttpError } from '../http/errors';
import { declinedAttemptOf, insertChargeAttempt } from '../repositories/chargeAttempts';

export interface AttemptRecord {
  companyId: number;
  accountId: number;
  orderId: number;
  idempotencyKey: string | null;
  call: string;
  amountCents: number;
}

/** A card the processor did not approve; `attempt` is what to record once the transaction is gone (null: already recorded). */
export class ChargeDeclined extends HttpError {
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    readonly attempt: AttemptRecord | null,
  ) {
    super(status, code, message);
  }
}

/** The remembered decline of this submission, if its card was already tried under this key. */
export async function priorDecline(ex: Executor, accountId: number, key: string | null) {
  if (!key) return null;
  return (await declinedAttemptOf(ex, accountId, key)) ?? null;
}

export async function recordAttempt(ex: Executor, attempt: AttemptRecord, outcome: { approved: boolean; error?: ErrorCode; message?: string }): Promise<void> {
  await insertChargeAttempt(ex, { ...attempt, approved: outcome.approved, error: outcome.error ?? null, message: outcome.message ?? null });
}

/** After the delivery's transaction rolled back: keep the declined attempt of this submission. */
export async function keepDeclinedAttempt(ex: Executor, err: unknown): Promise<void> {
  if (!(err instanceof ChargeDeclined) || !err.attempt || err.statusCode !== 402) return;
  await recordAttempt(ex, err.attempt, { approved: false, error: err.code, message: err.message });
}
