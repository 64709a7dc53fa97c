import * as v from 'valibot';
import {
  CustomerDeliveryDetailsSchema,
  MoveDeliveryDetailsSchema,
  OnlotDeliveryDetailsSchema,
  ORDER_KIND_SPECS,
  ORDER_KINDS,
  type OrderKind,
  type OrderKindSpec,
} from '../domain';
import { deliveryCollection, draftImageIds, newDeliveryDoc, ownsDoc } from '../db';
import { ACTIVE_STATUSES, isCommitted } from '../outbox';
import { pullStream, stripDeleted, type PullContext, type RawDoc } from './pull';

// Delivery details of each kind are pulled into their own collection. A pull writes only
// the `server` half of a document: the driver's draft beside it is never touched.

/** Each kind's delivery details shape (the registry, orderKinds.ts, is data; the shapes stay beside their schemas). */
const DETAILS_SCHEMA = { onlot: OnlotDeliveryDetailsSchema, move: MoveDeliveryDetailsSchema, customer: CustomerDeliveryDetailsSchema } as const;

/** The delivery collections' pull streams, one per kind. */
export const DELIVERY_STREAMS: readonly OrderKindSpec['stream'][] = ORDER_KINDS.map((kind) => ORDER_KIND_SPECS[kind].stream);

/**
 * Writes delivery details the server answered (a page of the stream, or single orders'
 * details) into the kind's collection: only the `server` half, the driver's draft stays.
 */
export async function storeDeliveryDetails(ctx: PullContext, kind: OrderKind, live: RawDoc[], deletedIds: string[]): Promise<void> {
  const { company_id: companyId, account_id: accountId } = ctx.session.claims;
  const spec = ORDER_KIND_SPECS[kind];
  const collection = deliveryCollection(ctx.db, kind);
  const valid = [];
  for (const raw of live) {
    const parsed = v.safeParse(DETAILS_SCHEMA[kind], stripDeleted(raw));
    if (parsed.success && parsed.output.company_id === companyId) valid.push(parsed.output);
    else ctx.log?.('pull: skipped invalid delivery details', { id: raw.id });
  }
  // A page is written in as few writes as possible (new documents in one bulk insert, changed
  // ones patched together, unchanged ones not at all): every write is a change event the
  // page's database handles on its main thread, and 10,000 single writes slowed typing there.
  const existing = await collection.findByIds(valid.map((details) => details.id)).exec();
  const inserts = [];
  const patches: Promise<unknown>[] = [];
  for (const details of valid) {
    const doc = existing.get(details.id);
    if (doc && !ownsDoc(doc, ctx.session)) {
      // Another driver's draft for an order now ours: theirs stays while their action is pending.
      if (await pending(ctx, details.id)) continue;
      await doc.remove();
    } else if (doc) {
      if (doc.account_id !== accountId || !sameJson(doc.server, details))
        patches.push(doc.incrementalPatch({ server: details, account_id: accountId } as never));
      continue;
    }
    const orderId = (details as Record<string, unknown>)[spec.idField] as number;
    inserts.push(newDeliveryDoc(ctx.session, kind, orderId, details, details.updated_at));
  }
  if (inserts.length) {
    const result = await collection.bulkInsert(inserts);
    // A document written meanwhile (the driver started a draft) keeps its draft: only the server half is set.
    for (const error of result.error) {
      const details = valid.find((d) => d.id === error.documentId);
      const doc = error.status === 409 && details ? await collection.findOne(error.documentId).exec() : null;
      if (doc && details && ownsDoc(doc, ctx.session)) patches.push(doc.incrementalPatch({ server: details, account_id: accountId } as never));
    }
  }
  await Promise.all(patches);
  for (const id of deletedIds) await dropDelivery(ctx, kind, id);
}

/** The kind's delivery details stream, from its checkpoint (each order's notes and checks follow later: prefetch.ts). */
export async function pullDeliveries(ctx: PullContext, kind: OrderKind): Promise<number> {
  const spec = ORDER_KIND_SPECS[kind];
  return pullStream(ctx, spec.stream, `GET ${spec.paths.deliveryDetails}`, (live, deletedIds) => storeDeliveryDetails(ctx, kind, live, deletedIds));
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * An action for the order the server has not committed yet: it still needs the local copy. A
 * committed one whose follow-ups (certificate, emails, the office notice) still run does not:
 * counting it kept a reassigned order's details from the colleague who signed in next.
 */
async function pending(ctx: PullContext, orderKey: string): Promise<boolean> {
  const active = await ctx.db.outbox.find({ selector: { order_key: orderKey, status: { $in: [...ACTIVE_STATUSES] } } }).exec();
  return active.some((entry) => !isCommitted(entry));
}

/** The order left this driver: drop its local delivery unless an action for it is pending. */
async function dropDelivery(ctx: PullContext, kind: OrderKind, id: string): Promise<void> {
  if (await pending(ctx, id)) return;
  const doc = await deliveryCollection(ctx.db, kind).findOne(id).exec();
  if (!doc || !ownsDoc(doc, ctx.session)) return;
  const ids = draftImageIds(doc.toMutableJSON().draft);
  await doc.remove();
  await ctx.blobs.delete(ids);
}
