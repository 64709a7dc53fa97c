import { clockIso } from '../clock';
import * as v from 'valibot';
import {
  API,
  PULL_LIMIT_MAX,
  encodeCheckpoint,
  normalizeNullIds,
  ORDER_API,
  ORDER_KINDS,
  OrderListItemSchema,
  type Checkpoint,
  type EndpointKey,
} from '../domain';
import {
  CACHE_KEYS,
  orderDocOf,
  patchSyncStatus,
  readCheckpoint,
  readOrdersRefresh,
  settleOrdersRefresh,
  writeCheckpoint,
  writeCompanyDrivers,
  type BlobStore,
  type DriverDatabase,
  type Session,
} from '../db';
import { applyOptimistic, markOrdersBack } from '../outbox';
import { allSettledOrThrow } from './concurrent';
import { prefetchPerOrder } from './prefetch';
import { DELIVERY_STREAMS, pullDeliveries } from './pullDeliveries';
import { pullDueDeliveries } from './pullDue';
import type { HttpClient } from './http';
import { isConnectivity, reportFetch } from './fetchReport';
import { pullCompanyContact, pullFeatureFlags, pullNotifications } from './pullOffice';
import { confirmSnapshots, prefetchScheduleDetails, pullOrderMap, pullScheduleList } from './pullSnapshots';
import { askSyncVersion, knownSyncVersion, pullSetOf, storeSyncVersion, type VersionCheck } from './syncVersion';

/**
 * The server's largest page: a first pull of 10,000 orders is 5 round trips, not 10 or 50, and
 * each page is one bulk write (fewer change events and re-renders for the page to digest).
 * Pages of 1,000 took 3.0 s from Sign in to 10,000 stored on this machine, of 2,500 2.65 s
 * (of 5,000 no better; npm run bench).
 */
export const PULL_LIMIT = PULL_LIMIT_MAX;
/** The first page of a stream is smaller: the first cards show sooner on Home. */
export const PULL_LIMIT_FIRST = 1000;
/** Stream names carry the version of the collection they fill: a bump starts that pull over. */
export const ORDERS_STREAM = 'orders@2';
export const PULL_STREAMS: readonly string[] = [ORDERS_STREAM, ...DELIVERY_STREAMS];

export interface PullContext {
  db: DriverDatabase;
  blobs: BlobStore;
  http: HttpClient;
  session: Session;
  log?: (message: string, detail?: unknown) => void;
  /** SPEC §7 prefetch throttle: pause this long after every 10 newly cached orders. */
  sleep?: (ms: number) => Promise<void>;
  /** Resolves when the driver is not typing or scrolling (driverBusy.ts): the prefetch waits for it. */
  whenDriverIdle?: () => Promise<void>;
  /** The host the app is served on: its SPEC §9 environment names the feature flags' environment. */
  appHost?: string;
  /** The engine's clock and the phone's time zone: which orders are due today or tomorrow (pullDue.ts). */
  now?: () => number;
  timeZone?: string;
  /**
   * Called once the run's reads are on the phone (the list, the due orders' and every kind's
   * delivery details, the snapshots), before the per-order prefetch: the engine records the sync
   * as successful there (issue 24: on a fresh phone the prefetch is dozens of round trips).
   */
  onSynced?: () => Promise<void>;
}

export type RawDoc = Record<string, unknown> & { id: string; _deleted?: boolean };

/**
 * A pull page as the stream reads it (the table's page schema, loosened): rows are validated
 * one by one by the stream's writer, so a bad row is skipped rather than the page refused.
 */
export const PullPageView = v.object({
  documents: v.array(v.looseObject({ id: v.string(), _deleted: v.optional(v.boolean()) })),
  checkpoint: v.optional(v.nullable(v.object({ updated_at: v.string(), id: v.string() })), null),
  total: v.optional(v.number()),
});
export type PullPage = v.InferOutput<typeof PullPageView>;

/** The checkpointed pulls' calls (endpoint-table keys: the paths /openapi.json documents). */
export type PullEndpoint = Extract<
  EndpointKey,
  `GET ${typeof API.orderList | typeof API.onlotDeliveryDetails | typeof ORDER_API.moveDeliveryDetails | typeof ORDER_API.customerDeliveryDetails}`
>;

/** What a stream's pages are handed to: the rows, then (optionally) the count so far and where the stream stands. */
export interface PageHandlers {
  apply: (live: RawDoc[], deletedIds: string[]) => Promise<void>;
  onPage?: (livePulled: number, total: number | undefined) => Promise<void>;
  /** After each page that named a checkpoint: the stream's new position. */
  checkpointed?: (checkpoint: Checkpoint) => Promise<void>;
}

/**
 * The requests of one checkpointed stream, from `from` until the server has nothing newer:
 * a first page of PULL_LIMIT_FIRST, then pages of PULL_LIMIT, each next page asked for while
 * the current one is applied. Keeps nothing itself (pullStream keeps the checkpoint in PWADB;
 * the fleet load test, scripts/fleet, in memory).
 */
