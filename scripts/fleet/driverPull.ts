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
  orderRefOfFields,
  type Checkpoint,
  type OrderKind,
  type OrderKindSpec,
  type QueryOf,
} from '../../src/domain';
import { pageThrough, ORDERS_STREAM, type HttpClient, type PageHandlers, type RawDoc } from '../../src/replication';
import { NotesView, PREFETCH_BATCH, PREFETCH_PAUSE_MS } from '../../src/replication/pullDeliveries';
import { APP_FLAGS } from '../../src/replication/pullOffice';
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
}

export function emptyPhoneData(): PhoneData {
  return { version: null, checkpoints: new Map(), orders: new Map(), details: new Map(), scheduleAt: new Map() };
}

export interface PullDeps {
  http: HttpClient;
  sleep: (ms: number) => Promise<void>;
  /** The host the app is served on (the feature flags' environment). */
  appHost: string;
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

/** pullAll: one sync-version question, and everything when the answer is not 304. True when it pulled. */
export async function pullAll(deps: PullDeps, data: PhoneData): Promise<boolean> {
  const check = await askSyncVersion(deps, data.version);
  if (check.unchanged) return false;
  const done = [
    await read(() => stream(deps, data, ORDERS_STREAM, `GET ${API.orderList}`, (live, deleted) => keep(data.orders, live, deleted))),
    await read(() => deps.http.read(`GET ${ORDER_API.companyDrivers}`)),
    await read(() => deps.http.read(`GET ${ORDER_API.orderMap}`)),
    await read(() => pullSchedule(deps, data)),
    await read(() => deps.http.read(`GET ${PROFILE_API.notifications}`)),
    await read(() => deps.http.read(`GET ${PROFILE_API.companyContact}`)),
    await read(() => pullFeatureFlags(deps)),
    await read(() => pullEachKind(deps, data)),
  ];
  if (done.every(Boolean) && check.version) data.version = check.version;
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

/** pullSchedule: the list, then each scheduled order's details whose updated_at moved, ten at a time. */
async function pullSchedule(deps: PullDeps, data: PhoneData): Promise<void> {
  const list = await deps.http.read(`GET ${ORDER_API.scheduleList}`);
  const wanted = list.flatMap((item) => {
    const ref = orderRefOfFields(item);
    return ref ? [{ item, ref }] : [];
  });
  const stale = wanted.filter((w) => data.scheduleAt.get(w.item.id) !== w.item.updated_at);
  for (let start = 0; start < stale.length; start += PREFETCH_BATCH) {
    const batch = stale.slice(start, start + PREFETCH_BATCH);
    for (const { item, ref } of batch) {
      await deps.http.read(`GET ${ORDER_KIND_SPECS[ref.kind].paths.scheduleDetails}`, { id: ref.id });
      data.scheduleAt.set(item.id, item.updated_at);
    }
    if (batch.length === PREFETCH_BATCH) await deps.sleep(PREFETCH_PAUSE_MS);
  }
  const keys = new Set(wanted.map((w) => w.item.id));
  for (const key of [...data.scheduleAt.keys()]) if (!keys.has(key)) data.scheduleAt.delete(key);
}

/** pullEachKind: each kind's delivery details stream, then its per-order prefetch. */
async function pullEachKind(deps: PullDeps, data: PhoneData): Promise<void> {
  let failure: unknown = null;
  for (const kind of ORDER_KINDS) {
    try {
      const spec = ORDER_KIND_SPECS[kind];
      await stream(deps, data, spec.stream, `GET ${spec.paths.deliveryDetails}`, (live, deleted) => {
        for (const server of live) {
          const known = data.details.get(server.id);
          data.details.set(server.id, {
            kind,
            orderId: server[spec.idField] as number,
            server,
            notesAt: known?.notesAt ?? null,
            checksAt: known?.checksAt ?? null,
          });
        }
        for (const id of deleted) data.details.delete(id);
        return Promise.resolve();
      });
      await prefetchPerOrder(deps, data, kind);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
}

/** prefetchPerOrder: notes (and saved checks for a kind that takes a payment) of orders whose details changed, 400 ms after every ten. */
async function prefetchPerOrder(deps: PullDeps, data: PhoneData, kind: OrderKind): Promise<void> {
  const spec = ORDER_KIND_SPECS[kind];
  const updatedAt = (row: DetailsRow): string => row.server.updated_at as string;
  const stale = [...data.details.values()].filter(
    (row) => row.kind === kind && (row.notesAt !== updatedAt(row) || (spec.payment && row.checksAt !== updatedAt(row))),
  );
  for (let start = 0; start < stale.length; start += PREFETCH_BATCH) {
    const batch = stale.slice(start, start + PREFETCH_BATCH);
    for (const row of batch) {
      if (row.notesAt !== updatedAt(row)) {
        const query = { [spec.idParam]: row.orderId } as QueryOf<`GET ${OrderKindSpec['paths']['details']}`>;
        await deps.http.readAs(`GET ${spec.paths.details}`, NotesView, query);
        row.notesAt = updatedAt(row);
      }
      if (spec.payment && row.checksAt !== updatedAt(row)) {
        await deps.http.read(`GET ${ORDER_API.savedChecks}`, { 'customer-order-id': row.orderId });
        row.checksAt = updatedAt(row);
      }
    }
    if (batch.length === PREFETCH_BATCH) await deps.sleep(PREFETCH_PAUSE_MS);
  }
}
