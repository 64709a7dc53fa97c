// The replayed phone: the real sync engine on fake-indexeddb, its timers on a fake clock that
// only the replay moves (so a 5-minute back-off costs no real time), and a network the
// scenario breaks. Killing the worker abandons its engine mid-request and opens the same
// IndexedDB again, as a phone that killed the tab does.
import { readSession, type Session } from '../../src/db';
import { isCommitted, isFollowup, kindDef } from '../../src/outbox';
import { makeDevice, type Device } from '../../test/support/device';
import { freshIndexedDB } from '../../test/support/fakeDb';
import type { TestServer } from '../../test/support/server';

export interface PhoneOptions {
  timeoutMs: number;
  followupWaitMs: number;
}

export interface Phone {
  device: Device;
  /** Scenario time (ms since the start) on the phone's clock. */
  elapsed(): number;
  session(): Promise<Session>;
  /** Waits until the engine is still (no run, no probe), or `stop` says so. */
  idle(stop?: () => boolean): Promise<void>;
  /** After a write of the replay's own (an entry queued): the engine's subscription starts its run. */
  written(): Promise<void>;
  /**
   * Moves the fake clock to scenario time `ms`, firing every timer due on the way and letting
   * what it starts finish; ends early once `stop` (checked while waiting) says so.
   */
  runUntil(ms: number, stop?: () => boolean): Promise<void>;
  /** Fires the next timer due by scenario time `ms` and waits for what it starts; false when none is. */
  step(ms: number, stop?: () => boolean): Promise<boolean>;
  /** The worker is killed and the app opened again on the same storage. */
  restart(): Promise<void>;
  /** After the setup (sign-in, first pull): the app reopened with the scenario's transport time-out, its engine started. */
  start(): Promise<void>;
  /** The next request matching is held, and once it is under way the worker is killed and the app reopened. */
  armKill(match: RegExp): void;
  /** Kills armed whose request never came. */
  unfiredKills(): string[];
  /** Nothing waits to be sent and every committed entry's follow-ups have ended. */
  settled(): Promise<boolean>;
  close(): Promise<void>;
}

const realPause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The engine's outbox subscription waits 50 ms (real) before it starts a run for a new entry. */
const DEBOUNCE_MS = 70;
const POLL_MS = 4;
const MAX_TIMER_STEPS = 5000;

/** Sign-in and the first pull are the driver's start of day, not the scenario: a loaded machine must not time them out. */
const SETUP_TIMEOUT_MS = 30_000;

export async function openPhone(server: TestServer, opts: PhoneOptions, log: (line: string) => void = () => undefined): Promise<Phone> {
  // No dev-mode checks and one realm: the replay runs the production engine, and runs it fast.
  const setupOpts = { timeoutMs: SETUP_TIMEOUT_MS, followupWaitMs: opts.followupWaitMs, initialOnline: true };
  let device = await makeDevice(server, { idb: freshIndexedDB({ fast: true }), ...setupOpts });
  const start = device.clock.t;
  const tripwires: { match: RegExp; seen: number }[] = [];
  const seen = (match: RegExp) => device.net.log.filter((line) => match.test(line)).length;

  async function idle(stop?: () => boolean): Promise<void> {
    for (let quiet = 0; quiet < 3; ) {
      await realPause(POLL_MS);
      if (stop?.()) return;
      const tripped = tripwires.findIndex((t) => seen(t.match) > t.seen);
      if (tripped >= 0) {
        const [wire] = tripwires.splice(tripped, 1);
        log(`      the worker is killed during ${wire?.match.source ?? ''}; the app reopens`);
        await phone.restart();
        quiet = 0;
        continue;
      }
      quiet = device.engine.busy() ? 0 : quiet + 1;
    }
  }

  const phone: Phone = {
    get device() {
      return device;
    },
    elapsed: () => device.clock.t - start,
    async session() {
      const session = await readSession(device.db, device.clock.t);
      if (!session) throw new Error('the driver is signed out: add a sign-in step before this action');
      return session;
    },
    idle,
    async written() {
      await realPause(DEBOUNCE_MS);
      await idle();
    },
    async runUntil(ms, stop) {
      for (let steps = 0; ; steps++) {
        await idle(stop);
        if (stop?.()) return;
        if (!(await phone.step(ms, stop))) break;
        if (steps > MAX_TIMER_STEPS) throw new Error(`the phone's timers did not come to rest by ${ms} ms`);
      }
      if (device.clock.t < start + ms) device.timers.advance(start + ms - device.clock.t);
    },
    async step(ms, stop) {
      const [due] = device.timers.dueTimes();
      if (due === undefined || due > start + ms) return false;
      device.timers.advance(Math.max(0, due - device.clock.t));
      await idle(stop);
      return true;
    },
    async start() {
      const { idb, net, clock } = device;
      await device.close();
      device = await makeDevice(server, { idb, net, timeoutMs: opts.timeoutMs, followupWaitMs: opts.followupWaitMs, initialOnline: true });
      device.clock.t = clock.t;
      device.engine.start();
      await phone.written();
    },
    async restart() {
      const { idb, net, clock } = device;
      device.killed = true;
      await device.close();
      device = await makeDevice(server, { idb, net, timeoutMs: opts.timeoutMs, followupWaitMs: opts.followupWaitMs, initialOnline: !net.offline });
      device.clock.t = clock.t;
      device.engine.start();
      await phone.written();
    },
    armKill(match) {
      tripwires.push({ match, seen: seen(match) });
      device.net.inject(match, { kind: 'hang' }, 1);
    },
    unfiredKills: () => tripwires.map((t) => t.match.source),
    async settled() {
      const entries = await device.db.outbox.find().exec();
      return entries.every((entry) => {
        if (entry.status === 'needs_attention') return true;
        if (!isCommitted(entry)) return false;
        const followups = kindDef(entry.kind)?.steps.filter(isFollowup).length ?? 0;
        return Object.keys(entry.steps.followups).length >= followups;
      });
    },
    async close() {
      await device.close();
    },
  };
  return phone;
}
