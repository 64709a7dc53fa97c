import { clockMs } from '../clock';
import { debounceTime, type Subscription } from 'rxjs';
import { ERROR_TEXT, type LoginResult } from '../domain';
import { clearSessionNotes, clearToken, patchSyncStatus, readSession, readToken, type Session } from '../db';
import { pruneDoneEntries } from '../outbox';
import { clearBackoff, type BackoffScope } from './backoff';
import type { EngineDeps } from './engineDeps';
import { createHttpClient, type Hosts, type HttpClient } from './http';
import { allSettledOrThrow } from './concurrent';
import { processOutbox } from './outboxProcessor';
import { createBusyGate } from './driverBusy';
import { idleCadence } from './idleCadence';
import { pullAll } from './pull';
import { handOffToken } from './handOff';
import { createLink, healthProbe, observedFetch, type Link, type Timers } from './reachability';
import { createSessionRules } from './session';
import { signIn } from './signIn';
import { clearDriverData } from './signOutData';
import { TransportError } from './transportError';
import { reportUnsent } from './unsentReport';

export type { Timers } from './reachability';

/** `driver`: the driver's Sync now (all back-off dropped, even "offline"); `resumed`: the app is back in front (reachability.ts). */
export type SyncReason = 'auto' | 'driver' | 'resumed';

