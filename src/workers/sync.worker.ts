/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { getBlobStore, getDatabase, loginState$ } from '../db';
import { createSyncEngine, xhrFetch, type SyncEngine } from '../replication';
import { authorizeNewCard } from '../replication/cardAuth';
import { createMapTileKeeper } from '../replication/mapTiles/keeper';
import { clockMs } from '../clock';
import { createProfileRpc, type ProfileRpcApi } from '../replication/profile';
import type { SyncConfig, SyncReason, SyncWorkerApi } from './protocol';
import { SYNC_WORKER_UP } from './syncWorkerStart';

// The sync worker owns every HTTP call. Each tab has one, but only the holder of the Web
// Lock runs the engine's loops; the others answer RPCs (login) and forward "sync now" to
// the leader over a BroadcastChannel.

// Every module of the worker has arrived and runs (src/ui/loginPage.ts may wait for it), and
// PWADB opens now, before init() or the login screen's first call: on a first sign-in the page's
// own code is still on its way (issue 24).
self.postMessage(SYNC_WORKER_UP);
void Promise.all([getDatabase(), getBlobStore()]).catch((error: unknown) => console.error('[sync] PWADB did not open', error));

const LOCK_NAME = 'driver-app-sync-leader';
const channel = new BroadcastChannel('driver-app-sync');
let engine: SyncEngine | null = null;
let leader = false;
let initialised: Promise<SyncEngine> | null = null;
let profile: Promise<ProfileRpcApi> | null = null;
/** The latest connectivity this worker heard of (its own events and the page's), kept even
 * before it leads, so the engine starts from the truth instead of assuming online. */
let lastOnline: boolean = self.navigator.onLine;

async function createEngine(config: SyncConfig): Promise<SyncEngine> {
  const [db, blobs] = await Promise.all([getDatabase(), getBlobStore()]);
  const log = (message: string, detail?: unknown) => console.warn(`[sync] ${message}`, detail ?? '');
  return createSyncEngine({
    db,
    blobs,
    // Uploads by XMLHttpRequest: the only way a worker hears a body's progress (http.ts cuts a stalled one).
    fetch: xhrFetch,
    baseUrl: config.baseUrl,
    initialOnline: lastOnline,
    appHost: self.location.hostname,
    // A phone left open with nothing new asks every 30 s, then 1 and 2 minutes (idleCadence.ts).
    idleMaxIntervalMs: 120_000,
    log,
    // The basemap around the orders, kept in Cache Storage for the service worker to answer offline.
    mapTiles: 'caches' in self ? createMapTileKeeper({ db, caches: self.caches, fetch: (url, init) => fetch(url, init), now: clockMs, log }) : undefined,
  });
}

function becomeLeaderWhenPossible(e: SyncEngine): void {
  if (!('locks' in navigator)) {
    leader = true;
    void e.setOnline(lastOnline).then(() => e.start());
    return;
  }
  // The lock is held until this worker dies (tab closed or killed); then the next tab's
  // worker takes over.
  void navigator.locks.request(LOCK_NAME, async () => {
    leader = true;
    await e.setOnline(lastOnline);
    e.start();
    return new Promise<never>(() => undefined);
  });
}

channel.onmessage = (event: MessageEvent<{ type: string; online?: boolean; reason?: SyncReason }>) => {
  if (event.data.type === 'online' && typeof event.data.online === 'boolean') lastOnline = event.data.online;
  if (!leader || !engine) return;
  if (event.data.type === 'sync-now') void engine.syncNow(event.data.reason);
  if (event.data.type === 'driver-busy') engine.driverBusy();
  if (event.data.type === 'online' && typeof event.data.online === 'boolean') void engine.setOnline(event.data.online);
};

// Workers get connectivity events of their own; the page forwards its view too.
const onConnectivity = (): void => {
  lastOnline = self.navigator.onLine;
  if (leader && engine) void engine.setOnline(lastOnline);
};
self.addEventListener('online', onConnectivity);
self.addEventListener('offline', onConnectivity);

const api: SyncWorkerApi = {
  async init(config) {
    initialised ??= createEngine(config).then((e) => {
      engine = e;
      becomeLeaderWhenPossible(e);
      return e;
    });
    await initialised;
  },
  async login(email, password) {
    const e = await ready();
    return e.login(email, password);
  },
  // Needs no engine: the login screen may ask before init() has run.
  async watchLoginState(listener) {
    const subscription = loginState$(await getDatabase()).subscribe((state) => void listener(state));
    return Comlink.proxy(() => subscription.unsubscribe());
  },
  async logout() {
    const e = await ready();
    await e.logout();
  },
  async impersonate(token) {
    const e = await ready();
    return e.impersonate(token);
  },
  async handOff(token) {
    const e = await ready();
    return e.handOff(token);
  },
  async endImpersonation() {
    const e = await ready();
    await e.endImpersonation();
  },
  async syncNow(reason) {
    const e = await ready();
    if (leader) await e.syncNow(reason);
    else channel.postMessage({ type: 'sync-now', reason });
  },
  async driverBusy() {
    const e = await ready();
    if (leader) e.driverBusy();
    else channel.postMessage({ type: 'driver-busy' });
  },
  async setOnline(online) {
    lastOnline = online;
    const e = await ready();
    if (leader) await e.setOnline(online);
    else channel.postMessage({ type: 'online', online });
  },
  async authorizeCard(input) {
    const e = await ready();
    return authorizeNewCard(e.http, input);
  },
  // The profile area's online calls run in whichever tab asked (like the card authorization).
  refreshDeliveryLog: async (filters) => (await profileRpc()).refreshDeliveryLog(filters),
  exportDeliveryLog: async (filters) => {
    const outcome = await (await profileRpc()).exportDeliveryLog(filters);
    return outcome.ok ? Comlink.transfer(outcome, [outcome.bytes]) : outcome;
  },
  refreshSettings: async () => (await profileRpc()).refreshSettings(),
  saveSettings: async (input) => (await profileRpc()).saveSettings(input),
};

function profileRpc(): Promise<ProfileRpcApi> {
  profile ??= Promise.all([ready(), getDatabase(), getBlobStore()]).then(([e, db, blobs]) =>
    createProfileRpc({ db, blobs, http: e.http, log: (message, detail) => console.warn(`[profile] ${message}`, detail ?? '') }),
  );
  // A call before init() fails; the next one tries again.
  profile.catch(() => {
    profile = null;
  });
  return profile;
}

function ready(): Promise<SyncEngine> {
  if (!initialised) return Promise.reject(new Error('sync worker used before init()'));
  return initialised;
}

Comlink.expose(api);
