// One simulated phone of the fleet: the sync engine's schedule (src/replication/engine.ts) with
// its requests made by the app's own HttpClient. A run is the engine's runOnce: the
// removed-user check when 5 minutes have passed (session.ts), the outbox's due entries
// (driverDelivery.ts), the unsent report when it changed (driverReport.ts), then the pull
// (driverPull.ts: one sync-version question, everything when it is not 304). The next run follows `intervalMs` after a run ends, or sooner when an entry is
// due (a follow-up's 7 s wait); a delivery runs at once, as a new outbox entry does.
import { API, parseOrderKey } from '../../src/domain';
import { createHttpClient, REMOVED_USER_POLL_MS, type FetchLike } from '../../src/replication';
import { idleCadence } from '../../src/replication/idleCadence';
import { pressDeliver, sendEntry, type FleetEntry, type FleetImages } from './driverDelivery';
import { emptyPhoneData, pullAll } from './driverPull';
import { createUnsentReporter } from './driverReport';
import { FLEET_ORIGIN } from './transport';

export interface DriverDeps {
  /** The phone's network (transport.ts's balancer). */
  fetch: FetchLike;
  images: FleetImages;
  /** The worker's sync interval (30 s). */
  intervalMs: number;
  /** The longest wait while runs find nothing new (the worker stretches to 2 minutes; default the interval: a run every 30 s). */
  idleMaxIntervalMs?: number;
  photosPerDelivery: number;
  /** Follow-ups' wait (default SPEC §9's 7 s). */
  followupWaitMs?: number;
  /** The host the app is served on (its feature-flag environment). */
  appHost?: string;
  random?: () => number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** A delivery the phone refused or the server refused for good (not expected: the report shows them). */
  onRefused?: (why: string) => void;
}

/** What one phone did. */
export interface DriverCounts {
  runs: number;
  /** Runs whose sync version had moved: everything was read. */
  pulls: number;
  /** Deliveries the server committed (the deliver call answered). */
  delivered: number;
  /** Their images, each uploaded by tus. */
  uploads: number;
  /** Deliveries whose follow-ups all ended. */
  finished: number;
  refused: number;
}

export type FleetDriver = ReturnType<typeof createFleetDriver>;

