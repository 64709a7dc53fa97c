import * as v from 'valibot';
import { attachmentIds, deliveryCollection, draftImageIds, ownsDoc, writeCache, type OutboxDoc } from '../db';
import { OrderNoteSchema, parseOrderKey } from '../domain';
import { undoOptimistic, withCommittedNote, type OutboxKindDef } from '../outbox';
import type { OutboxContext } from './outboxTypes';

/**
 * After the server committed: what the kind says goes (draft, its images, the list row), a
 * snapshot the kind changes is replaced by the commit's answer (the settings it now holds),
 * and a note the kind adds joins the order's stored notes as the server answered it.
 */
export async function applyDone(ctx: OutboxContext, def: OutboxKindDef, entry: OutboxDoc): Promise<void> {
  try {
    if (def.updatesSnapshot && entry.steps.response) {
      await writeCache(ctx.db, ctx.session, def.updatesSnapshot.key, entry.steps.response, new Date(ctx.now()).toISOString());
    }
    if (def.addsNote && entry.steps.response) await storeCommittedNote(ctx, entry);
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
 * The note the commit answered, into the order's delivery document, where the order's screens
 * read its notes: the waiting note becomes the server's at once (no gap until the next pull
 * reads the order's notes, which replaces the list with the server's, this note included).
 * Notes not downloaded yet (null) stay so: that download brings it.
 */
async function storeCommittedNote(ctx: OutboxContext, entry: OutboxDoc): Promise<void> {
  const answer = v.safeParse(OrderNoteSchema, entry.steps.response);
  const order = parseOrderKey(entry.order_key);
  if (!answer.success || !order) return;
  const doc = await deliveryCollection(ctx.db, order.kind).findOne(entry.order_key).exec();
  if (!doc || !ownsDoc(doc, ctx.session) || doc.notes === null) return;
  await doc.incrementalModify((data) => (data.notes === null ? data : { ...data, notes: withCommittedNote(data.notes, answer.output) }));
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
