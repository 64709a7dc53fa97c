import * as v from 'valibot';
import { answerSchemaOf, ORDER_API, pathOf, type AnswerOf, type EndpointKey, type OrderKind, type ScheduleListItem } from '../domain';
import { CACHE_KEYS, pruneCache, readCache, writeCache } from '../db';
import { PREFETCH_BATCH, PREFETCH_PAUSE_MS } from './pullDeliveries';
import type { PullContext } from './pull';

// Snapshots of reads that have no checkpoint (DESIGN §4 `cache`): each answer is validated,
// then replaces the driver's stored copy whole. An answer that does not validate is refused
// (the last good copy stays) and reported like a failed fetch. The call is named by its key in
// the endpoint table (src/domain/endpoints): the path and the answer's schema come from there,
// the same schema /openapi.json documents and the server's answers are tested against.

export class SnapshotInvalid extends Error {
  constructor(path: string) {
    super(`The server's answer to ${path} was not understood`);
    this.name = 'SnapshotInvalid';
  }
}

export async function pullSnapshot<K extends EndpointKey>(ctx: PullContext, key: string, endpoint: K, query?: Record<string, string | number>): Promise<AnswerOf<K>> {
  const path = pathOf(endpoint);
  const answer = await ctx.http.get<unknown>(path, query ? { query } : undefined);
  const parsed = v.safeParse(answerSchemaOf(endpoint), answer);
  if (!parsed.success) throw new SnapshotInvalid(path);
  const now = Date.now();
  const stored = await readCache<unknown>(ctx.db, ctx.session, key);
  // An unchanged answer is not written again for a while: the order map of a 10,000-order
  // driver is ~400 KB, and every write is a change event the page parses on its main thread.
  const fresh = stored !== null && now - Date.parse(stored.fetchedAt) < UNCHANGED_REWRITE_MS && JSON.stringify(stored.data) === JSON.stringify(parsed.output);
  if (!fresh) await writeCache(ctx.db, ctx.session, key, parsed.output, new Date(now).toISOString());
  return parsed.output;
}

/** How old a stored snapshot may get before an identical answer refreshes its time ("Map data of …"). */
const UNCHANGED_REWRITE_MS = 5 * 60_000;

/** The order map (SPEC §4): the driver's orders with positions, the company's dealers and shops. */
export async function pullOrderMap(ctx: PullContext): Promise<void> {
  await pullSnapshot(ctx, CACHE_KEYS.orderMap, `GET ${ORDER_API.orderMap}`);
}

const DETAILS_ENDPOINT = {
  customer: `GET ${ORDER_API.customerScheduleDetails}`,
  onlot: `GET ${ORDER_API.onlotScheduleDetails}`,
  move: `GET ${ORDER_API.moveScheduleDetails}`,
} as const satisfies Record<OrderKind, EndpointKey>;

function refOf(item: ScheduleListItem): { kind: OrderKind; id: number } | null {
  if (item.customer_order_id !== null) return { kind: 'customer', id: item.customer_order_id };
  if (item.onlot_inventory_order_id !== null) return { kind: 'onlot', id: item.onlot_inventory_order_id };
  if (item.inventory_move_order_id !== null) return { kind: 'move', id: item.inventory_move_order_id };
  return null;
}

/**
 * The schedule list, then each scheduled order's schedule details, so `/scheduled` and the
 * three details screens open offline. A details snapshot is fetched again only when its order
 * changed since (updated_at), throttled like every prefetch (SPEC §7), and snapshots of orders
 * no longer scheduled are dropped.
 */
export async function pullSchedule(ctx: PullContext): Promise<void> {
  const sleep = ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const list: ScheduleListItem[] = await pullSnapshot(ctx, CACHE_KEYS.scheduleList, `GET ${ORDER_API.scheduleList}`);
  const keep = new Set<string>();
  let fetched = 0;
  for (const item of list) {
    const ref = refOf(item);
    if (!ref) continue;
    const key = CACHE_KEYS.scheduleDetails(item.id);
    keep.add(key);
    const cached = await readCache<{ updated_at: string }>(ctx.db, ctx.session, key);
    if (cached?.data.updated_at === item.updated_at) continue;
    await pullSnapshot(ctx, key, DETAILS_ENDPOINT[ref.kind], { id: ref.id });
    fetched += 1;
    if (fetched % PREFETCH_BATCH === 0) await sleep(PREFETCH_PAUSE_MS);
  }
  await pruneCache(ctx.db, ctx.session, CACHE_KEYS.scheduleDetails(''), keep);
}
