import type { OutboxDoc, OutboxError } from '../db';
import { activeEntriesSelector, isCommitted, isFollowup, kindDef, preparePayload, undoOptimistic, type OutboxKindDef } from '../outbox';
import { backoffMs } from './backoff';
import { applyAttention, applyDone } from './outboxEffects';
import { runLanes } from './outboxLanes';
import type { EntryHandle, OutboxContext } from './outboxTypes';
import { followupFailureText, runFollowup } from './steps/followups';
import { runUpload, uploadedFiles } from './steps/upload';
import { TransportError } from './transportError';

export interface ProcessResult {
  sent: number;
  failed: number;
  authPaused: boolean;
  /** The identifier of the 401 that paused it (AccountRemoved signs the driver out for good). */
  authCode: string | null;
  /** The server answered 426 ClientTooOld: everything waits, queued, for an updated app. */
  upgradePaused: boolean;
  /** When the earliest waiting entry is due again (ms since epoch), if any. */
  nextDueAt: number | null;
}

/** A follow-up that keeps failing transiently is given up (logged) after this many tries. */
export const MAX_FOLLOWUP_ATTEMPTS = 8;
/**
 * …or at its first failure once this long has passed since the entry's first follow-up failure
 * (`steps.retry_since`), whichever comes first: a delivered entry whose emails keep failing
 * ends as "follow-ups failed" within this window plus one try of each follow-up left (each a
 * 7 s wait and one request: well under 30 minutes), never "sending" for ever.
 */
export const FOLLOWUP_RETRY_WINDOW_MS = 15 * 60_000;

/**
 * The entries to try now: per order, the oldest one the server has not committed (actions on
 * one order reach it strictly in order), plus every committed one, whose follow-ups alone
 * remain and never hold back the order's next action (a reschedule does not wait for the
 * schedule's email). Committed ones first, so an order's emails go out in the order of its actions.
 */
function dueHeads(active: readonly OutboxDoc[]): OutboxDoc[] {
  const committed = active.filter(isCommitted);
  const firstUncommitted = new Map<string, OutboxDoc>();
  for (const doc of active) if (!isCommitted(doc) && !firstUncommitted.has(doc.order_key)) firstUncommitted.set(doc.order_key, doc);
  return [...committed, ...firstUncommitted.values()];
}

/**
 * Sends every due entry of the signed-in driver, interpreting each kind's steps from the
 * registry. Entries for one order go strictly in order (only the oldest uncommitted one is
 * tried); an entry stuck on one order does not hold back other orders, nor does one whose
 * photos crawl up a weak link (its lane runs beside the others').
 */
export async function processOutbox(ctx: OutboxContext): Promise<ProcessResult> {
  const result: ProcessResult = { sent: 0, failed: 0, authPaused: false, authCode: null, upgradePaused: false, nextDueAt: null };
  const dueNow = async () => {
    const active = await ctx.db.outbox.find({ selector: activeEntriesSelector(ctx.session), sort: [{ created_at: 'asc' }, { id: 'asc' }] }).exec();
    return dueHeads(active.map((doc) => doc.toMutableJSON()));
  };
  // A crawling upload holds back no other order's entry (outboxLanes.ts).
  await runLanes({ heads: await dueNow(), send: (head) => tryHead(ctx, head, result), reread: dueNow, queued: ctx.db.outbox.insert$ });
  return result;
}

