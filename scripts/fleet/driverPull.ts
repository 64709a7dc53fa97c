// A simulated phone's pull, request for request what src/replication/pull.ts's pullAll sends,
// with what the phone would keep in PWADB kept in memory instead (1,000 RxDB databases would
// not fit in one process, and the engine's code is bound to them). The network parts are the
// engine's own: the sync-version question (askSyncVersion), the stream's paging
// (pageThrough), the endpoint-table calls through the app's HttpClient. What is copied is the
// order of the reads and which per-order reads a pull makes: test/sync/fleetDriver.test.ts
// holds the two to the same requests.
import {
  API,
  ORDER_API,
  ORDER_KIND_SPECS,
  ORDER_KINDS,
  PROFILE_API,
  environmentOf,
  featureFlagEnvironment,
  dueSoon,
  orderRefOfFields,
  type Checkpoint,
  type ScheduledFields,
  type ScheduleListItem,
  type OrderKind,
  type OrderKindSpec,
  type QueryOf,
} from '../../src/domain';
import { pageThrough, ORDERS_STREAM, type HttpClient, type PageHandlers, type RawDoc } from '../../src/replication';
import { NotesView, PREFETCH_BATCH, PREFETCH_PAUSE_MS } from '../../src/replication/prefetch';
import { APP_FLAGS } from '../../src/replication/pullOffice';
import { inTurns, READS_AT_ONCE } from '../../src/replication/concurrent';
import { askSyncVersion } from '../../src/replication/syncVersion';

/** One delivery-details document as the phone keeps it: the server half, and when its notes and checks were read. */
export interface DetailsRow {
  kind: OrderKind;
  orderId: number;
  server: RawDoc;
  notesAt: string | null;
  checksAt: string | null;
}

/** What the phone holds between runs (PWADB's checkpoints, list rows, details, snapshots' times, the sync version). */
export interface PhoneData {
  version: string | null;
  checkpoints: Map<string, Checkpoint>;
  /** The order list by key (co-1, oio-2, mo-3). */
  orders: Map<string, RawDoc>;
  /** Delivery details by document id. */
  details: Map<string, DetailsRow>;
  /** Schedule details snapshots: order key → the list item's updated_at when fetched. */
  scheduleAt: Map<string, string>;
  /** The last schedule list read. */
  schedule: ScheduleListItem[];
}

export function emptyPhoneData(): PhoneData {
  return { version: null, checkpoints: new Map(), orders: new Map(), details: new Map(), scheduleAt: new Map(), schedule: [] };
}

export interface PullDeps {
  http: HttpClient;
  sleep: (ms: number) => Promise<void>;
  /** The host the app is served on (the feature flags' environment). */
  appHost: string;
  /** The phone's clock: which orders are due today or tomorrow. */
  now: () => number;
}

/** Runs one read; a failure is counted (the transport records it) and the pull goes on, as reportFetch does. */
async function read(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch {
    return false;
  }
}

/**
 * pullAll: one sync-version question (beside the list when no version is held, the list then read
 * again after the answer), and everything when the answer is not 304: the list, the due orders'
 * delivery details, the other reads side by side, then the per-order prefetch. True when it pulled.
 */
export async function pullAll(deps: PullDeps, data: PhoneData): Promise<boolean> {
  const known = data.version;
  const question = askSyncVersion(deps, known);
  if (known === null) question.catch(() => undefined);
  else if ((await question).unchanged) return false;
  const listRead = (): Promise<boolean> =>
    read(() => stream(deps, data, ORDERS_STREAM, `GET ${API.orderList}`, (live, deleted) => keep(data.orders, live, deleted)));
  const list = await listRead();
  await read(() => pullDueDeliveries(deps, data));
  const check = await question;
  const reads = await Promise.all([
    known === null ? listRead() : Promise.resolve(list),
    read(() => deps.http.read(`GET ${ORDER_API.companyDrivers}`)),
    read(() => deps.http.read(`GET ${ORDER_API.orderMap}`)),
    read(() => pullScheduleList(deps, data)),
    read(() => deps.http.read(`GET ${PROFILE_API.notifications}`)),
    read(() => deps.http.read(`GET ${PROFILE_API.companyContact}`)),
    read(() => pullFeatureFlags(deps)),
    read(() => Promise.all(ORDER_KINDS.map((kind) => pullDeliveries(deps, data, kind)))),
  ]);
  const prefetched = await Promise.all([read(() => prefetchScheduleDetails(deps, data)), read(() => prefetchPerOrder(deps, data))]);
  if (list && [...reads, ...prefetched].every(Boolean) && !check.unchanged && check.version) data.version = check.version;
  return true;
}

function keep(rows: Map<string, RawDoc>, live: RawDoc[], deleted: string[]): Promise<void> {
  for (const row of live) rows.set(row.id, row);
  for (const id of deleted) rows.delete(id);
  return Promise.resolve();
}

async function stream(deps: PullDeps, data: PhoneData, name: string, endpoint: Parameters<typeof pageThrough>[1], apply: PageHandlers['apply']): Promise<void> {
  await pageThrough(deps.http, endpoint, data.checkpoints.get(name) ?? null, {
    apply,
    checkpointed: (at) => Promise.resolve(void data.checkpoints.set(name, at)),
  });
}

/** pullFeatureFlags: each flag the app reads, with the environment of the host. */
async function pullFeatureFlags(deps: PullDeps): Promise<void> {
  const environment = featureFlagEnvironment(environmentOf(deps.appHost));
  for (const flag of APP_FLAGS) await deps.http.read(`GET ${ORDER_API.checkFeatureFlag}`, { environment }, { params: { flag } });
}

