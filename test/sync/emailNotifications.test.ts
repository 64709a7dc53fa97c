import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { CACHE_KEYS, readCache, readSession, type DriverDatabase, type Session } from '../../src/db';
import { PROFILE_API, type DriverEmailNotifications, type DriverSettings } from '../../src/domain';
import { kindDef, queueKind, waitingSnapshotChanges$, withWaitingChanges } from '../../src/outbox';
import { createProfileRpc } from '../../src/replication/profile';
import { activeEntries, DEMO_DRIVER, syncUntilSettled, useSyncServer, type Device } from '../support/device';

const KIND = 'update_driver_email_notifications';
const EMAIL_NOTIFICATIONS_KEY = kindDef(KIND)?.key;
const queueEmailNotifications = (db: DriverDatabase, session: Session, payload: DriverEmailNotifications, name: string, now?: Date) =>
  queueKind(db, session, KIND, { payload, name }, now);

// The email-notification switches through the outbox against the real server: changes made
// offline reach the server once back online, in order, each applied exactly once whatever the
// network did to them (a 5xx before the server, an answer lost after it); the screen's view is
// the stored settings with the waiting changes over them, and once sent the server's answer is
// the stored settings. A change the server refuses needs attention and shows nothing any more;
// the next change supersedes it.

const harness = useSyncServer();
const CALL = /POST \/secure\/driver\/update_driver_email_notifications$/;

const flagsOf = (s: DriverEmailNotifications): DriverEmailNotifications => ({
  email_notifications_new_order_assigned: s.email_notifications_new_order_assigned,
  email_notifications_order_reassigned: s.email_notifications_order_reassigned,
  email_notifications_order_finished_at_shop: s.email_notifications_order_finished_at_shop,
});

async function serverFlags(email: string): Promise<DriverEmailNotifications> {
  const [row] = await harness.server.query<DriverEmailNotifications>(
    `SELECT s.email_notifications_new_order_assigned, s.email_notifications_order_reassigned, s.email_notifications_order_finished_at_shop
       FROM account_settings s JOIN accounts a ON a.id = s.account_id WHERE a.email = $1`,
    [email],
  );
  if (!row) throw new Error(`no settings for ${email}`);
  return row;
}

/** The answers the server keeps per Idempotency-Key for this call: one per change it applied. */
const appliedKeys = (email: string) =>
  harness.server.query<{ key: string; state: string }>(
    `SELECT k.key, k.state FROM idempotency_keys k JOIN accounts a ON a.id = k.account_id WHERE a.email = $1 AND k.path = $2 ORDER BY k.id`,
    [email, PROFILE_API.updateDriverEmailNotifications],
  );

async function signedIn(account = DEMO_DRIVER): Promise<{ device: Device; session: Session; stored: DriverSettings }> {
  const device = await harness.signedInDevice({}, account);
  const session = (await readSession(device.db))!;
  expect((await createProfileRpc({ db: device.db, blobs: device.blobs, http: device.engine.http }).refreshSettings()).ok).toBe(true);
  return { device, session, stored: await storedSettings(device, session) };
}

async function storedSettings(device: Device, session: Session): Promise<DriverSettings> {
  const cached = await readCache<DriverSettings>(device.db, session, CACHE_KEYS.settings);
  if (!cached) throw new Error('no stored settings');
  return cached.data;
}

/** What the switches show: the stored settings with the waiting changes laid over them. */
async function shown(device: Device, session: Session): Promise<{ flags: DriverEmailNotifications; waiting: number }> {
  const waiting = await firstValueFrom(waitingSnapshotChanges$(device.db, session, CACHE_KEYS.settings));
  return { flags: flagsOf(withWaitingChanges(await storedSettings(device, session), waiting)), waiting: waiting.length };
}

