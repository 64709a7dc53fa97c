import { attachmentIds, deliveryCollection, draftImageIds, writeCache, type OutboxDoc } from '../db';
import { undoOptimistic, type OutboxKindDef } from '../outbox';
import type { OutboxContext } from './outboxTypes';

/**
 * After the server committed: what the kind says goes (draft, its images, the list row), and
 * a snapshot the kind changes is replaced by the commit's answer (the settings it now holds).
 */
export async function applyDone(ctx: OutboxContext, def: OutboxKindDef, entry: OutboxDoc): Promise<void> {
  try {
    if (def.updatesSnapshot && entry.steps.response) {
      await writeCache(ctx.db, ctx.session, def.updatesSnapshot.key, entry.steps.response, new Date(ctx.now()).toISOString());
    }
    if (def.draft && def.onDone.removeDraft) {
      const draft = await deliveryCollection(ctx.db, def.draft).findOne(entry.order_key).exec();
      const ids = draft ? draftImageIds(draft.toMutableJSON().draft) : [];
      await draft?.remove();
      await ctx.blobs.delete([...new Set([...ids, ...attachmentIds(entry.attachments)])]);
    }
    if (def.onDone.removeOrder) {
      const order = await ctx.db.orders.findOne(entry.order_key).exec();
      await order?.remove();
    }
  } catch (error) {
    // The server has the action; a failed local cleanup or write must not turn that into an error.
    ctx.log?.('outbox: cleanup after success failed', error);
  }
}

/**
 * The server refused the action: what the list showed for it is undone (the next pull reads
 * the order list again), and its message goes on the draft (SPEC §4: deliveryError).
 */
export async function applyAttention(ctx: OutboxContext, def: OutboxKindDef, entry: OutboxDoc): Promise<void> {
  await undoOptimistic(ctx.db, ctx.session, def, ctx.now());
  if (!def.draft || !def.onAttention.markDraft) return;
  const draft = await deliveryCollection(ctx.db, def.draft).findOne(entry.order_key).exec();
  await draft?.incrementalModify(
    (data) => ({ ...data, draft: { ...data.draft, deliveryError: entry.last_error?.message ?? 'Error delivering order' } }) as typeof data,
  );
}
