import * as v from 'valibot';
import {
  API, CustomerDeliveryDetailsSchema, MoveDeliveryDetailsSchema, OnlotDeliveryDetailsSchema, ORDER_API, ORDER_ID_FIELD,
  OrderNoteSchema, SavedCheckSchema, type OrderKind, type SavedCheck,
} from '../domain';
import { deliveryCollection, draftImageIds, emptyDraftOf, ownsDoc } from '../db';
import { ACTIVE_STATUSES } from '../outbox';
import { pullStream, stripDeleted, type PullContext } from './pull';

// Delivery details of each kind are pulled into their own collection. A pull writes only
// the `server` half of a document: the driver's draft beside it is never touched.

const SOURCES = {
  onlot: { path: API.onlotDeliveryDetails, schema: OnlotDeliveryDetailsSchema },
  move: { path: ORDER_API.moveDeliveryDetails, schema: MoveDeliveryDetailsSchema },
  customer: { path: ORDER_API.customerDeliveryDetails, schema: CustomerDeliveryDetailsSchema },
} as const;

export const DELIVERY_STREAMS = { onlot: 'onlot_deliveries@1', move: 'move_deliveries@0', customer: 'customer_deliveries@0' } as const satisfies Record<OrderKind, string>;

/** SPEC §7: prefetching pauses 400 ms after every 10 newly cached orders. */
export const PREFETCH_BATCH = 10;
export const PREFETCH_PAUSE_MS = 400;

export async function pullDeliveries(ctx: PullContext, kind: OrderKind): Promise<number> {
  const { company_id: companyId, account_id: accountId } = ctx.session.claims;
  const source = SOURCES[kind];
  const collection = deliveryCollection(ctx.db, kind);
  const total = await pullStream(ctx, DELIVERY_STREAMS[kind], source.path, async (live, deletedIds) => {
    for (const raw of live) {
      const parsed = v.safeParse(source.schema, stripDeleted(raw));
      if (!parsed.success || parsed.output.company_id !== companyId) {
        ctx.log?.('pull: skipped invalid delivery details', { id: raw.id });
        continue;
      }
      const details = parsed.output;
      const existing = await collection.findOne(details.id).exec();
      if (existing && !ownsDoc(existing, ctx.session)) {
        // Another driver's draft for an order now ours: theirs stays while their action is pending.
        if (await pending(ctx, details.id)) continue;
        await existing.remove();
      } else if (existing) {
        await existing.incrementalPatch({ server: details, account_id: accountId } as never);
        continue;
      }
      const orderId = (details as Record<string, unknown>)[ORDER_ID_FIELD[kind]] as number;
      await collection.upsert({
        id: details.id, company_id: companyId, account_id: accountId, order_id: orderId, server: details,
        draft: emptyDraftOf(kind), updated_at: details.updated_at, notes: null, notes_at: null,
        ...(kind === 'customer' ? { saved_checks: null, saved_checks_at: null } : {}),
      } as never);
    }
    for (const id of deletedIds) await dropDelivery(ctx, kind, id);
  });
  await prefetchPerOrder(ctx, kind);
  return total;
}

async function pending(ctx: PullContext, orderKey: string): Promise<boolean> {
  return Boolean(await ctx.db.outbox.findOne({ selector: { order_key: orderKey, status: { $in: [...ACTIVE_STATUSES] } } }).exec());
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

/** SPEC §7 order-details calls and their id query, for the notes each screen shows offline. */
const DETAILS = {
  onlot: { path: API.onlotOrderDetails, query: 'onlotInventoryOrderId' },
  move: { path: ORDER_API.moveOrderDetails, query: 'inventoryMoveOrderId' },
  customer: { path: ORDER_API.customerOrderDetails, query: 'customerOrderId' },
} as const satisfies Record<OrderKind, { path: string; query: string }>;

const NotesAnswerSchema = v.object({ notes: v.array(OrderNoteSchema) });

/**
 * What each order's screens need offline beyond its delivery details: the order's notes, and
 * for customer orders the saved checks a driver may pick (SPEC §7). Fetched again only when
 * the details changed since, and throttled: 400 ms after every 10 orders (SPEC §7).
 */
async function prefetchPerOrder(ctx: PullContext, kind: OrderKind): Promise<void> {
  const sleep = ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const docs = await deliveryCollection(ctx.db, kind)
    .find({ selector: { company_id: ctx.session.claims.company_id, account_id: ctx.session.claims.account_id } })
    .exec();
  let fetched = 0;
  for (const doc of docs) {
    const server = doc.server as { updated_at: string } | null;
    if (!server) continue;
    const json = doc.toMutableJSON() as { notes_at: string | null; saved_checks_at?: string | null };
    const patch: Record<string, unknown> = {};
    if (json.notes_at !== server.updated_at) {
      const answer = await ctx.http.get<unknown>(DETAILS[kind].path, { query: { [DETAILS[kind].query]: doc.order_id } });
      const parsed = v.safeParse(NotesAnswerSchema, answer);
      Object.assign(patch, { notes: parsed.success ? parsed.output.notes : [], notes_at: server.updated_at });
    }
    if (kind === 'customer' && json.saved_checks_at !== server.updated_at) {
      const answer = await ctx.http.get<unknown>(ORDER_API.savedChecks, { query: { 'customer-order-id': doc.order_id } });
      const parsed = v.safeParse(v.array(SavedCheckSchema), answer);
      const checks: SavedCheck[] = parsed.success ? parsed.output : [];
      Object.assign(patch, { saved_checks: checks, saved_checks_at: server.updated_at });
    }
    if (Object.keys(patch).length === 0) continue;
    await doc.incrementalPatch(patch);
    fetched += 1;
    if (fetched % PREFETCH_BATCH === 0) await sleep(PREFETCH_PAUSE_MS);
  }
}