/** Sends one head if it is due, adding its outcome to `result`; false when the run must stop (401, 426). */
async function tryHead(ctx: OutboxContext, head: OutboxDoc, result: ProcessResult): Promise<boolean> {
  if (head.status === 'needs_attention') return true;
  if (head.next_attempt_at > ctx.now()) {
    result.nextDueAt = Math.min(result.nextDueAt ?? Infinity, head.next_attempt_at);
    return true;
  }
  const outcome = await sendEntry(ctx, head);
  if (outcome === 'sent') result.sent += 1;
  else if (outcome === 'auth') {
    result.authPaused = true;
    result.authCode = (await ctx.db.outbox.findOne(head.id).exec())?.last_error?.code ?? null;
    return false; // every later call would get the same 401
  } else if (outcome === 'upgrade') {
    result.upgradePaused = true;
    return false; // every later call would get the same 426
  } else {
    if (outcome !== 'attention' && outcome.failed) result.failed += 1;
    if (outcome !== 'attention') result.nextDueAt = Math.min(result.nextDueAt ?? Infinity, outcome.due);
    else result.failed += 1;
  }
  return true;
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

type Outcome = 'sent' | 'auth' | 'upgrade' | 'attention' | { due: number; failed: boolean };

async function sendEntry(ctx: OutboxContext, head: OutboxDoc): Promise<Outcome> {
  const entry = await handleFor(ctx, head.id);
  const prepared = preparePayload(head);
  if (!prepared.ok) {
    // Never sent in an old or unknown shape: the driver is told and may discard it.
    await entry.update((doc) => ({ ...doc, status: 'needs_attention', last_error: prepared.error }));
    await undoOptimistic(ctx.db, ctx.session, kindDef(head.kind), ctx.now());
    return 'attention';
  }
  const { def, payload } = prepared;
  if (!isCommitted(entry.get())) {
    // Recorded before any network call: a crash now leaves a 'sending' entry that is simply
    // retried, which the idempotency keys make harmless.
    await entry.update((doc) => ({ ...doc, status: 'sending', attempts: doc.attempts + 1 }));
    try {
      await runMain(ctx, entry, def, payload);
    } catch (error) {
      return failMain(ctx, entry, def, error);
    }
    await applyDone(ctx, def, entry.get());
    // The driver's action is done; follow-ups start from a fresh attempt count.
    await entry.update((doc) => ({ ...doc, attempts: 0 }));
  }
  return runFollowups(ctx, entry, def);
}

/** Uploads, then the main call; its answer is recorded as the commit. */
async function runMain(ctx: OutboxContext, entry: EntryHandle, def: OutboxKindDef, payload: Record<string, unknown>): Promise<void> {
  for (const step of def.steps) {
    if (step.type === 'upload') await runUpload(ctx, entry, step);
    else if (step.type === 'call') {
      const current = entry.get();
      const response = await ctx.http.call(step.endpoint, def.body(payload, uploadedFiles(entry.get())), { idempotencyKey: current.id });
      await entry.update((doc) => ({ ...doc, last_error: null, steps: { ...doc.steps, response: { ...response } } }));
      ctx.events?.onStep?.({ entryId: current.id, step: 'deliver' });
      return;
    }
  }
}

async function failMain(ctx: OutboxContext, entry: EntryHandle, def: OutboxKindDef, error: unknown): Promise<Outcome> {
  const failure = toFailure(error);
  ctx.log?.('outbox: entry failed', { id: entry.get().id, kind: failure.kind, error: failure.error });
  if (failure.kind === 'auth' || failure.kind === 'upgrade') {
    // Paused, not failed: queued as it was, sent as soon as the token or the app is fixed.
    await entry.update((doc) => ({ ...doc, status: 'queued', next_attempt_at: 0, last_error: failure.error }));
    return failure.kind;
  }
  if (failure.kind === 'retry') {
    const due = ctx.now() + backoffMs(entry.get().attempts, ctx.random);
    await entry.update((doc) => ({ ...doc, status: 'queued', next_attempt_at: due, last_error: failure.error }));
    return { due, failed: true };
  }
  await entry.update((doc) => ({ ...doc, status: 'needs_attention', last_error: failure.error }));
  await applyAttention(ctx, def, entry.get());
  return 'attention';
}

/**
 * Certificate and emails after the commit, each after its wait (SPEC §9), each outcome
 * recorded before the next starts. A failure is logged on the entry and never undoes or
 * blocks the delivery; a done or failed follow-up is never repeated.
 */
async function runFollowups(ctx: OutboxContext, entry: EntryHandle, def: OutboxKindDef): Promise<Outcome> {
  const followups = def.steps.filter(isFollowup);
  for (const step of followups) {
    if (entry.get().steps.followups[step.id]) continue;
    const waitMs = ctx.followupWaitMs ?? step.waitMs;
    const waitUntil = entry.get().steps.wait_until ?? ctx.now() + waitMs;
    if (entry.get().steps.wait_until === null) await entry.update((doc) => ({ ...doc, steps: { ...doc.steps, wait_until: waitUntil } }));
    if (waitUntil > ctx.now()) {
      await entry.update((doc) => ({ ...doc, status: 'queued', next_attempt_at: waitUntil }));
      return { due: waitUntil, failed: false };
    }
    // A try counts when its request goes: waiting out the SPEC's 7 s uses none of the follow-up's tries.
    await entry.update((doc) => ({ ...doc, status: 'sending', attempts: doc.attempts + 1 }));
    let outcome;
    try {
      outcome = await runFollowup(ctx, entry.get(), step);
    } catch (error) {
      const failure = toFailure(error);
      if (failure.kind === 'auth' || failure.kind === 'upgrade') {
        await entry.update((doc) => ({ ...doc, status: 'queued', next_attempt_at: 0 }));
        return failure.kind;
      }
      const retrySince = entry.get().steps.retry_since ?? ctx.now();
      const windowOver = ctx.now() - retrySince >= FOLLOWUP_RETRY_WINDOW_MS;
      if (failure.kind === 'retry' && entry.get().attempts < MAX_FOLLOWUP_ATTEMPTS && !windowOver) {
        const due = ctx.now() + backoffMs(entry.get().attempts, ctx.random);
        await entry.update((doc) => ({
          ...doc,
          status: 'queued',
          next_attempt_at: due,
          last_error: failure.error,
          steps: { ...doc.steps, retry_since: retrySince },
        }));
        return { due, failed: true };
      }
      outcome = { status: 'failed' as const, message: followupFailureText(step, failure.error.message), at: new Date(ctx.now()).toISOString() };
    }
    if (outcome.status === 'failed') ctx.log?.(`outbox: ${step.id} failed (the delivery stands)`, { id: entry.get().id, message: outcome.message });
    // The next follow-up starts with its own tries (the window, `retry_since`, is the entry's).
    await entry.update((doc) => ({
      ...doc,
      attempts: 0,
      steps: { ...doc.steps, followups: { ...doc.steps.followups, [step.id]: outcome }, wait_until: null },
    }));
    ctx.events?.onStep?.({ entryId: entry.get().id, step: step.id });
  }
  await entry.update((doc) => ({ ...doc, status: 'done', last_error: null, next_attempt_at: 0 }));
  return 'sent';
}

function toFailure(error: unknown): { kind: TransportError['kind']; error: OutboxError } {
  if (error instanceof TransportError) {
    const holder = error.holder ? { holder: error.holder } : {};
    return { kind: error.kind, error: { code: error.code, message: error.message, status: error.status, ...holder } };
  }
  // Anything else is a bug or a storage failure on this device: keep the entry and retry.
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'retry', error: { code: 'GeneralError', message, status: null } };
}
