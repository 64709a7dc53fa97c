// Keeps the online basemap of the area around the driver's orders on the phone (issue 25), so
// the map near today's stops has roads and place names without signal. After a sync run that
// pulled (the orders may have moved) or when the last keep is old, the leader's sync worker
// reads the style named in the order-map snapshot, its TileJSONs, sprites and glyphs, and the
// tiles around the orders (tilesAround), fetches what is missing or due (budget.ts: tiles after
// 7 days, the style's assets after a day) and drops what leaves the budget. The service worker
// answers the map from these copies when the network fails (vite.config.ts). A keep never
// blocks a run: it goes on in the background, one at a time.
import {
  DEFAULT_KEPT_LIMITS,
  evictions,
  isDue,
  KEPT_REFRESH_MS,
  KEPT_ZOOMS,
  styleResources,
  tileJsonTemplates,
  tilesAround,
  tileUrl,
  usage,
  type KeptBasemap,
  type KeptLimits,
  type KeptRefresh,
  type OrderMap,
  type TileTemplates,
} from '../../domain';
import { CACHE_KEYS, readCache, readSession, writeCache, type DriverDatabase, type Session } from '../../db';
import { normalUrl, openTileStore, type CacheStorageLike, type TileStore } from './tileStore';

export type TileFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface MapTileKeeperDeps {
  db: DriverDatabase;
  caches: CacheStorageLike;
  /** The network (the basemap's hosts, not the API: no token, no host routing). */
  fetch: TileFetch;
  now: () => number;
  limits?: KeptLimits;
  /** How old a copy may get before it is fetched again (default KEPT_REFRESH_MS: tiles 7 days, the style's assets a day). */
  refresh?: KeptRefresh;
  /** Requests at once (default 4). */
  parallel?: number;
  /** A request with no answer in this long counts as no signal (default 20 s). */
  timeoutMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

export type KeepOutcome = { kind: 'no-basemap' } | { kind: 'kept'; summary: KeptBasemap; fetched: number; evicted: number; offline: boolean };

export interface MapTileKeeper {
  /** After a sync run: keeps the copies when due (the run pulled, or the last keep is old or did not finish). Never waits for it. */
  afterRun(session: Session, pulled: boolean): void;
  /** One keep now. */
  keep(session: Session): Promise<KeepOutcome>;
  /** Resolves once no keep is running. */
  idle(): Promise<void>;
}

/** A complete keep is checked again after this even when nothing was pulled (due tiles refresh). */
export const KEEP_EVERY_MS = 6 * 3_600_000;
/** A keep that did not finish (no signal, server errors) is tried again after this. */
export const KEEP_RETRY_MS = 15 * 60_000;
/** Server errors in one keep before it gives up until the next. */
const MAX_FAILURES = 5;

interface Wanted {
  url: string;
  tile: boolean;
}

export function createMapTileKeeper(deps: MapTileKeeperDeps): MapTileKeeper {
  const limits = deps.limits ?? DEFAULT_KEPT_LIMITS;
  let running: Promise<unknown> | null = null;
  /** A run pulled while a keep was under way: the orders may have moved since it read them. */
  let pulledMeanwhile: Session | null = null;

  async function dueAfterRun(session: Session, pulled: boolean): Promise<boolean> {
    if (pulled) return true;
    const last = await readCache<KeptBasemap>(deps.db, session, CACHE_KEYS.mapTiles);
    if (!last) return true;
    const age = deps.now() - Date.parse(last.data.checked_at);
    return age >= (last.data.complete ? KEEP_EVERY_MS : KEEP_RETRY_MS);
  }

  function afterRun(session: Session, pulled: boolean): void {
    if (running) {
      if (pulled) pulledMeanwhile = session;
      return;
    }
    running = (async () => {
      if (await dueAfterRun(session, pulled)) await keep(deps, limits, session);
    })()
      .catch((error: unknown) => deps.log?.('map tiles: keep failed', error))
      .finally(() => {
        running = null;
        const again = pulledMeanwhile;
        pulledMeanwhile = null;
        if (again) afterRun(again, true);
      });
  }

  return {
    afterRun,
    keep: (session) => keep(deps, limits, session),
    async idle() {
      while (running) await running;
    },
  };
}

async function keep(deps: MapTileKeeperDeps, limits: KeptLimits, session: Session): Promise<KeepOutcome> {
  const map = (await readCache<OrderMap>(deps.db, session, CACHE_KEYS.orderMap))?.data;
  const styleUrl = map?.basemap_style_url;
  if (!map || !styleUrl) return { kind: 'no-basemap' };
  const store = await openTileStore(deps.caches);
  const run = new KeepRun(deps, store, limits);
  const styleKey = normalUrl(styleUrl);

  const wanted: Wanted[] = [{ url: styleKey, tile: false }];
  const style = await run.json(styleKey);
  if (style !== null) {
    const { sources, assets } = styleResources(style);
    const tiled: TileTemplates[] = [];
    for (const source of sources) {
      if ('templates' in source) tiled.push(source);
      else {
        const tileJsonUrl = normalUrl(source.tileJsonUrl);
        wanted.push({ url: tileJsonUrl, tile: false });
        const templates = tileJsonTemplates(await run.json(tileJsonUrl), source.zooms);
        if (templates) tiled.push(templates);
      }
    }
    for (const url of assets) wanted.push({ url, tile: false });
    const area = [...map.orders, ...map.dealers, ...map.shops].map((p) => p.coordinates);
    const stops = map.orders.map((o) => o.coordinates);
    let tiles = 0;
    for (const t of tilesAround(area, stops)) {
      for (const source of tiled) {
        if (t.z < source.minzoom || t.z > Math.min(source.maxzoom, KEPT_ZOOMS.max) || tiles >= limits.maxTiles) continue;
        const url = tileUrl(source.templates, t, source.scheme);
        if (url && URL.canParse(url)) {
          wanted.push({ url: normalUrl(url), tile: true });
          tiles += 1;
        }
      }
    }
  }
  const unique = [...new Map(wanted.map((w) => [w.url, w])).values()];
  const evicted = await run.fetchAll(unique);

  const kept = unique.filter((w) => w.tile && store.get(w.url));
  // Ran to its end: not cut by no signal or server errors (a full budget is an end).
  const complete = style !== null && !run.offline && run.failures === 0;
  const checkedAt = new Date(deps.now()).toISOString();
  const before = (await readCache<KeptBasemap>(deps.db, session, CACHE_KEYS.mapTiles))?.data;
  const summary: KeptBasemap = {
    style_url: styleKey,
    tiles: kept.length,
    wanted: unique.filter((w) => w.tile).length,
    bytes: usage(store.entries()).bytes,
    complete,
    checked_at: checkedAt,
    complete_at: complete ? checkedAt : before?.style_url === styleKey ? before.complete_at : null,
  };
  // The driver signed out (or another signed in) meanwhile: the copies stay, the summary was theirs.
  if ((await readSession(deps.db, deps.now()))?.token === session.token) await writeCache(deps.db, session, CACHE_KEYS.mapTiles, summary, checkedAt);
  deps.log?.('map tiles: kept', { tiles: summary.tiles, wanted: summary.wanted, fetched: run.fetched, evicted, bytes: summary.bytes, offline: run.offline });
  return { kind: 'kept', summary, fetched: run.fetched, evicted, offline: run.offline };
}

/** One keep's fetching: due copies in the wanted order, a few at a time, within the budget. */
class KeepRun {
  fetched = 0;
  failures = 0;
  offline = false;
  /** No signal, too many server errors, or the budget is full: nothing more is fetched. */
  stopped = false;
  private readonly ranks = new Map<string, number>();
  private readonly wantedAt: number;
  private readonly refresh: KeptRefresh;

  constructor(
    private readonly deps: MapTileKeeperDeps,
    private readonly store: TileStore,
    private readonly limits: KeptLimits,
  ) {
    this.wantedAt = deps.now();
    this.refresh = deps.refresh ?? KEPT_REFRESH_MS;
  }

  /** The copy's place in this keep's wanted list (first asked, first wanted); marks a kept copy wanted now. */
  private rankOf(url: string): number {
    let rank = this.ranks.get(url);
    if (rank === undefined) {
      rank = this.ranks.size;
      this.ranks.set(url, rank);
      this.store.want(url, this.wantedAt, rank);
    }
    return rank;
  }

  /** A JSON document of the style (the style, a TileJSON): fetched when due, else the kept copy. Null when neither can be read. */
  async json(url: string): Promise<unknown> {
    const rank = this.rankOf(url);
    if (isDue(this.store.get(url), this.deps.now(), this.refresh) && !this.stopped) await this.fetchOne({ url, tile: false }, rank);
    try {
      return ((await this.store.read(url))?.json() as Promise<unknown> | undefined) ?? null;
    } catch {
      return null;
    }
  }

  /** Marks every wanted copy, makes room (older areas first), then fetches what is missing or due. Returns how many copies left. */
  async fetchAll(wanted: readonly Wanted[]): Promise<number> {
    const now = this.deps.now();
    const due: { w: Wanted; rank: number }[] = [];
    for (const w of wanted) {
      const seen = this.ranks.has(w.url); // the style and its TileJSONs were fetched already
      const rank = this.rankOf(w.url);
      if (!seen && isDue(this.store.get(w.url), now, this.refresh)) due.push({ w, rank });
    }
    let evicted = 0;
    for (const url of evictions(this.store.entries(), this.limits)) {
      await this.store.remove(url);
      evicted += 1;
    }
    let next = 0;
    const worker = async (): Promise<void> => {
      while (!this.stopped && next < due.length) {
        const item = due[next++];
        if (item) evicted += await this.fetchOne(item.w, item.rank);
      }
    };
    await Promise.all(Array.from({ length: this.deps.parallel ?? 4 }, worker));
    await this.store.save();
    return evicted;
  }

  /** Fetches and keeps one copy; returns how many copies it pushed out of the budget. */
  private async fetchOne(w: Wanted, rank: number): Promise<number> {
    let body: ArrayBuffer | null = null;
    let contentType: string | null = null;
    try {
      // no-store: the service worker does not answer it from the kept copies (vite.config.ts), and the HTTP cache keeps no second copy.
      const res = await this.deps.fetch(w.url, { cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(this.deps.timeoutMs ?? 20_000) });
      if (res.ok && res.status !== 204) {
        body = await res.arrayBuffer();
        contentType = res.headers.get('content-type');
      } else if (res.status !== 404 && res.status !== 204) {
        this.failures += 1;
        if (this.failures >= MAX_FAILURES) this.stopped = true;
        this.deps.log?.('map tiles: refused', { url: w.url, status: res.status });
        return 0;
      }
    } catch (error) {
      // No answer: the signal went. What is kept stays as it is.
      this.offline = true;
      this.stopped = true;
      this.deps.log?.('map tiles: no answer', { url: w.url, error });
      return 0;
    }
    const entry = { url: w.url, tile: w.tile, bytes: body?.byteLength ?? 0, keptAt: this.deps.now(), wantedAt: this.wantedAt, rank };
    await this.store.put(entry, body, contentType);
    if (body) this.fetched += 1;
    const over = evictions(this.store.entries(), this.limits);
    if (over.includes(w.url)) {
      // The budget is full at this copy's rank: everything kept is wanted more.
      await this.store.remove(w.url);
      this.stopped = true;
      return 1;
    }
    for (const url of over) await this.store.remove(url);
    return over.length;
  }
}
