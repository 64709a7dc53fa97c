// The per-order prefetch (SPEC §7): what each order's screens need offline beyond the list, its
// delivery details and the snapshots, one request per order: the order's notes, a customer
// order's saved checks (pullSnapshots.ts fetches the schedule details the same way). It runs
// after the run's other reads, once the sync status says the phone is synced (pull.ts): on a
// fresh phone it is dozens of round trips. Orders due soonest first (pullDue.ts), a few requests
// at a time (a link of 800 ms round trip answers one at a time in ~1 s each), throttled: 400 ms
// after every 10 orders, and never while the driver types or scrolls.
import * as v from 'valibot';
import { clockMs } from '../clock';
import { ORDER_API, ORDER_KIND_SPECS, ORDER_KINDS, OrderNoteSchema, type OrderKind, type OrderKindSpec, type QueryOf, type SavedCheck } from '../domain';
import { deliveryCollection, driverScope } from '../db';
import { inTurns, READS_AT_ONCE } from './concurrent';
import { AnswerNotUnderstood } from './endpointCall';
import { isConnectivity } from './fetchReport';
import type { PullContext } from './pull';
import { dueOrderKeys } from './pullDue';

/** SPEC §7: prefetching pauses 400 ms after every 10 newly cached orders. */
export const PREFETCH_BATCH = 10;
export const PREFETCH_PAUSE_MS = 400;

/** What the prefetch reads of an order's details: its notes. */
export const NotesView = v.object({ notes: v.array(OrderNoteSchema) });

/**
 * Fetches `items` in batches of PREFETCH_BATCH, READS_AT_ONCE requests at a time, each batch
 * handed to `store` in one write (one change event, not ten) and followed by SPEC §7's pause. A
 * batch waits while the driver types or scrolls. An item whose read the server fails is skipped
 * (the first such failure is thrown at the end, for reportFetch); no signal stops at once,
 * keeping what arrived.
 */
export async function prefetchInBatches<T, R>(
  ctx: PullContext,
  items: readonly T[],
  fetch: (item: T) => Promise<R>,
  store: (fetched: [T, R][]) => Promise<void>,
): Promise<void> {
  const sleep = ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let failure: { error: unknown } | null = null;
  for (let start = 0; start < items.length; start += PREFETCH_BATCH) {
    const batch = items.slice(start, start + PREFETCH_BATCH);
    await ctx.whenDriverIdle?.();
    const fetched: [T, R][] = [];
    try {
      await inTurns(batch, READS_AT_ONCE, async (item) => {
        try {
          fetched.push([item, await fetch(item)]);
        } catch (error) {
          if (isConnectivity(error)) throw error;
          failure ??= { error };
        }
      });
    } finally {
      // What arrived before no signal is kept.
      if (fetched.length) await store(fetched);
    }
    if (batch.length === PREFETCH_BATCH) await sleep(PREFETCH_PAUSE_MS);
  }
  if (failure) throw (failure as { error: unknown }).error;
}

/** An answer the schema refuses leaves the list empty (as the screens show none), not the pull failed. */
async function listOrEmpty<T>(read: Promise<T[]>): Promise<T[]> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AnswerNotUnderstood) return [];
    throw error;
  }
}

interface PrefetchDoc {
  order_id: number;
  server: unknown;
  notes_at?: string | null;
  saved_checks_at?: string | null;
  incrementalPatch(patch: Record<string, unknown>): Promise<unknown>;
}

/** What of an order's details changed since it was fetched: its notes, its saved checks (a kind that takes a payment). */
function staleParts(kind: OrderKind, doc: PrefetchDoc): { notes: boolean; checks: boolean } | null {
  const server = doc.server as { updated_at: string } | null;
  if (server === null) return null;
  const notes = doc.notes_at !== server.updated_at;
  const checks = ORDER_KIND_SPECS[kind].payment && doc.saved_checks_at !== server.updated_at;
  return notes || checks ? { notes, checks } : null;
}

/** One order's notes (and saved checks), as a patch of its delivery document. */
async function fetchPerOrder(
  ctx: PullContext,
  kind: OrderKind,
  doc: PrefetchDoc,
  parts: { notes: boolean; checks: boolean },
): Promise<Record<string, unknown>> {
  const { updated_at: updatedAt } = doc.server as { updated_at: string };
  const spec = ORDER_KIND_SPECS[kind];
  const patch: Record<string, unknown> = {};
  if (parts.notes) {
    // ?onlotInventoryOrderId=N: the kind's id parameter (a computed key the types cannot follow).
    const query = { [spec.idParam]: doc.order_id } as QueryOf<`GET ${OrderKindSpec['paths']['details']}`>;
    const notes = await listOrEmpty(ctx.http.readAs(`GET ${spec.paths.details}`, NotesView, query).then((answer) => answer.notes));
    Object.assign(patch, { notes, notes_at: updatedAt });
  }
  // Customer orders (those that take a payment) keep their saved checks for the payment step.
  if (parts.checks) {
    const checks: SavedCheck[] = await listOrEmpty(ctx.http.read(`GET ${ORDER_API.savedChecks}`, { 'customer-order-id': doc.order_id }));
    Object.assign(patch, { saved_checks: checks, saved_checks_at: updatedAt });
  }
  return patch;
}

/**
 * Each order's notes and saved checks whose delivery details changed since they were fetched,
 * over every kind: the orders due soonest first, then the kinds in ORDER_KINDS' order.
 */
export async function prefetchPerOrder(ctx: PullContext): Promise<void> {
  const rank = await dueOrderKeys(ctx, ctx.now?.() ?? clockMs());
  const wanted: { kind: OrderKind; doc: PrefetchDoc; parts: { notes: boolean; checks: boolean }; order: number }[] = [];
  for (const kind of ORDER_KINDS) {
    const docs = await deliveryCollection(ctx.db, kind)
      .find({ selector: driverScope(ctx.session.claims) })
      .exec();
    for (const doc of docs) {
      const parts = staleParts(kind, doc);
      if (parts) wanted.push({ kind, doc, parts, order: rank.get(doc.id) ?? rank.size + wanted.length });
    }
  }
  wanted.sort((a, b) => a.order - b.order);
  await prefetchInBatches(
    ctx,
    wanted,
    (item) => fetchPerOrder(ctx, item.kind, item.doc, item.parts),
    (fetched) => Promise.all(fetched.map(([item, patch]) => item.doc.incrementalPatch(patch))).then(() => undefined),
  );
}
