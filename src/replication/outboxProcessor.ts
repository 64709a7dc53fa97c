import { ACTIVE_STATUSES, type OutboxDoc, type OutboxError } from '../db';
import { backoffMs } from './backoff';
import { cleanupDeliveredOnlot, runDeliverOnlot } from './deliverOnlotSteps';
import type { EntryHandle, OutboxContext } from './outboxTypes';
import { TransportError } from './transportError';

export interface ProcessResult {
  sent: number;
  failed: number;
  authPaused: boolean;
  /** When the earliest waiting entry is due again (ms since epoch), if any. */
  nextDueAt: number | null;
}

/**
 * Sends every due entry of the signed-in driver. Entries for one order go strictly in
 * order (only the oldest active one is tried); an entry stuck on one order does not hold
 * back other orders.
 */
export async function processOutbox(ctx: OutboxContext): Promise<ProcessResult> {
  const result: ProcessResult = { sent: 0, failed: 0, authPaused: false, nextDueAt: null };
  const active = await ctx.db.outbox
    .find({
      selector: { company_id: ctx.session.claims.company_id, account_id: ctx.session.claims.account_id, status: { $in: [...ACTIVE_STATUSES] } },
      sort: [{ created_at: 'asc' }, { id: 'asc' }],
    })
    .exec();
  const heads = new Map<string, OutboxDoc>();
  for (const doc of active) if (!heads.has(doc.order_key)) heads.set(doc.order_key, doc.toMutableJSON());

  for (const head of heads.values()) {
    if (head.status === 'needs_attention') continue;
    if (head.next_attempt_at > ctx.now()) {
      result.nextDueAt = Math.min(result.nextDueAt ?? Infinity, head.next_attempt_at);
      continue;
    }
    const outcome = await sendEntry(ctx, head);
    if (outcome === 'sent') result.sent += 1;
    else if (outcome === 'auth') {
      result.authPaused = true;
      break; // every later call would get the same 401
    } else {
      result.failed += 1;
      if (typeof outcome === 'number') result.nextDueAt = Math.min(result.nextDueAt ?? Infinity, outcome);
    }
  }
  return result;
}

async function handleFor(ctx: OutboxContext, id: string): Promise<EntryHandle> {
  let current = (await ctx.db.outbox.findOne(id).exec())?.toMutableJSON();
  if (!current) throw new Error(`outbox entry ${id} vanished`);
  return {
    get: () => current as OutboxDoc,
    update: async (fn) => {
      const doc = await ctx.db.outbox.findOne(id).exec();
      if (!doc) throw new Error(`outbox entry ${id} vanished`);
      const written = await doc.incrementalModify((data) => ({ ...fn(data), updated_at: new Date(ctx.now()).toISOString() }));
      current = written.toMutableJSON();
    },
  };
}

/** 'sent', 'auth', 'attention', or the time the entry is due again. */
async function sendEntry(ctx: OutboxContext, head: OutboxDoc): Promise<'sent' | 'auth' | 'attention' | number> {
  const entry = await handleFor(ctx, head.id);
  // Recorded before any network call: a crash now leaves a 'sending' entry that is simply
  // retried, which the idempotency keys make harmless.
  await entry.update((doc) => ({ ...doc, status: 'sending', attempts: doc.attempts + 1 }));
  try {
    const response = await runSteps(ctx, entry);
    await entry.update((doc) => ({ ...doc, status: 'done', last_error: null, steps: { ...doc.steps, response: { ...response } } }));
    await cleanup(ctx, entry.get());
    return 'sent';
  } catch (error) {
    const failure = toFailure(error);
    ctx.log?.('outbox: entry failed', { id: head.id, kind: failure.kind, error: failure.error });
    if (failure.kind === 'auth') {
      await entry.update((doc) => ({ ...doc, status: 'queued', next_attempt_at: 0, last_error: failure.error }));
      return 'auth';
    }
    if (failure.kind === 'retry') {
      const due = ctx.now() + backoffMs(entry.get().attempts, ctx.random);
      await entry.update((doc) => ({ ...doc, status: 'queued', next_attempt_at: due, last_error: failure.error }));
      return due;
    }
    await entry.update((doc) => ({ ...doc, status: 'needs_attention', last_error: failure.error }));
    await markDraftError(ctx, entry.get());
    return 'attention';
  }
}

async function runSteps(ctx: OutboxContext, entry: EntryHandle): Promise<object> {
  const kind = entry.get().kind;
  switch (kind) {
    case 'deliver_onlot':
      return runDeliverOnlot(ctx, entry);
    default: {
      const unknownKind: never = kind;
      throw new TransportError('permanent', 'PaymentMethodNotImplemented', `Unknown action ${String(unknownKind)}`, null);
    }
  }
}

async function cleanup(ctx: OutboxContext, entry: OutboxDoc): Promise<void> {
  try {
    switch (entry.kind) {
      case 'deliver_onlot':
        await cleanupDeliveredOnlot(ctx, entry);
        break;
      default: {
        const unknownKind: never = entry.kind;
        void unknownKind;
      }
    }
  } catch (error) {
    // The server has the delivery; a failed local cleanup must not turn that into an error.
    ctx.log?.('outbox: cleanup after success failed', error);
  }
}

async function markDraftError(ctx: OutboxContext, entry: OutboxDoc): Promise<void> {
  const draft = await ctx.db.onlot_deliveries.findOne(entry.order_key).exec();
  await draft?.incrementalModify((data) => ({ ...data, draft: { ...data.draft, deliveryError: entry.last_error?.message ?? 'Error delivering order' } }));
}

function toFailure(error: unknown): { kind: 'retry' | 'auth' | 'permanent'; error: OutboxError } {
  if (error instanceof TransportError) {
    return { kind: error.kind, error: { code: error.code, message: error.message, status: error.status } };
  }
  // Anything else is a bug or a storage failure on this device: keep the entry and retry.
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'retry', error: { code: 'GeneralError', message, status: null } };
}