/** The schedule list (kept for the schedule details' prefetch). */
async function pullScheduleList(deps: PullDeps, data: PhoneData): Promise<void> {
  data.schedule = await deps.http.read(`GET ${ORDER_API.scheduleList}`);
}

/** The order keys due by the end of tomorrow, soonest first (pullDue.ts). */
function dueKeys(deps: PullDeps, data: PhoneData): string[] {
  const rows = [...data.orders.values()] as unknown as ScheduledFields[];
  return dueSoon(rows, deps.now(), Intl.DateTimeFormat().resolvedOptions().timeZone).map((row) => row.id);
}

/** pullDueDeliveries: each due order's delivery details whose copy is older than its list row, four at a time. */
async function pullDueDeliveries(deps: PullDeps, data: PhoneData): Promise<void> {
  const stale = dueKeys(deps, data).flatMap((key) => {
    const row = data.orders.get(key);
    const ref = row ? orderRefOfFields(row as Parameters<typeof orderRefOfFields>[0]) : null;
    return row && ref && data.details.get(key)?.server.updated_at !== row.updated_at ? [{ key, ref }] : [];
  });
  await inTurns(stale, READS_AT_ONCE, async ({ ref }) => {
    const spec = ORDER_KIND_SPECS[ref.kind];
    const query = { [spec.deliveryDetailsParam]: ref.id } as QueryOf<`GET ${OrderKindSpec['paths']['deliveryDetails']}`>;
    const server: unknown = await deps.http.read(`GET ${spec.paths.deliveryDetails}`, query);
    keepDetails(data, ref.kind, [server as RawDoc], []);
  });
}

/** prefetchScheduleDetails: each scheduled order's details whose updated_at moved, ten at a time, four at once. */
async function prefetchScheduleDetails(deps: PullDeps, data: PhoneData): Promise<void> {
  const wanted = data.schedule.flatMap((item) => {
    const ref = orderRefOfFields(item);
    return ref ? [{ item, ref }] : [];
  });
  const stale = wanted.filter((w) => data.scheduleAt.get(w.item.id) !== w.item.updated_at);
  await inBatches(deps, stale, async ({ item, ref }) => {
    await deps.http.read(`GET ${ORDER_KIND_SPECS[ref.kind].paths.scheduleDetails}`, { id: ref.id });
    data.scheduleAt.set(item.id, item.updated_at);
  });
  const keys = new Set(wanted.map((w) => w.item.id));
  for (const key of [...data.scheduleAt.keys()]) if (!keys.has(key)) data.scheduleAt.delete(key);
}

/** SPEC §7's throttle as prefetch.ts runs it: batches of ten, four requests at once, 400 ms after each full batch. */
async function inBatches<T>(deps: PullDeps, items: readonly T[], fetch: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += PREFETCH_BATCH) {
    const batch = items.slice(start, start + PREFETCH_BATCH);
    await inTurns(batch, READS_AT_ONCE, fetch);
    if (batch.length === PREFETCH_BATCH) await deps.sleep(PREFETCH_PAUSE_MS);
  }
}

function keepDetails(data: PhoneData, kind: OrderKind, live: RawDoc[], deleted: string[]): void {
  const spec = ORDER_KIND_SPECS[kind];
  for (const server of live) {
    const known = data.details.get(server.id);
    data.details.set(server.id, { kind, orderId: server[spec.idField] as number, server, notesAt: known?.notesAt ?? null, checksAt: known?.checksAt ?? null });
  }
  for (const id of deleted) data.details.delete(id);
}

/** pullDeliveries: a kind's delivery details stream. */
async function pullDeliveries(deps: PullDeps, data: PhoneData, kind: OrderKind): Promise<void> {
  const spec = ORDER_KIND_SPECS[kind];
  await stream(deps, data, spec.stream, `GET ${spec.paths.deliveryDetails}`, (live, deleted) => Promise.resolve(keepDetails(data, kind, live, deleted)));
}

/** prefetchPerOrder: notes (and saved checks for a kind that takes a payment) of orders whose details changed, due ones first. */
async function prefetchPerOrder(deps: PullDeps, data: PhoneData): Promise<void> {
  const updatedAt = (row: DetailsRow): string => row.server.updated_at as string;
  const due = new Map(dueKeys(deps, data).map((key, i) => [key, i]));
  const stale = [...data.details.entries()]
    .filter(([, row]) => row.notesAt !== updatedAt(row) || (ORDER_KIND_SPECS[row.kind].payment && row.checksAt !== updatedAt(row)))
    .map(([key, row], i) => ({ row, order: due.get(key) ?? due.size + i }))
    .sort((a, b) => a.order - b.order || ORDER_KINDS.indexOf(a.row.kind) - ORDER_KINDS.indexOf(b.row.kind))
    .map(({ row }) => row);
  await inBatches(deps, stale, async (row) => {
    const spec = ORDER_KIND_SPECS[row.kind];
    if (row.notesAt !== updatedAt(row)) {
      const query = { [spec.idParam]: row.orderId } as QueryOf<`GET ${OrderKindSpec['paths']['details']}`>;
      await deps.http.readAs(`GET ${spec.paths.details}`, NotesView, query);
      row.notesAt = updatedAt(row);
    }
    if (spec.payment && row.checksAt !== updatedAt(row)) {
      await deps.http.read(`GET ${ORDER_API.savedChecks}`, { 'customer-order-id': row.orderId });
      row.checksAt = updatedAt(row);
    }
  });
}
