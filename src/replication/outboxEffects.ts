import { deliveryCollection, attachmentIds, type OutboxDoc } from '../db';
import type { OutboxKindDef } from '../outbox';
import type { OutboxContext } from './outboxTypes';

/** After the server committed: what the kind says goes (draft, its images, the list row). */
export async function applyDone(ctx: OutboxContext, def: OutboxKindDef, entry: OutboxDoc): Promise<void> {
  try {
    if (def.draft && def.onDone.removeDraft) {
      const draft = await deliveryCollection(ctx.db, def.draft).findOne(entry.order_key).exec();
      const ids = draft ? attachmentIdsOfDraft(draft.toMutableJSON().draft as unknown as Record<string, unknown>) : [];
      await draft?.remove();
      await ctx.blobs.delete([...new Set([...ids, ...attachmentIds(entry.attachments)])]);
    }
    if (def.onDone.removeOrder) {
      const order = await ctx.db.orders.findOne(entry.order_key).exec();
      await order?.remove();
    }
  } catch (error) {
    // The server has the delivery; a failed local cleanup must not turn that into an error.
    ctx.log?.('outbox: cleanup after success failed', error);
  }
}

/** The server refused the action: its message goes on the draft (SPEC §4: deliveryError). */
export async function applyAttention(ctx: OutboxContext, def: OutboxKindDef, entry: OutboxDoc): Promise<void> {
  if (!def.draft || !def.onAttention.markDraft) return;
  const draft = await deliveryCollection(ctx.db, def.draft).findOne(entry.order_key).exec();
  await draft?.incrementalModify((data) => ({ ...data, draft: { ...data.draft, deliveryError: entry.last_error?.message ?? 'Error delivering order' } }) as typeof data);
}

function attachmentIdsOfDraft(draft: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const slot of ['photos', 'signature', 'check']) {
    const value = draft[slot] as { id: string }[] | { id: string } | null | undefined;
    if (Array.isArray(value)) ids.push(...value.map((p) => p.id));
    else if (value) ids.push(value.id);
  }
  return ids;
}

