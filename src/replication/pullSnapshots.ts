import { clockMs, clockIso } from '../clock';
import { ORDER_API, ORDER_KIND_SPECS, orderRefOfFields, type ScheduleListItem } from '../domain';
import { CACHE_KEYS, pruneCache, readCache, readCaches, writeCache, writeCaches } from '../db';
import { prefetchInBatches } from './prefetch';
import type { PullContext } from './pull';

// Snapshots of reads that have no checkpoint (DESIGN §4 `cache`): each answer is validated,
// then replaces the driver's stored copy whole. An answer that does not validate is refused
// (AnswerNotUnderstood: the last good copy stays) and reported like a failed fetch. Each read
// is named by its endpoint-table key (`http.read`), validated by the table's answer schema.

/** Stores a validated answer as the snapshot `key` and hands it back. */
export async function storeSnapshot<T>(ctx: PullContext, key: string, output: T): Promise<T> {
  const now = clockMs();
  const stored = await readCache<unknown>(ctx.db, ctx.session, key);
  // An unchanged answer is not written again for a while: the order map of a 10,000-order
  // driver is ~400 KB, and every write is a change event the page parses on its main thread.
  const fresh = stored !== null && now - Date.parse(stored.fetchedAt) < UNCHANGED_REWRITE_MS && JSON.stringify(stored.data) === JSON.stringify(output);
  if (!fresh) await writeCache(ctx.db, ctx.session, key, output, new Date(now).toISOString());
  return output;
}

/** How old a stored snapshot may get before an identical answer refreshes its time ("Map data of …"). */
const UNCHANGED_REWRITE_MS = 5 * 60_000;

/**
 * The server said nothing changed (syncVersion.ts): the stored snapshots are its answers as of
 * now, so their times move on as an identical answer's would (at most every 5 minutes, in one write).
 */
export async function confirmSnapshots(ctx: PullContext, keys: readonly string[]): Promise<void> {
  const now = clockMs();
  const stored = await readCaches<unknown>(ctx.db, ctx.session, keys);
  const old = [...stored].filter(([, cached]) => now - Date.parse(cached.fetchedAt) >= UNCHANGED_REWRITE_MS);
  await writeCaches(
    ctx.db,
    ctx.session,
    old.map(([key, cached]) => ({ key, data: cached.data })),
    new Date(now).toISOString(),
  );
}

/** The order map (SPEC §4): the driver's orders with positions, the company's dealers and shops. */
export async function pullOrderMap(ctx: PullContext): Promise<void> {
  await storeSnapshot(ctx, CACHE_KEYS.orderMap, await ctx.http.read(`GET ${ORDER_API.orderMap}`));
}

/** The schedule list (SPEC §2 /scheduled), soonest first. */
export async function pullScheduleList(ctx: PullContext): Promise<void> {
  await storeSnapshot(ctx, CACHE_KEYS.scheduleList, await ctx.http.read(`GET ${ORDER_API.scheduleList}`));
}

/**
 * Each scheduled order's schedule details, from the stored schedule list, so `/scheduled` and
 * the three details screens open offline. A details snapshot is fetched again only when its
 * order changed since (updated_at), soonest first, as the per-order prefetch (prefetch.ts:
 * ten at a time, each ten stored in one write, never while the driver types or scrolls).
 * Snapshots of orders no longer scheduled are dropped.
 */
export async function prefetchScheduleDetails(ctx: PullContext): Promise<void> {
  const list = (await readCache<ScheduleListItem[]>(ctx.db, ctx.session, CACHE_KEYS.scheduleList))?.data ?? [];
  const wanted = list.flatMap((item) => {
    const ref = orderRefOfFields(item);
    return ref ? [{ item, ref, key: CACHE_KEYS.scheduleDetails(item.id) }] : [];
  });
  const cached = await readCaches<{ updated_at: string }>(
    ctx.db,
    ctx.session,
    wanted.map((w) => w.key),
  );
  const stale = wanted.filter((w) => cached.get(w.key)?.data.updated_at !== w.item.updated_at);
  await prefetchInBatches(
    ctx,
    stale,
    ({ ref }) => ctx.http.read(`GET ${ORDER_KIND_SPECS[ref.kind].paths.scheduleDetails}`, { id: ref.id }),
    (fetched) =>
      writeCaches(
        ctx.db,
        ctx.session,
        fetched.map(([{ key }, data]) => ({ key, data })),
        clockIso(),
      ),
  );
  await pruneCache(ctx.db, ctx.session, CACHE_KEYS.scheduleDetails(''), new Set(wanted.map((w) => w.key)));
}
