import { clockMs, clockIso } from '../clock';
import { ORDER_API, ORDER_KIND_SPECS, orderRefOfFields, type ScheduleListItem } from '../domain';
import { CACHE_KEYS, pruneCache, readCache, readCaches, writeCache, writeCaches } from '../db';
import { PREFETCH_BATCH, PREFETCH_PAUSE_MS } from './pullDeliveries';
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

/**
 * The schedule list, then each scheduled order's schedule details, so `/scheduled` and the
 * three details screens open offline. A details snapshot is fetched again only when its order
 * changed since (updated_at), throttled like every prefetch (SPEC §7): ten at a time, each ten
 * stored in one write, never while the driver types or scrolls (driverBusy.ts). Snapshots of
 * orders no longer scheduled are dropped.
 */
export async function pullSchedule(ctx: PullContext): Promise<void> {
  const sleep = ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const list: ScheduleListItem[] = await storeSnapshot(ctx, CACHE_KEYS.scheduleList, await ctx.http.read(`GET ${ORDER_API.scheduleList}`));
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
  for (let start = 0; start < stale.length; start += PREFETCH_BATCH) {
    const batch = stale.slice(start, start + PREFETCH_BATCH);
    await ctx.whenDriverIdle?.();
    const fetched: { key: string; data: unknown }[] = [];
    try {
      for (const { key, ref } of batch)
        fetched.push({ key, data: await ctx.http.read(`GET ${ORDER_KIND_SPECS[ref.kind].paths.scheduleDetails}`, { id: ref.id }) });
    } finally {
      // What arrived before a failure is kept.
      await writeCaches(ctx.db, ctx.session, fetched, clockIso());
    }
    if (batch.length === PREFETCH_BATCH) await sleep(PREFETCH_PAUSE_MS);
  }
  await pruneCache(ctx.db, ctx.session, CACHE_KEYS.scheduleDetails(''), new Set(wanted.map((w) => w.key)));
}
