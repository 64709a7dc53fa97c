import { clockMs } from '../clock';
import { debounceTime, type Subscription } from 'rxjs';
import { API, ERROR_TEXT, ORDER_KINDS, SIGN_IN_DEVICE_HEADER, type LoginResult } from '../domain';
import {
  authStateOf,
  clearCache,
  clearCheckpoints,
  clearSessionNotes,
  clearToken,
  patchSyncStatus,
  readDeviceKey,
  readSession,
  readToken,
  writeDeviceKey,
  type BlobStore,
  type DriverDatabase,
  type Session,
  deliveryCollection,
  draftImageIds,
  draftTouched,
  driverScope,
  ownsDoc,
} from '../db';
import { activeEntriesSelector, pruneDoneEntries } from '../outbox';
import { AnswerNotUnderstood } from './endpointCall';
import { createHttpClient, type FetchLike, type Hosts, type HttpClient } from './http';
import { processOutbox } from './outboxProcessor';
import type { OutboxEvents } from './outboxTypes';
import { createBusyGate } from './driverBusy';
import { pullAll, PULL_STREAMS } from './pull';
import { handOffToken } from './handOff';
import { createSessionRules } from './session';
import { TransportError } from './transportError';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface EngineDeps {
  db: DriverDatabase;
  blobs: BlobStore;
  fetch: FetchLike;
  /** '' = same origin. Per-host overrides follow SPEC §7's routing. */
  baseUrl: string;
  hosts?: Partial<Hosts>;
  now?: () => number;
  timers?: Timers;
  random?: () => number;
  timeoutMs?: number;
  /** How often to sync while the app is open (the timer of DESIGN §4). */
  intervalMs?: number;
  events?: OutboxEvents;
  log?: (message: string, detail?: unknown) => void;
  /** Connectivity when the engine starts (the worker passes navigator.onLine): never assumed. */
  initialOnline?: boolean;
  /** Overrides the SPEC's 7000 ms wait before each follow-up (tests, replay). */
  followupWaitMs?: number;
  /** The SPEC §7 prefetch throttle's pause (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /** The host the app is served on (SPEC §9 environment naming, for feature-flag reads); default localhost. */
  appHost?: string;
}

export { REMOVED_USER_POLL_MS } from './session';
export type { HandOffResult } from './handOff';

/**
 * The sync engine: pushes the outbox, then pulls server data into PWADB. Everything it
 * touches is injected, so the same engine runs in the worker, in Node tests against a real
 * server with faults, and in the replay tool.
 */
