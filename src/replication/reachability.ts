// Whether the server can be reached, learnt from the requests themselves (issue 23 item 1). On
// one bar of signal the browser says "online" while requests fail, and `online` events may never
// reach a worker, so neither is trusted alone: every request's outcome is evidence (any HTTP
// answer, even a 4xx or 5xx, proves the link works; a request that fails or times out without
// one suggests it does not), and while the link is not known to work a tiny unauthenticated
// probe (GET /healthz) asks again, every few seconds, backing off to PROBE_MAX_MS.
import { API } from '../domain';
import type { FetchLike, HttpClient } from './http';
import { TransportError } from './transportError';

/** The engine's injected timers (the worker's real ones; a manual set in the sync tests). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The first probe after a failure; each failed probe doubles the wait, up to PROBE_MAX_MS. */
export const PROBE_MIN_MS = 2_000;
/**
 * The longest wait between probes while the link stays down. Issue 23's bound (work leaves
 * within 20 s of the signal returning, with no tap and no event) needs it under 20 s less a
 * probe and a send; a probe costs a few hundred bytes, ~70 KB an hour of no signal.
 */
export const PROBE_MAX_MS = 15_000;
/** A probe with no answer by then failed (a link that accepts and never answers). */
export const PROBE_TIMEOUT_MS = 10_000;

export type ProbeOutcome = 'answered' | 'failed' | 'hung';

export interface LinkDeps {
  now: () => number;
  timers: Timers;
  random: () => number;
  /**
   * One cheap request through the observed fetch (which reports answers and failures here):
   * `hung` when it got no answer in time, `failed` when it failed outright.
   */
  probe: () => Promise<ProbeOutcome>;
  /** The link's state changed: the engine publishes it (the app bar's Online/Offline). */
  changed: (reachable: boolean) => void;
  /**
   * The server answered after the link was known down (a probe failed, the browser said
   * offline, the app (re)opened): what waits on the network is due now.
   */
  returned: () => void;
}

export interface Link {
  readonly reachable: boolean;
  /** A probe is under way. */
  readonly probing: boolean;
  /** Counts the browser's offlines: a request remembers it when sent (`answered(sentAt)`). */
  readonly downs: number;
  /**
   * A request got an HTTP answer. `sentAt` is `downs` when it was sent: an answer to a request
   * sent before the browser last said offline proves nothing about the link now (issue 23, the
   * 8c01794 flake: a read in flight at the offline answered after it and sent the engine back
   * to trying the outbox, marking it 'sending', with the browser offline).
   */
  answered(sentAt?: number): void;
  /** A request failed or timed out without one. */
  failed(): void;
  /** Known down (the browser said offline): probe, and let the next answer send what waits. */
  down(): void;
  /** Let the next answer send what waits on the network (the app came back to the foreground). */
  recheck(): void;
  start(): void;
  stop(): void;
}

/**
 * Why "known down" and not every failed request: a request that fails while others are answered
 * (a photo too big for the link, a connection the server dropped) must keep its own back-off,
 * or an answer right after each failure would resend it in a tight loop. Only an answer that
 * follows a failed probe, the browser's offline or a (re)start clears the network's back-off.
 */
export function createLink(deps: LinkDeps, initiallyReachable: boolean): Link {
  let reachable = initiallyReachable;
  let downs = 0;
  // Unknown at start: the first answer sends what an earlier session left waiting on the network.
  let armed = true;
  let failedProbes = 0;
  let timer: unknown = null;
  let probing = false;
  let active = false;
  /** The last probe hung and the next went at once (see probeOnce). */
  let retriedHung = false;

  function set(value: boolean): void {
    if (value === reachable) return;
    reachable = value;
    deps.changed(value);
  }

  /** The wait before the next probe: doubling per failed probe, up to a quarter shorter (jitter). */
  function waitMs(): number {
    const exp = Math.min(PROBE_MAX_MS, PROBE_MIN_MS * 2 ** failedProbes);
    return Math.round(exp - exp * 0.25 * deps.random());
  }

  function scheduleProbe(ms: number): void {
    if (!active || reachable || timer !== null || probing) return;
    timer = deps.timers.setTimeout(() => {
      timer = null;
      void probeOnce();
    }, ms);
  }

  async function probeOnce(): Promise<void> {
    if (!active || reachable) return;
    probing = true;
    const startedAt = deps.now();
    let outcome: ProbeOutcome = 'failed';
    try {
      outcome = await deps.probe();
    } finally {
      probing = false;
    }
    if (reachable) return;
    armed = true;
    // A probe that hung may have been sent on a pooled connection that died silently during the
    // outage (a carrier's NAT forgot it): its abort dropped that connection, so one more probe
    // goes at once on a fresh one instead of a whole wait later.
    if (outcome === 'hung' && !retriedHung) {
      retriedHung = true;
      return scheduleProbe(0);
    }
    retriedHung = false;
    failedProbes += 1;
    // Measured from the probe's start: a probe that hung until its timeout delays the next no further.
    scheduleProbe(Math.max(0, startedAt + waitMs() - deps.now()));
  }

  function stopProbing(): void {
    if (timer !== null) deps.timers.clearTimeout(timer);
    timer = null;
    failedProbes = 0;
    retriedHung = false;
  }

  return {
    get reachable() {
      return reachable;
    },
    get probing() {
      return probing;
    },
    get downs() {
      return downs;
    },
    answered(sentAt = downs) {
      if (sentAt < downs) return;
      set(true);
      stopProbing();
      if (armed && active) {
        armed = false;
        deps.returned();
      }
    },
    failed() {
      set(false);
      scheduleProbe(waitMs());
    },
    down() {
      downs += 1;
      armed = true;
      set(false);
      scheduleProbe(waitMs());
    },
    recheck() {
      armed = true;
    },
    start() {
      active = true;
      scheduleProbe(waitMs());
    },
    stop() {
      active = false;
      stopProbing();
    },
  };
}

/** The transport's fetch, reporting every outcome to the link. */
export function observedFetch(fetch: FetchLike, link: () => Link): FetchLike {
  return async (input, init) => {
    const sentAt = link().downs;
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      link().failed();
      throw error;
    }
    link().answered(sentAt);
    return response;
  };
}

/** A fetch given up after `ms` on the engine's timers (the probe's deadline); `expired` hears when it was. */
export function withDeadline(fetch: FetchLike, timers: Timers, ms: number, expired: () => void): FetchLike {
  return async (input, init) => {
    const controller = new AbortController();
    init.signal?.addEventListener('abort', () => controller.abort());
    const handle = timers.setTimeout(() => {
      expired();
      controller.abort();
    }, ms);
    try {
      return await fetch(input, { ...init, signal: controller.signal });
    } finally {
      timers.clearTimeout(handle);
    }
  };
}

/**
 * The cheapest answer there is: the contract's liveness probe (GET /healthz), no token, no data,
 * given up after PROBE_TIMEOUT_MS on the engine's timers. `client` builds the transport on a fetch.
 */
export function healthProbe(client: (fetch: FetchLike) => HttpClient, fetch: FetchLike, timers: Timers): () => Promise<ProbeOutcome> {
  let expired = false;
  const http = client(withDeadline(fetch, timers, PROBE_TIMEOUT_MS, () => (expired = true)));
  return async () => {
    expired = false;
    try {
      await http.read(`GET ${API.health}`, undefined, { auth: false });
      return 'answered';
    } catch (error) {
      // An answer of any kind already told the link; only how a failure failed matters here.
      return expired || (error instanceof TransportError && error.code === 'Timeout') ? 'hung' : 'failed';
    }
  };
}