export async function pageThrough(http: HttpClient, endpoint: PullEndpoint, from: Checkpoint | null, handlers: PageHandlers): Promise<number> {
  const limitOf = (page: number): number => (page === 0 ? PULL_LIMIT_FIRST : PULL_LIMIT);
  const fetchPage = (at: Checkpoint | null, page: number): Promise<PullPage> =>
    http.readAs(endpoint, PullPageView, { checkpoint: at ? encodeCheckpoint(at) : undefined, limit: limitOf(page) });
  let next: Promise<PullPage> | null = fetchPage(from, 0);
  let total = 0;
  let livePulled = 0;
  // The first page of a pull from no checkpoint may say how many orders the whole pull brings.
  let expected: number | undefined;
  // Bounded: a server that keeps answering full pages cannot spin the worker forever.
  for (let page = 0; page < 500 && next; page++) {
    const response: PullPage = await next;
    const documents: RawDoc[] = response.documents;
    const more: boolean = documents.length >= limitOf(page) && Boolean(response.checkpoint);
    // The next page travels while this one is written: the first pull costs about the larger
    // of the network and the writes, not their sum. Its failure surfaces at the next await.
    next = more ? fetchPage(response.checkpoint, page + 1) : null;
    next?.catch(() => undefined);
    const live = documents.filter((d) => !d._deleted).map((d) => normalizeNullIds(d));
    const deleted = documents.filter((d) => d._deleted).map((d) => d.id);
    await handlers.apply(live, deleted);
    total += documents.length;
    livePulled += live.length;
    if (page === 0 && response.total !== undefined) expected = response.total;
    await handlers.onPage?.(livePulled, expected);
    if (response.checkpoint) await handlers.checkpointed?.(response.checkpoint);
  }
  return total;
}

/**
 * Pages through one checkpointed stream until the server has nothing newer, from the
 * checkpoint stored in PWADB. `fromStart` reads the driver's whole list again without touching
 * the stored checkpoint: a read from no checkpoint carries no tombstones, so moving the
 * checkpoint past them would lose them.
 */
export async function pullStream(
  ctx: PullContext,
  stream: string,
  endpoint: PullEndpoint,
  apply: PageHandlers['apply'],
  opts: { fromStart?: boolean; onPage?: PageHandlers['onPage'] } = {},
): Promise<number> {
  const persist = !opts.fromStart;
  const checkpoint: Checkpoint | null = persist ? await readCheckpoint(ctx.db, stream, ctx.session) : null;
  return pageThrough(ctx.http, endpoint, checkpoint, {
    apply,
    onPage: opts.onPage,
    checkpointed: persist ? (at) => writeCheckpoint(ctx.db, stream, ctx.session, at) : undefined,
  });
}

export function stripDeleted(raw: RawDoc): Record<string, unknown> {
  const { _deleted: _ignored, ...rest } = raw;
  return rest;
}

/**
 * The driver's order list: rows are stamped with the driver who pulled them. When an
 * optimistic patch was undone (a refused or discarded schedule), the whole list is read again
 * after the checkpointed pull, since the server resends no row it did not change. Then every
 * entry still waiting patches its row again (`applyOptimistic`).
 */
export async function pullOrders(ctx: PullContext): Promise<number> {
  const { company_id: companyId, account_id: accountId } = ctx.session.claims;
  const apply = async (live: RawDoc[], deletedIds: string[]) => {
    const valid = [];
    for (const raw of live) {
      const parsed = v.safeParse(OrderListItemSchema, stripDeleted(raw));
      // A row of another company can only be a server bug; never store it.
      if (parsed.success && parsed.output.company_id === companyId) valid.push(orderDocOf(parsed.output, accountId));
      else ctx.log?.('pull: skipped an invalid order row', { id: raw.id });
    }
    if (valid.length) await ctx.db.orders.bulkUpsert(valid);
    // An order given back to the driver: a delivery refused as reassigned may be sent again.
    await markOrdersBack(
      ctx.db,
      ctx.session,
      valid.map((row) => row.id),
    );
    if (deletedIds.length) await ctx.db.orders.bulkRemove(deletedIds).catch(() => undefined);
  };
  // A first sign-in with thousands of orders shows how far the download is (Home's count line).
  let progress = false;
  const onPage = async (stored: number, expected: number | undefined): Promise<void> => {
    if (expected === undefined) return;
    progress = true;
    await patchSyncStatus(ctx.db, { pullProgress: { stored: Math.min(stored, expected), total: expected } });
  };
  let total: number;
  try {
    total = await pullStream(ctx, ORDERS_STREAM, `GET ${API.orderList}`, apply, { onPage });
  } finally {
    if (progress) await patchSyncStatus(ctx.db, { pullProgress: null });
  }
  const refresh = await readOrdersRefresh(ctx.db, ctx.session);
  if (refresh) {
    total += await pullStream(ctx, ORDERS_STREAM, `GET ${API.orderList}`, apply, { fromStart: true });
    await settleOrdersRefresh(ctx.db, ctx.session, refresh);
  }
  await applyOptimistic(ctx.db, ctx.session);
  return total;
}