describe('the email-notification switches through the outbox', () => {
  it('two changes made offline reach the server in order, each once, through a 5xx and a lost answer', async () => {
    const { device, session, stored } = await signedIn();
    const before = flagsOf(stored);
    expect(await serverFlags(DEMO_DRIVER.email)).toEqual(before);

    device.net.offline = true;
    const t = Date.now();
    const first = { ...before, email_notifications_order_reassigned: !before.email_notifications_order_reassigned };
    const second = { ...first, email_notifications_new_order_assigned: !first.email_notifications_new_order_assigned };
    expect(await queueEmailNotifications(device.db, session, first, 'Email notifications', new Date(t + 1000))).toMatchObject({ ok: true });
    expect(await queueEmailNotifications(device.db, session, second, 'Email notifications', new Date(t + 2000))).toMatchObject({ ok: true });
    await device.engine.syncNow();
    const entries = await activeEntries(device);
    expect(entries.map((e) => [e.kind, e.order_key, e.status])).toEqual([
      ['update_driver_email_notifications', EMAIL_NOTIFICATIONS_KEY, 'queued'],
      ['update_driver_email_notifications', EMAIL_NOTIFICATIONS_KEY, 'queued'],
    ]);
    // Offline: the switches show the latest change, waiting; nothing reached the server.
    expect(await shown(device, session)).toEqual({ flags: second, waiting: 2 });
    expect(await serverFlags(DEMO_DRIVER.email)).toEqual(before);
    expect(device.net.reached(CALL)).toBe(0);

    // Back online: the first change's first try gets a 503 (the server never saw it), its second
    // is applied but the answer is lost; the retry is answered from its key, then the second goes.
    device.net.offline = false;
    device.net.inject(CALL, { kind: 'status', status: 503 }, 1);
    device.net.inject(CALL, { kind: 'lose-response' }, 1);
    await syncUntilSettled(device);
    expect(device.net.reached(CALL)).toBe(3);
    expect(await activeEntries(device)).toHaveLength(0);
    expect(await serverFlags(DEMO_DRIVER.email)).toEqual(second);
    expect(await appliedKeys(DEMO_DRIVER.email)).toEqual(entries.map((e) => ({ key: e.id, state: 'done' })));
    // The stored settings are the server's answer: the switches stay where the driver put them.
    expect(await shown(device, session)).toEqual({ flags: second, waiting: 0 });
  });

  it('a change whose answer was lost is not applied again: an office change made meanwhile stands', async () => {
    const account = { email: 'driver2@summit.test', password: 'summit-driver-2' };
    const { device, session, stored } = await signedIn(account);
    const change = { ...flagsOf(stored), email_notifications_order_reassigned: !stored.email_notifications_order_reassigned };
    await queueEmailNotifications(device.db, session, change, 'Email notifications');
    device.net.inject(CALL, { kind: 'lose-response' }, 1);
    await device.engine.syncNow();
    expect(device.net.reached(CALL)).toBe(1);
    expect(await serverFlags(account.email)).toEqual(change);
    expect((await shown(device, session)).waiting).toBe(1); // the phone does not know yet

    // The office turns another flag around before the phone tries again.
    const office = { ...change, email_notifications_order_finished_at_shop: !change.email_notifications_order_finished_at_shop };
    await harness.server.query(
      `UPDATE account_settings SET email_notifications_order_finished_at_shop = $2 WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [account.email, office.email_notifications_order_finished_at_shop],
    );
    await syncUntilSettled(device);
    expect(device.net.reached(CALL)).toBe(2);
    // Replayed from its key, not applied again (which would have put the office's flag back).
    expect(await serverFlags(account.email)).toEqual(office);
    expect(await appliedKeys(account.email)).toHaveLength(1);
    // The phone stores what the commit answered; the office's change comes with the next read.
    expect((await shown(device, session)).flags).toEqual(change);
    expect((await createProfileRpc({ db: device.db, blobs: device.blobs, http: device.engine.http }).refreshSettings()).ok).toBe(true);
    expect((await shown(device, session)).flags).toEqual(office);
  });

  it('a settings read answered after a change committed does not put the old flags back', async () => {
    const { device, session, stored } = await signedIn();
    const change = { ...flagsOf(stored), email_notifications_new_order_assigned: !stored.email_notifications_new_order_assigned };
    await queueEmailNotifications(device.db, session, change, 'Email notifications');
    // The read reaches the server first; the change is sent and committed before its answer is stored.
    const http = device.engine.http;
    const read: typeof http.read = async (...args) => {
      const answer = await http.read(...args);
      await syncUntilSettled(device);
      return answer;
    };
    const racing = createProfileRpc({ db: device.db, blobs: device.blobs, http: { ...http, read } });
    const refreshed = await racing.refreshSettings();
    expect(refreshed.ok && flagsOf(refreshed.settings)).toEqual(change);
    expect(await serverFlags(DEMO_DRIVER.email)).toEqual(change);
    expect(await shown(device, session)).toEqual({ flags: change, waiting: 0 });
  });

  it('a change the server refuses needs attention and shows the stored flags again; the next change supersedes it', async () => {
    const account = { email: 'driver2@summit.test', password: 'summit-driver-2' };
    const { device, session, stored } = await signedIn(account);
    const before = flagsOf(stored);
    const refusedChange = { ...before, email_notifications_new_order_assigned: !before.email_notifications_new_order_assigned };
    await queueEmailNotifications(device.db, session, refusedChange, 'Email notifications');
    device.net.inject(CALL, { kind: 'status', status: 422 }, 1);
    await syncUntilSettled(device);
    const [refused] = await activeEntries(device);
    expect(refused?.status).toBe('needs_attention');
    expect(kindDef(refused!.kind)?.failure).toBe('FailedToSaveDriverNotificationSettings');
    expect(await shown(device, session)).toEqual({ flags: before, waiting: 0 });
    expect(await serverFlags(account.email)).toEqual(before);

    // The driver flips another switch: the refused entry goes, the new one says all three flags.
    const next = { ...before, email_notifications_order_finished_at_shop: !before.email_notifications_order_finished_at_shop };
    await queueEmailNotifications(device.db, session, next, 'Email notifications');
    expect((await activeEntries(device)).map((e) => e.status)).toEqual(['queued']);
    await syncUntilSettled(device);
    expect(await serverFlags(account.email)).toEqual(next);
    expect(await shown(device, session)).toEqual({ flags: next, waiting: 0 });
  });

  it("a change that is not three flags is refused with the kind's SPEC id before anything is queued", async () => {
    const { device, session, stored } = await signedIn();
    const result = await queueKind(device.db, session, KIND, {
      payload: { ...flagsOf(stored), email_notifications_order_reassigned: 'yes' },
      name: 'Email notifications',
    });
    expect(result).toMatchObject({ ok: false, error: 'FailedToSaveDriverNotificationSettings' });
    expect(await activeEntries(device)).toEqual([]);
  });
});