export function createSyncEngine(deps: EngineDeps) {
  const now = deps.now ?? clockMs;
  const timers: Timers = deps.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
  const intervalMs = deps.intervalMs ?? 30_000;
  const hosts: Hosts = { main: deps.baseUrl, remix: deps.baseUrl, report: deps.baseUrl, ...deps.hosts };
  const transport = { fetch: deps.fetch, hosts, timeoutMs: deps.timeoutMs, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const http: HttpClient = createHttpClient({ ...transport, getToken: async () => (await readSession(deps.db, now()))?.token ?? null });
  /** No sign-out, impersonation or other driver's sign-in since `current` was read. */
  const stillStored = async (current: Session): Promise<boolean> => (await readToken(deps.db)) === current.token;
  /**
   * A run's calls carry the token of the session the run started with, and none is sent once
   * that session is no longer the stored one: the call fails as unauthenticated and the run
   * stops. A run that went on after a sign-out sent the next driver's token, stored that
   * driver's data under the previous one's account and held back the next driver's first pull.
   */
  const runHttp = (current: Session): HttpClient =>
    createHttpClient({ ...transport, getToken: async () => ((await stillStored(current)) ? current.token : null) });

  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms)));
  const driver = createBusyGate(now, sleep);
  let online = deps.initialOnline ?? true;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: unknown = null;
  let stopped = true;
  const subscriptions: Subscription[] = [];
  const session = createSessionRules({ db: deps.db, http, now, timers, logout: (s) => logout(s), onSignedIn: () => void syncNow(), log: deps.log });

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(
      () => {
        timer = null;
        void syncNow();
      },
      Math.max(0, ms),
    );
  }

  async function runOnce(): Promise<void> {
    // SPEC §4: a token that stopped counting signs the driver out here, online or not.
    const current = await session.currentSession();
    if (!current || !online) return;
    await patchSyncStatus(deps.db, { syncing: true });
    const http = runHttp(current);
    let nextDueAt: number | null = null;
    let lastError: string | null = null;
    let unreachable = false;
    let clientTooOld = false;
    let ended = false;
    // A 401, or a call held back because the session ended: only a session still stored is refused.
    const refused = async (code: string | null): Promise<void> => {
      ended = !(await stillStored(current));
      if (!ended) await session.refused(current, code);
    };
    try {
      // Before anything is sent: a removed driver's work must stay on the phone.
      if (await session.checkRemoved(current)) return;
      const pushed = await processOutbox({
        db: deps.db,
        blobs: deps.blobs,
        http,
        session: current,
        now,
        random: deps.random,
        events: deps.events,
        log: deps.log,
        followupWaitMs: deps.followupWaitMs,
      });
      nextDueAt = pushed.nextDueAt;
      if (pushed.authPaused) return await refused(pushed.authCode);
      // 426: this build's contract is no longer accepted. Nothing more is sent or pulled; the
      // entries stay queued and the next run (timer, reconnect, a new entry) asks again.
      if (pushed.upgradePaused) {
        clientTooOld = true;
        lastError = ERROR_TEXT.ClientTooOld;
        return;
      }
      // SPEC §4: the list is refreshed after ready orders were submitted, either way.
      await pruneDoneEntries(deps.db, now());
      await pullAll({
        db: deps.db,
        blobs: deps.blobs,
        http,
        session: current,
        log: deps.log,
        sleep: deps.sleep,
        whenDriverIdle: driver.whenIdle,
        appHost: deps.appHost,
      });
    } catch (error) {
      if (error instanceof TransportError && error.kind === 'auth') return await refused(error.code);
      clientTooOld = error instanceof TransportError && error.kind === 'upgrade';
      lastError = error instanceof Error ? error.message : String(error);
      unreachable = error instanceof TransportError && (error.code === 'NetworkError' || error.code === 'Timeout');
      deps.log?.('sync: run failed', error);
    } finally {
      await patchSyncStatus(deps.db, {
        syncing: false,
        lastError,
        reachable: !unreachable,
        clientTooOld,
        ...(lastError || ended ? {} : { lastSyncAt: new Date(now()).toISOString() }),
      });
      schedule(nextDueAt === null ? intervalMs : Math.min(intervalMs, nextDueAt - now()));
    }
  }

  /** Runs push + pull now; concurrent calls coalesce into one more run. */
  function syncNow(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  async function login(email: string, password: string): Promise<LoginResult> {
    try {
      const deviceKey = await readDeviceKey(deps.db, email);
      const { answer: token, headers } = await http.callWithHeaders(
        `POST ${API.login}`,
        { email, password },
        {
          auth: false,
          headers: deviceKey ? { [SIGN_IN_DEVICE_HEADER]: deviceKey } : {},
        },
      );
      const newKey = headers.get(SIGN_IN_DEVICE_HEADER);
      if (newKey) await writeDeviceKey(deps.db, email, newKey);
      const state = authStateOf(token, now());
      if (state.status !== 'authenticated') {
        return { ok: false, error: 'NotAuthorized', message: ERROR_TEXT.NotAuthorized };
      }
      await session.signedIn(token);
      return { ok: true };
    } catch (error) {
      // An answer that is no token: the SPEC §8 general text, not the parser's.
      if (error instanceof AnswerNotUnderstood) return { ok: false, error: 'GeneralError', message: ERROR_TEXT.GeneralError };
      if (error instanceof TransportError) {
        if (error.code === 'NetworkError' || error.code === 'Timeout' || error.code === 'PhotoMissing') {
          return { ok: false, error: 'GeneralError', message: 'Signing in needs a connection. Try again when you are online.' };
        }
        return { ok: false, error: error.code, message: error.message };
      }
      return { ok: false, error: 'GeneralError', message: ERROR_TEXT.GeneralError };
    }
  }

  /**
   * SPEC §4: clears local data; DESIGN §5: unsynced outbox entries and their drafts stay, and
   * so does any draft the driver started (nothing typed is lost on sign-out). All of it stays
   * theirs: another driver signing in never sees it.
   */
  async function logout(signedIn?: Session | null): Promise<void> {
    const current = signedIn ?? (await readSession(deps.db, now()));
    await clearToken(deps.db);
    if (!current) return;
    const pending = await deps.db.outbox.find({ selector: activeEntriesSelector(current) }).exec();
    const keep = new Set(pending.map((e) => e.order_key));
    await deps.db.orders.find({ selector: driverScope(current.claims) }).remove();
    for (const kind of ORDER_KINDS) {
      // The company's drafts, of which ownsDoc keeps this driver's and the unclaimed ones.
      const drafts = await deliveryCollection(deps.db, kind)
        .find({ selector: { company_id: current.claims.company_id } })
        .exec();
      for (const doc of drafts) {
        if (keep.has(doc.id) || !ownsDoc(doc, current) || draftTouched(kind, doc.toMutableJSON().draft)) continue;
        const ids = draftImageIds(doc.toMutableJSON().draft);
        await doc.remove();
        await deps.blobs.delete(ids);
      }
    }
    await clearCache(deps.db, current);
    await clearCheckpoints(deps.db, current, PULL_STREAMS);
  }

  async function setOnline(value: boolean): Promise<void> {
    const cameBack = value && !online;
    online = value;
    await patchSyncStatus(deps.db, { online: value });
    if (!value) return;
    // Back-off accumulated while the network was down says nothing about the server: what
    // waits for a network failure leaves at once on reconnect.
    if (cameBack) await clearNetworkBackoff();
    void syncNow();
  }

  async function clearNetworkBackoff(): Promise<void> {
    const waiting = await deps.db.outbox.find({ selector: { status: 'queued', next_attempt_at: { $gt: now() } } }).exec();
    for (const doc of waiting) {
      if (doc.last_error && ['NetworkError', 'Timeout'].includes(doc.last_error.code)) await doc.incrementalPatch({ next_attempt_at: 0 });
    }
  }

  function start(): void {
    if (!stopped) return;
    stopped = false;
    // The status the UI shows is this engine's, from its first moment: never a stale one
    // left by an earlier run (e.g. "Offline" after a reload that followed an offline period).
    void patchSyncStatus(deps.db, { online, syncing: false });
    session.start();
    // A new outbox entry (from the page or this realm) is pushed at once.
    subscriptions.push(
      deps.db.outbox
        .find({ selector: { status: 'queued' } })
        .$.pipe(debounceTime(50))
        .subscribe((docs) => {
          if (docs.some((d) => d.next_attempt_at <= now())) void syncNow();
        }),
    );
    void syncNow();
  }

  async function stop(): Promise<void> {
    stopped = true;
    session.stop();
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    for (const s of subscriptions.splice(0)) s.unsubscribe();
    await running;
  }

  return {
    start,
    stop,
    syncNow,
    setOnline,
    login,
    http,
    /** The driver is typing or scrolling: background writes wait (driverBusy.ts). */
    driverBusy: driver.busy,
    /** The driver's own sign-out (no note: they chose it). */
    logout: async () => {
      await logout();
      await clearSessionNotes(deps.db);
    },
    impersonate: session.impersonate,
    endImpersonation: session.endImpersonation,
    /** SPEC §6/§9: a token the main app left in the `jwt` cookie, checked like a bearer token, becomes the session. */
    handOff: (token: string) =>
      handOffToken(
        { db: deps.db, now, httpWith: (bearer) => createHttpClient({ ...transport, getToken: () => Promise.resolve(bearer) }), signedIn: session.signedIn },
        token,
      ),
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
