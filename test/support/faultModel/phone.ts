// The run's phone: the real engine on fake-indexeddb behind a network we can break, and how it
// dies. A kill arms the transport so the n-th next request never settles — before it reaches
// the server, or after the server answered (the commit made, the answer never recorded) — then
// the worker is abandoned there and a new one opens the same IndexedDB, as a reload does.
import type { BlobStore, DriverDatabase } from '../../../src/db';
import type { FetchLike } from '../../../src/replication';
import { makeDevice, type Device } from '../device';
import { faultyNetwork, type FaultyNetwork } from '../faultyFetch';
import type { TestServer } from '../server';

export interface Kill {
  /** Requests to let through first. */
  skip: number;
  /** Die after the server answered (true) or before the request leaves (false). */
  afterAnswer: boolean;
}

/** A tab's page: its own PWADB instance on the phone's IndexedDB, where the driver's intents write. */
export interface Tab {
  db: DriverDatabase;
  blobs: BlobStore;
}

export interface Phone {
  net: FaultyNetwork;
  /** The leader worker: the one engine that syncs (the Web Lock's holder). */
  device: Device;
  /** The page the driver is using: the leader's tab, or the second tab once one is open and in use. */
  readonly page: Tab;
  /** A second tab opens on the same IndexedDB and the driver uses it; its worker waits for the lock. */
  openSecondTab(): Promise<void>;
  /** The driver goes to the other tab. */
  switchTab(): void;
  /** Replaces the worker: killed mid-request (`kill`), or closed cleanly and opened again. */
  /** True when the worker died mid-request (else it was closed cleanly: its run ended first). */
  restart(kill: Kill | null): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The transport time-out: a hung request ends this long after it left (real time). It must
 * stay well above what an answered request takes on a loaded machine: at 800 ms a run's first
 * sign-in (scrypt on the server) timed out while other suites loaded the 2 cores (load 12–14,
 * seed 1247472928: "Signing in needs a connection"), so a link that was up looked hung.
 */
export const PHONE_TIMEOUT_MS = 3_000;

export async function openPhone(server: TestServer): Promise<Phone> {
  let armed: (Kill & { hit: () => void }) | null = null;
  const target: FetchLike = async (url, init) => {
    const kill = armed;
    if (kill && kill.skip-- <= 0) {
      armed = null;
      if (kill.afterAnswer) await (await fetch(url, init)).arrayBuffer();
      kill.hit();
      return new Promise<Response>(() => undefined);
    }
    return fetch(url, init);
  };
  const net = faultyNetwork(target);
  /** Each worker's own transport: once it is killed, none of its requests ever settles (a dead worker does nothing more). */
  const dead = new Set<Device>();
  const open = async (idb?: Device['idb']) => {
    let device: Device | null = null;
    const own: FaultyNetwork = { ...net, fetch: (url, init) => (device && dead.has(device) ? new Promise<Response>(() => undefined) : net.fetch(url, init)) };
    device = await makeDevice(server, { idb, net: own, timeoutMs: PHONE_TIMEOUT_MS, followupWaitMs: 0, intervalMs: 60 * 60_000 });
    return device;
  };
  let second: Tab | null = null;
  let using: 'leader' | 'second' = 'leader';
  const phone: Phone = {
    net,
    device: await open(),
    get page(): Tab {
      return using === 'second' && second ? second : { db: phone.device.db, blobs: phone.device.blobs };
    },
    async openSecondTab() {
      second = { db: await phone.device.idb.open(), blobs: await phone.device.idb.blobs() };
      using = 'second';
    },
    switchTab() {
      if (second) using = using === 'second' ? 'leader' : 'second';
    },
    async restart(kill) {
      const old = phone.device;
      let killed = false;
      if (kill && !net.offline) {
        let hit = false;
        armed = {
          ...kill,
          hit: () => {
            hit = true;
            dead.add(old);
          },
        };
        // A dead worker's run may still fail on its closed database: nobody hears of it, as in a phone.
        const run = old.engine.syncNow().then(
          () => 'done' as const,
          () => 'done' as const,
        );
        const died = new Promise<'killed'>((resolve) => {
          const poll = setInterval(() => {
            if (!hit) return;
            clearInterval(poll);
            resolve('killed');
          }, 5);
          void run.then(() => clearInterval(poll));
        });
        // The run ended before the n-th request: the worker is closed cleanly instead.
        killed = (await Promise.race([run, died])) === 'killed';
        old.killed = killed;
        armed = null;
      }
      await old.close();
      // With a second tab open this is a leader change: the leader's tab is gone and the other
      // tab's worker takes the lock (the new engine). The driver goes on in that tab, whose page
      // here becomes the new engine's instance (PWADB's six collections twice is all RxDB's
      // open-source limit of 13 allows, so the page's own instance closes).
      if (second) {
        await second.db.close();
        second.blobs.close();
        second = null;
        using = 'leader';
      }
      const next = await open(old.idb);
      next.clock.t = old.clock.t; // the phone's clock goes on; a new worker does not start it again
      phone.device = next;
      return killed;
    },
    close: async () => {
      if (second) {
        await second.db.close();
        second.blobs.close();
      }
      await phone.device.close();
    },
  };
  return phone;
}