export function createFleetDriver(deps: DriverDeps) {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let token: string | null = null;
  const http = createHttpClient({
    fetch: deps.fetch,
    hosts: { main: FLEET_ORIGIN, remix: FLEET_ORIGIN, report: FLEET_ORIGIN },
    getToken: () => Promise.resolve(token),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  const data = emptyPhoneData();
  const outbox: FleetEntry[] = [];
  const counts: DriverCounts = { runs: 0, pulls: 0, delivered: 0, uploads: 0, finished: 0, refused: 0 };
  const sendContext = { http, now, images: deps.images, followupWaitMs: deps.followupWaitMs };
  const reportUnsent = createUnsentReporter(http, now);
  let lastRemovedCheck = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let deliveryTimer: ReturnType<typeof setTimeout> | null = null;
  const cadence = idleCadence(deps.intervalMs, deps.idleMaxIntervalMs ?? deps.intervalMs);
  /** Timed runs and deliveries stop at this time; none before start() (a run then schedules no next one). */
  let endsAt = Number.NEGATIVE_INFINITY;

  /** SPEC §4 sign-in, as signIn.ts sends it; the server just accepted the account, so the removed-user check waits 5 minutes. */
  async function signIn(email: string, password: string): Promise<void> {
    token = (await http.callWithHeaders(`POST ${API.login}`, { email, password }, { auth: false })).answer;
    lastRemovedCheck = now();
  }

  /** The outbox's due entries; when the earliest waiting one is due again (null: none waits). */
  async function push(): Promise<number | null> {
    let nextDueAt: number | null = null;
    for (const entry of [...outbox]) {
      if (entry.nextAttemptAt > now()) {
        nextDueAt = Math.min(nextDueAt ?? Infinity, entry.nextAttemptAt);
        continue;
      }
      const committed = entry.doc.steps.response !== null;
      try {
        const outcome = await sendEntry(sendContext, entry);
        if (!committed && entry.doc.steps.response !== null) {
          counts.delivered += 1;
          counts.uploads += Object.keys(entry.doc.steps.uploads).length;
        }
        if (outcome.done) {
          counts.finished += 1;
          outbox.splice(outbox.indexOf(entry), 1);
        } else nextDueAt = Math.min(nextDueAt ?? Infinity, outcome.due);
      } catch (error) {
        counts.refused += 1;
        deps.onRefused?.(`${entry.def.kind} ${entry.doc.order_key}: ${error instanceof Error ? error.message : String(error)}`);
        outbox.splice(outbox.indexOf(entry), 1);
      }
    }
    return nextDueAt;
  }

  /** The engine's runOnce: when the next timed run is due, and when the earliest waiting outbox entry is (ms since epoch). */
  async function runOnce(): Promise<{ next: number; nextDueAt: number | null }> {
    counts.runs += 1;
    if (now() - lastRemovedCheck >= REMOVED_USER_POLL_MS) {
      try {
        await http.read(`GET ${API.companyUserIsRemoved}`);
        lastRemovedCheck = now();
      } catch {
        // Asked again next run (the failure is in the transport's count).
      }
    }
    const nextDueAt = await push();
    // The report and the pull side by side, as in the engine. No answer at all ends the run (the transport counted the failure).
    const [, pulled] = await Promise.all([
      reportUnsent(outbox.filter((entry) => entry.doc.steps.response === null).map((entry) => entry.doc)),
      pullAll({ http, sleep, appHost: deps.appHost ?? 'localhost', now }, data).catch(() => false),
    ]);
    if (pulled) counts.pulls += 1;
    // As the engine: stretched while idle, never past the removed-user check's time.
    const removedCheckDueIn = Math.max(0, lastRemovedCheck + REMOVED_USER_POLL_MS - now());
    const wait = Math.min(cadence.next(!pulled && nextDueAt === null), Math.max(deps.intervalMs, removedCheckDueIn));
    return { next: Math.min(now() + wait, nextDueAt ?? Infinity), nextDueAt };
  }

  function schedule(at: number): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (at >= endsAt) return;
    timer = setTimeout(
      () => {
        timer = null;
        void syncNow();
      },
      Math.max(0, at - now()),
    );
  }

  /** A run now; a call while one runs asks for one more after it (the engine's coalescing). */
  function syncNow(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let next = now();
      do {
        again = false;
        // A run never rejects (its failures are the transport's count); this keeps the timers going if one did.
        next = (await runOnce().catch(() => ({ next: now() + deps.intervalMs }))).next;
      } while (again && now() < endsAt);
      schedule(next);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * The driver delivers one of their live orders not already waiting in the outbox (`orderKey`,
   * else one at random); false when there is none or the rules refused the form.
   */
  function deliverOne(orderKey?: string): boolean {
    const waiting = new Set(outbox.map((e) => e.doc.order_key));
    const candidates = [...data.orders.keys()].filter((key) => !waiting.has(key));
    const key = orderKey ?? candidates[Math.floor(random() * candidates.length)];
    const order = key ? parseOrderKey(key) : null;
    if (!key || !order) return false;
    const pressed = pressDeliver(order, data.details.get(key)?.server, { images: deps.images, photos: deps.photosPerDelivery, now: now(), random });
    if (!pressed.ok) {
      counts.refused += 1;
      deps.onRefused?.(`${key}: ${pressed.errors.join(', ')}`);
      return false;
    }
    outbox.push(pressed.entry);
    void syncNow();
    return true;
  }

  /** Deliveries at random moments, `perHour` on average (a Poisson process), until the end. */
  function deliverEvery(perHour: number): void {
    if (!(perHour > 0)) return;
    const gap = -Math.log(1 - random()) * (3_600_000 / perHour);
    if (now() + gap >= endsAt) return;
    deliveryTimer = setTimeout(() => {
      deliverOne();
      deliverEvery(perHour);
    }, gap);
  }

  return {
    http,
    data,
    counts,
    signIn,
    /** One run now, awaited (the warm-up's first pull, tests). */
    syncNow,
    deliverOne,
    /** Timed runs from `firstRunAt` and deliveries at `deliveriesPerHour`, until `until` (ms since epoch). */
    start(firstRunAt: number, until: number, deliveriesPerHour: number): void {
      endsAt = until;
      schedule(firstRunAt);
      deliverEvery(deliveriesPerHour);
    },
    /** No new run or delivery; resolves when the run under way (if any) has ended. */
    async stop(): Promise<void> {
      endsAt = Number.NEGATIVE_INFINITY;
      if (timer !== null) clearTimeout(timer);
      if (deliveryTimer !== null) clearTimeout(deliveryTimer);
      timer = deliveryTimer = null;
      await running;
    },
    /**
     * After stop(): the outbox's entries go on as the phone would send them (follow-ups after
     * their waits), run after run, until none is left or `deadline` (ms since epoch) passes.
     */
    async finish(deadline: number): Promise<void> {
      while (outbox.length > 0 && now() < deadline) {
        const { nextDueAt } = await runOnce();
        if (outbox.length === 0 || nextDueAt === null) return;
        await sleep(Math.max(0, Math.min(nextDueAt, deadline) - now()));
      }
    },
    /** Entries still in the outbox. */
    waiting: () => outbox.length,
  };
}