/**
 * The company's drivers (the reassign picker), kept for offline use. A failure is logged and
 * keeps the last list: it never breaks the rest of the pull.
 */
export async function pullCompanyDrivers(ctx: PullContext): Promise<boolean> {
  try {
    const drivers = await ctx.http.read(`GET ${ORDER_API.companyDrivers}`);
    await writeCompanyDrivers(ctx.db, ctx.session, drivers, clockIso());
    return true;
  } catch (error) {
    ctx.log?.('pull: company drivers failed', error);
    return false;
  }
}

/** What a stored sync version vouches for (syncVersion.ts). */
const PULL_SET = pullSetOf(PULL_STREAMS);
/** The snapshots a run keeps whole: an unchanged answer still moves their time. */
const RUN_SNAPSHOTS = [CACHE_KEYS.orderMap, CACHE_KEYS.scheduleList, CACHE_KEYS.notifications, CACHE_KEYS.companyContact, CACHE_KEYS.featureFlags];

/**
 * A run's pull. First one small request asks whether anything changed since the last complete
 * pull (syncVersion.ts): with nothing new (and no full re-read of the list asked for), the run
 * reads nothing more (false). Otherwise every read (true), and the version is kept once all of
 * them succeeded. With no version held (a first sign-in) no "nothing new" can come, so the list
 * does not wait for the question's round trip: both go at once (pullEverything reads the list
 * again after the answer, so the version still vouches only for reads made after it).
 */
export async function pullAll(ctx: PullContext): Promise<boolean> {
  const known = await knownSyncVersion(ctx, PULL_SET);
  const question = askSyncVersion(ctx, known);
  if (known === null) {
    question.catch(() => undefined); // awaited by pullEverything, after the list
  } else {
    const check = await question;
    if (check.unchanged && !(await readOrdersRefresh(ctx.db, ctx.session))) {
      await confirmSnapshots(ctx, RUN_SNAPSHOTS);
      return false;
    }
  }
  const complete = await pullEverything(ctx, question, known === null);
  const check = await question;
  if (complete && !check.unchanged && check.version) await storeSyncVersion(ctx, PULL_SET, check.version);
  return true;
}

/**
 * Everything a run pulls: the list; then the delivery details of the orders due today or
 * tomorrow (pullDue.ts); then, once the sync version's answer is in, side by side: the company's
 * drivers, the map, the schedule list, the notifications, the company's contact, the feature
 * flags and each kind's delivery details stream (and the list again from its checkpoint when it
 * was read beside the question: usually an empty page). Then `onSynced`, then the per-order
 * prefetch (each order's notes and checks, the schedule details). A read the server fails is
 * reported (SPEC §8 text) and the others still run; no signal stops the run once the reads in
 * flight have settled. True when every read succeeded.
 */
async function pullEverything(ctx: PullContext, question: Promise<VersionCheck>, listBeforeQuestion: boolean): Promise<boolean> {
  const list = await reportFetch(ctx.db, 'FailedToFetchOrderList', () => pullOrders(ctx));
  await pullDueDeliveries(ctx);
  await question;
  const reads = await allSettledOrThrow([
    listBeforeQuestion ? reportFetch(ctx.db, 'FailedToFetchOrderList', () => pullOrders(ctx)) : Promise.resolve(list),
    pullCompanyDrivers(ctx),
    reportFetch(ctx.db, 'FailedToFetchOrderMap', () => pullOrderMap(ctx)),
    reportFetch(ctx.db, 'FailedToFetchScheduledOrders', () => pullScheduleList(ctx)),
    reportFetch(ctx.db, 'FailedToFetchNotifications', () => pullNotifications(ctx)),
    pullCompanyContact(ctx),
    pullFeatureFlags(ctx),
    reportFetch(ctx.db, 'FailedToFetchDeliveryDetails', () => pullEachKind(ctx)),
  ]);
  const synced = list && reads.every(Boolean);
  if (synced) await ctx.onSynced?.();
  const prefetched = await allSettledOrThrow([
    reportFetch(ctx.db, 'FailedToFetchScheduledOrders', () => prefetchScheduleDetails(ctx)),
    reportFetch(ctx.db, 'FailedToFetchDeliveryDetails', () => prefetchPerOrder(ctx)),
  ]);
  return synced && prefetched.every(Boolean);
}

/** Each kind's delivery details stream, side by side; one kind failing does not keep the others from arriving. */
async function pullEachKind(ctx: PullContext): Promise<void> {
  const settled = await Promise.allSettled(ORDER_KINDS.map((kind) => pullDeliveries(ctx, kind)));
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  const connectivity = failures.find(isConnectivity);
  if (connectivity !== undefined) throw connectivity;
  if (failures.length) throw failures[0];
}
