import * as v from 'valibot';
import {
  API,
  encodeCheckpoint,
  normalizeNullIds,
  OnlotDeliveryDetailsSchema,
  OrderListItemSchema,
  type Checkpoint,
  type PullResponse,
} from '../domain';
import {
  ACTIVE_STATUSES,
  emptyInventoryDraft,
  readCheckpoint,
  writeCheckpoint,
  type BlobStore,
  type DriverDatabase,
  type Session,
} from '../db';
import type { HttpClient } from './http';

export const PULL_LIMIT = 200;
export const PULL_STREAMS = ['orders', 'onlot_deliveries'] as const;
export type PullStream = (typeof PULL_STREAMS)[number];

export interface PullContext {
  db: DriverDatabase;
  blobs: BlobStore;
  http: HttpClient;
  session: Session;
  log?: (message: string, detail?: unknown) => void;
}

type RawDoc = Record<string, unknown> & { id: string; _deleted?: boolean };

/** Pages through one checkpointed stream until the server has nothing newer. */
async function pullStream(
  ctx: PullContext,
  stream: PullStream,
  path: string,
  apply: (live: RawDoc[], deletedIds: string[]) => Promise<void>,
): Promise<number> {
  let checkpoint: Checkpoint | null = await readCheckpoint(ctx.db, stream, ctx.session);
  let total = 0;
  // Bounded: a server that keeps answering full pages cannot spin the worker forever.
  for (let page = 0; page < 500; page++) {
    const response = await ctx.http.get<PullResponse<RawDoc>>(path, {
      query: { checkpoint: checkpoint ? encodeCheckpoint(checkpoint) : undefined, limit: PULL_LIMIT },
    });
    const documents = Array.isArray(response?.documents) ? response.documents : [];
    const live = documents.filter((d) => !d._deleted).map((d) => normalizeNullIds(d));
    const deleted = documents.filter((d) => d._deleted).map((d) => d.id);
    await apply(live, deleted);
    total += documents.length;
    if (response?.checkpoint) {
      checkpoint = response.checkpoint;
      await writeCheckpoint(ctx.db, stream, ctx.session, checkpoint);
    }
    if (documents.length < PULL_LIMIT || !response?.checkpoint) break;
  }
  return total;
}

export function pullOrders(ctx: PullContext): Promise<number> {
  const companyId = ctx.session.claims.company_id;
  return pullStream(ctx, 'orders', API.orderList, async (live, deletedIds) => {
    const valid = [];
    for (const raw of live) {
      const parsed = v.safeParse(OrderListItemSchema, stripDeleted(raw));
      // A row of another company can only be a server bug; never store it.
      if (parsed.success && parsed.output.company_id === companyId) valid.push(parsed.output);
      else ctx.log?.('pull: skipped an invalid order row', { id: raw.id });
    }
    if (valid.length) await ctx.db.orders.bulkUpsert(valid);
    if (deletedIds.length) await ctx.db.orders.bulkRemove(deletedIds).catch(() => undefined);
  });
}

/** Writes only `server`: the driver's draft beside it is never touched by a pull. */
export function pullOnlotDeliveries(ctx: PullContext): Promise<number> {
  const companyId = ctx.session.claims.company_id;
  return pullStream(ctx, 'onlot_deliveries', API.onlotDeliveryDetails, async (live, deletedIds) => {
    for (const raw of live) {
      const parsed = v.safeParse(OnlotDeliveryDetailsSchema, stripDeleted(raw));
      if (!parsed.success || parsed.output.company_id !== companyId) {
        ctx.log?.('pull: skipped invalid delivery details', { id: raw.id });
        continue;
      }
      const details = parsed.output;
      const existing = await ctx.db.onlot_deliveries.findOne(details.id).exec();
      if (existing) {
        await existing.incrementalPatch({ server: details });
      } else {
        await ctx.db.onlot_deliveries.upsert({
          id: details.id,
          company_id: companyId,
          onlot_inventory_order_id: details.onlot_inventory_order_id,
          server: details,
          draft: emptyInventoryDraft(),
          updated_at: details.updated_at,
        });
      }
    }
    for (const id of deletedIds) await dropDelivery(ctx, id);
  });
}

/** The order left this driver: drop its local delivery unless an action for it is pending. */
async function dropDelivery(ctx: PullContext, id: string): Promise<void> {
  const pending = await ctx.db.outbox.findOne({ selector: { order_key: id, status: { $in: [...ACTIVE_STATUSES] } } }).exec();
  if (pending) return;
  const doc = await ctx.db.onlot_deliveries.findOne(id).exec();
  if (!doc) return;
  const photoIds = doc.draft.photos.map((p) => p.id);
  await doc.remove();
  await ctx.blobs.delete(photoIds);
}

function stripDeleted(raw: RawDoc): Record<string, unknown> {
  const { _deleted: _ignored, ...rest } = raw;
  return rest;
}