export type { EngineDeps } from './engineDeps';

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
  const cadence = idleCadence(intervalMs, deps.idleMaxIntervalMs ?? intervalMs);
  const hosts: Hosts = { main: deps.baseUrl, remix: deps.baseUrl, report: deps.baseUrl, ...deps.hosts };
  const transport = {
    fetch: observedFetch(deps.fetch, () => link),
    hosts,
    timeoutMs: deps.timeoutMs,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
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
  // Back-off the next run drops first (an answer came back; the driver's tap), and whether it goes even "offline" (the tap).
  let pendingClear: BackoffScope | null = null;
  let forced = false;
  /**
   * Work nobody awaits (a timer's run, a status write): its failure is logged, never an
   * unhandled rejection. A full storage fails such writes; each step was recorded before the
   * next, so the next run picks up where this one stopped.
   */
  const background = (work: Promise<unknown>, what: string): void => {
    work.catch((error: unknown) => deps.log?.(`sync: ${what} failed`, error));
  };
  const link: Link = createLink(
    {
      now,
      timers,
      random: deps.random ?? Math.random,
      probe: healthProbe((fetch) => createHttpClient({ ...transport, fetch, getToken: () => Promise.resolve(null) }), transport.fetch, timers),
      // Between runs (a probe); a run publishes it when it ends, and a stopped engine's database may be closed.
      changed: (reachable) => {
        if (!stopped) background(patchSyncStatus(deps.db, { reachable, online }), 'status write');
      },
      returned: () => {
        // An answer proves the browser's "offline" (or an `online` event that never came) wrong.
        if (!online) background(patchSyncStatus(deps.db, { online: (online = true) }), 'status write');
        pendingClear = pendingClear ?? 'network';
        background(syncNow(), 'run');
      },
    },
    online,
  );
  const subscriptions: Subscription[] = [];
  const session = createSessionRules({
    db: deps.db,
    http,
    now,
    timers,
    logout: (s) => logout(s),
    onSignedIn: () => background(syncNow(), 'run'),
    log: deps.log,
  });

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(
      () => {
        timer = null;
        background(syncNow(), 'run');
      },
      Math.max(0, ms),
    );
  }

  async function runOnce(): Promise<void> {
    // SPEC §4: a token that stopped counting signs the driver out here, online or not.
    const current = await session.currentSession();
    if (!current || !(online || forced)) return;
    forced = false;
    if (pendingClear) {
      const scope = pendingClear;
      pendingClear = null;
      await clearBackoff(deps.db, now(), scope);
    }
    await patchSyncStatus(deps.db, { syncing: true });
    const http = runHttp(current);
    let nextDueAt: number | null = null;
    let quiet = false;
    let lastError: string | null = null;
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
      // The unsent report and the pull go side by side: on a link of 800 ms round trip the
      // report's answer held a first sign-in's list back by a second.
      const [, pulled] = await allSettledOrThrow([
        reportUnsent({ db: deps.db, http, session: current, now, log: deps.log }),
        (async () => {
          // SPEC §4: the list is refreshed after ready orders were submitted, either way.
          await pruneDoneEntries(deps.db, now());
          return pullAll({
            db: deps.db,
            blobs: deps.blobs,
            http,
            session: current,
            log: deps.log,
            sleep: deps.sleep,
            whenDriverIdle: driver.whenIdle,
            appHost: deps.appHost,
            now,
            timeZone: transport.timeZone,
            // The list, the details and the snapshots are on the phone: the sync succeeded
            // (Tech support's "Last successful sync"), though each order's notes still follow.
            onSynced: () => patchSyncStatus(deps.db, { lastSyncAt: new Date(now()).toISOString(), reachable: link.reachable }),
          });
        })(),
      ] as const);
      deps.mapTiles?.afterRun(current, pulled);
      quiet = !pulled && nextDueAt === null;
    } catch (error) {
      if (error instanceof TransportError && error.kind === 'auth') return await refused(error.code);
      clientTooOld = error instanceof TransportError && error.kind === 'upgrade';
      lastError = error instanceof Error ? error.message : String(error);
      deps.log?.('sync: run failed', error);
    } finally {
      await patchSyncStatus(deps.db, {
        syncing: false,
        lastError,
        // What the run's requests last showed (reachability.ts), not only the browser's word.
        reachable: link.reachable,
        clientTooOld,
        ...(lastError || ended ? {} : { lastSyncAt: new Date(now()).toISOString() }),
      });
      // Stretched while idle, but never past the SPEC's 5-minute removed-user check.
      const wait = Math.min(cadence.next(quiet), Math.max(intervalMs, session.removedCheckDueIn()));
      schedule(nextDueAt === null ? wait : Math.min(wait, nextDueAt - now()));
    }
  }

  /** Runs push + pull now; concurrent calls coalesce into one more run. */
  function syncNow(reason: SyncReason = 'auto'): Promise<void> {
    if (reason === 'driver') {
      // The driver's tap: nothing queued waits for its back-off, and the browser's word is not asked.
      pendingClear = 'all';
      forced = true;
    }
    if (reason === 'resumed') link.recheck();
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

  const login = (email: string, password: string): Promise<LoginResult> => signIn({ db: deps.db, http, now, signedIn: session.signedIn }, email, password);

  /** SPEC §4: the token, then the driver's local server data (signOutData.ts: unsent work stays). */
  async function logout(signedIn?: Session | null): Promise<void> {
    const current = signedIn ?? (await readSession(deps.db, now()));
    await clearToken(deps.db);
    if (!current) return;
    await clearDriverData(deps.db, deps.blobs, current);
  }

  async function setOnline(value: boolean): Promise<void> {
    const cameBack = value && !online;
    online = value;
    await patchSyncStatus(deps.db, { online: value });
    // The browser's offline may be wrong or its `online` never come: probe until an answer says.
    if (!value) return link.down();
    // Back-off accumulated while the network was down says nothing about the server: what
    // waits for a network failure leaves at once on reconnect.
    if (cameBack) pendingClear = pendingClear ?? 'network';
    background(syncNow(), 'run');
  }

  function start(): void {
    if (!stopped) return;
    stopped = false;
    // The status the UI shows is this engine's, from its first moment: never a stale one
    // left by an earlier run (e.g. "Offline" after a reload that followed an offline period).
    background(patchSyncStatus(deps.db, { online, syncing: false }), 'status write');
    session.start();
    link.start();
    // A new outbox entry (from the page or this realm) is pushed at once.
    subscriptions.push(
      deps.db.outbox
        .find({ selector: { status: 'queued' } })
        .$.pipe(debounceTime(50))
        .subscribe((docs) => {
          if (docs.some((d) => d.next_attempt_at <= now())) background(syncNow(), 'run');
        }),
    );
    background(syncNow(), 'run');
  }

  async function stop(): Promise<void> {
    stopped = true;
    session.stop();
    link.stop();
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
    /** A run or a probe is under way (the sync tests move the phone's clock on only when it is still). */
    busy: () => running !== null || link.probing,
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
