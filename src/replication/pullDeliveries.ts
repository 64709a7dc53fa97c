import * as v from 'valibot';
import {
  CustomerDeliveryDetailsSchema,
  MoveDeliveryDetailsSchema,
  OnlotDeliveryDetailsSchema,
  ORDER_API,
  ORDER_KIND_SPECS,
  ORDER_KINDS,
  OrderNoteSchema,
  type OrderKind,
  type OrderKindSpec,
  type QueryOf,
  type SavedCheck,
} from '../domain';
import { deliveryCollection, draftImageIds, driverScope, newDeliveryDoc, ownsDoc } from '../db';
import { ACTIVE_STATUSES, isCommitted } from '../outbox';
import { AnswerNotUnderstood } from './endpointCall';
import { pullStream, stripDeleted, type PullContext } from './pull';

// Delivery details of each kind are pulled into their own collection. A pull writes only
// the `server` half of a document: the driver's draft beside it is never touched.

/** Each kind's delivery details shape (the registry, orderKinds.ts, is data; the shapes stay beside their schemas). */
const DETAILS_SCHEMA = { onlot: OnlotDeliveryDetailsSchema, move: MoveDeliveryDetailsSchema, customer: CustomerDeliveryDetailsSchema } as const;

/** The delivery collections' pull streams, one per kind. */
export const DELIVERY_STREAMS: readonly OrderKindSpec['stream'][] = ORDER_KINDS.map((kind) => ORDER_KIND_SPECS[kind].stream);

/** SPEC §7: prefetching pauses 400 ms after every 10 newly cached orders. */
export const PREFETCH_BATCH = 10;
export const PREFETCH_PAUSE_MS = 400;

export async function pullDeliveries(ctx: PullContext, kind: OrderKind): Promise<number> {
  const { company_id: companyId, account_id: accountId } = ctx.session.claims;
  const spec = ORDER_KIND_SPECS[kind];
  const collection = deliveryCollection(ctx.db, kind);
  const total = await pullStream(ctx, spec.stream, `GET ${spec.paths.deliveryDetails}`, async (live, deletedIds) => {
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
  });
  await prefetchPerOrder(ctx, kind);
  return total;
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

/** What the prefetch reads of an order's details: its notes. */
export const NotesView = v.object({ notes: v.array(OrderNoteSchema) });

/** An answer the schema refuses leaves the list empty (as the screens show none), not the pull failed. */
async function listOrEmpty<T>(read: Promise<T[]>): Promise<T[]> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AnswerNotUnderstood) return [];
    throw error;
  }
}

/**
 * What each order's screens need offline beyond its delivery details: the order's notes, and
 * for customer orders the saved checks a driver may pick (SPEC §7). Fetched again only when
 * the details changed since, and throttled: 400 ms after every 10 orders (SPEC §7).
 */
async function prefetchPerOrder(ctx: PullContext, kind: OrderKind): Promise<void> {
  const sleep = ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const docs = await deliveryCollection(ctx.db, kind)
    .find({ selector: driverScope(ctx.session.claims) })
    .exec();
  // Only what changed since it was fetched; written ten at a time (one change event, not ten).
  const stale = docs.filter((doc) => {
    const server = doc.server as { updated_at: string } | null;
    const json = doc as unknown as { notes_at: string | null; saved_checks_at?: string | null };
    return server !== null && (json.notes_at !== server.updated_at || (ORDER_KIND_SPECS[kind].payment && json.saved_checks_at !== server.updated_at));
  });
  for (let start = 0; start < stale.length; start += PREFETCH_BATCH) {
    const batch = stale.slice(start, start + PREFETCH_BATCH);
    await ctx.whenDriverIdle?.();
    const writes: [(typeof batch)[number], Record<string, unknown>][] = [];
    for (const doc of batch) writes.push([doc, await fetchPerOrder(ctx, kind, doc)]);
    await Promise.all(writes.map(([doc, patch]) => doc.incrementalPatch(patch)));
    if (batch.length === PREFETCH_BATCH) await sleep(PREFETCH_PAUSE_MS);
  }
}

/** One order's notes (and saved checks), as a patch of its delivery document. */
async function fetchPerOrder(
  ctx: PullContext,
  kind: OrderKind,
  doc: { order_id: number; server: unknown; toMutableJSON(): unknown },
): Promise<Record<string, unknown>> {
  const server = doc.server as { updated_at: string };
  const json = doc.toMutableJSON() as { notes_at: string | null; saved_checks_at?: string | null };
  const patch: Record<string, unknown> = {};
  if (json.notes_at !== server.updated_at) {
    const spec = ORDER_KIND_SPECS[kind];
    // ?onlotInventoryOrderId=N: the kind's id parameter (a computed key the types cannot follow).
    const query = { [spec.idParam]: doc.order_id } as QueryOf<`GET ${OrderKindSpec['paths']['details']}`>;
    const notes = await listOrEmpty(ctx.http.readAs(`GET ${spec.paths.details}`, NotesView, query).then((answer) => answer.notes));
    Object.assign(patch, { notes, notes_at: server.updated_at });
  }
  // Customer orders (those that take a payment) keep their saved checks for the payment step.
  if (ORDER_KIND_SPECS[kind].payment && json.saved_checks_at !== server.updated_at) {
    const checks: SavedCheck[] = await listOrEmpty(ctx.http.read(`GET ${ORDER_API.savedChecks}`, { 'customer-order-id': doc.order_id }));
    Object.assign(patch, { saved_checks: checks, saved_checks_at: server.updated_at });
  }
  return patch;
}
