// The model side of the fault suite: what the driver was told was accepted (each outbox entry
// the intents inserted), what the world did meanwhile (the office's changes), and what the
// network is doing now. Commands read it to decide what a driver could do next; the checks
// compare it with the phone's outbox and the server's rows.
import type { Device } from '../device';
import type { FaultyNetwork } from '../faultyFetch';
import type { TestServer } from '../server';
import type { Kill, Tab } from './phone';
import type { Storage } from './storage';
import type { World } from './world';

export type PaymentPath = 'cash' | 'no_payment' | 'new_check' | 'saved_check' | 'existing_card' | 'new_card' | 'declined_card' | 'rto';

/** One action the phone accepted (an outbox entry), in the order the driver made them. */
export type Accepted = { entryId: string; orderKey: string } & (
  | { what: 'deliver'; path: PaymentPath | 'onlot' | 'move'; orderId: number; began: string; ended: string; delivered: string }
  | { what: 'note'; orderId: number; text: string }
  | { what: 'schedule'; orderId: number; scheduledDate: string | null }
  | { what: 'reassign'; orderId: number }
  | { what: 'dismiss'; notificationIds: number[] }
  | { what: 'settings'; flags: [boolean, boolean, boolean] }
);

export interface Model {
  world: World;
  accepted: Accepted[];
  /** Orders the driver can still act on (not delivered or reassigned by the driver). */
  open: Set<string>;
  /** Orders the office reassigned or delivered meanwhile: what the driver queued for them may be refused. */
  takenByOffice: Set<string>;
  /** Scheduled as the driver's list shows it (the driver picks schedule or reschedule from it). */
  scheduled: Set<string>;
  link: 'up' | 'offline';
  signedIn: boolean;
  /** A second tab of the app is open (its worker waits for the leader's lock). */
  secondTab: boolean;
  /** The office removed the driver's account (SPEC §4); a settle restores it first. */
  accountRemoved: boolean;
  /** Faults left that a final settle must ride out (bounded bursts), for the report. */
  faults: string[];
  /** Commands that ran, for the failure report. */
  trace: string[];
}

export interface Real {
  server: TestServer;
  net: FaultyNetwork;
  /** The leader worker's engine and its PWADB instance. */
  readonly device: Device;
  /** The page the driver is using (intents write here): the leader's tab or the second one. */
  readonly page: Tab;
  openSecondTab(): Promise<void>;
  switchTab(): void;
  /** The phone's IndexedDB storage: full, every write fails with QuotaExceededError. */
  storage: Storage;
  /** The server's JWT secret: a test mints a token that expires mid-queue with it. */
  jwtSecret: string;
  /**
   * Replaces the phone's worker (killed mid-request, or closed and opened again) on the same
   * IndexedDB; with a second tab open, the leader's tab closed and the second tab's worker took over.
   */
  restart(kill: Kill | null): Promise<boolean>;
}

export function newModel(world: World): Model {
  return {
    world,
    accepted: [],
    open: new Set(world.orders.map((o) => o.key)),
    takenByOffice: new Set(),
    scheduled: new Set(),
    link: 'up',
    signedIn: true,
    secondTab: false,
    accountRemoved: false,
    faults: [],
    trace: [],
  };
}
