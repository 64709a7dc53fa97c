import { describe, expect, it } from 'vitest';
import { readCheckpoint, readSession, readSignedOutNote, syncStatus$ } from '../../src/db';
import { PULL_STREAMS, REMOVED_USER_POLL_MS } from '../../src/replication';
import { firstValueFrom } from 'rxjs';
import { faultyNetwork } from '../support/faultyFetch';
import { useSyncServer, type Device } from '../support/device';

// A sync run is under way when its driver signs out (issue 21: the colleague who signed in
// next on the same phone waited 30 s for their list). The run belongs to the session it
// started with: it sends nothing after that session ends, so the next driver's first pull
// starts at once and nothing of theirs is stored under the previous driver's account.

const harness = useSyncServer();

interface Call {
  path: string;
  authorization: string | null;
}

/** A phone whose next removed-user check is held until `release()`: the run waits there. */
async function phoneWithHeldRun(): Promise<{ phone: Device; calls: Call[]; held: Promise<void>; release: () => void }> {
  const calls: Call[] = [];
  let hold = false;
  let arrived = (): void => undefined;
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const net = faultyNetwork(async (url, init) => {
    const path = new URL(url).pathname;
    calls.push({ path, authorization: new Headers(init.headers).get('Authorization') });
    if (hold && path === '/api/company-user-is-removed') {
      hold = false;
      arrived();
      await released;
    }
    return fetch(url, init);
  });
  const phone = await harness.signedInDevice({ net });
  // The removed-user check is due, so the next run starts with it (before anything is pushed).
  phone.clock.t += REMOVED_USER_POLL_MS;
  hold = true;
  return { phone, calls, held, release };
}

describe('a run under way when its driver signs out', () => {
  it("sends nothing more: the next driver is served at once and nothing of theirs is stored as the previous driver's", async () => {
    const { phone, calls, held, release } = await phoneWithHeldRun();
    const first = (await readSession(phone.db))!;
    const runs = phone.engine.syncNow();
    await held;
    await phone.engine.logout();
    expect(await phone.engine.login('driver2@summit.test', 'summit-driver-2')).toEqual({ ok: true });
    const second = (await readSession(phone.db))!;
    const since = calls.length;
    release();
    await runs; // the first driver's run, then the second driver's first one

    // The second driver's list is read by their own run only: once, and once more from its
    // checkpoint after the sync version's answer (a first pull asks both at once: pull.ts).
    const after = calls.slice(since);
    expect(after.filter((call) => call.path === '/api/driver/order-list')).toHaveLength(2);
    expect(after.every((call) => call.authorization === `Bearer ${second.token}`)).toBe(true);
    const theirs = await phone.db.orders.find({ selector: { account_id: second.claims.account_id } }).exec();
    expect(theirs.length).toBeGreaterThan(0);
    // The first driver's account holds nothing on the phone: no snapshot, no checkpoint.
    expect(await phone.db.cache.find({ selector: { account_id: first.claims.account_id } }).exec()).toEqual([]);
    for (const stream of PULL_STREAMS) expect(await readCheckpoint(phone.db, stream, first), stream).toBeNull();
  });

  it('is no refusal of the session: no "signed out because" note, nothing paused, no sync counted', async () => {
    const { phone, held, release } = await phoneWithHeldRun();
    const before = (await firstValueFrom(syncStatus$(phone.db))).lastSyncAt;
    const runs = phone.engine.syncNow();
    await held;
    await phone.engine.logout();
    release();
    await runs;
    expect(await readSignedOutNote(phone.db)).toBeNull();
    const status = await firstValueFrom(syncStatus$(phone.db));
    expect(status.authPaused).toBe(false);
    expect(status.syncing).toBe(false);
    expect(status.lastSyncAt).toBe(before);
  });
});
