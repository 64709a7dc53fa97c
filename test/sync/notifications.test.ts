import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { CACHE_KEYS, readCache, readSession, syncStatus$, type Session } from '../../src/db';
import { notificationTabs, type CompanyContact, type DriverNotification } from '../../src/domain';
import { dismissalState, kindDef, notificationDismissals$, queueDismissAll, queueDismissNotification } from '../../src/outbox';
import { activeEntries, DEMO_DRIVER, syncUntilSettled, useSyncServer, type Device } from '../support/device';
import { forgetSyncVersion } from '../support/syncVersion';

// Notifications through the real engine and server: the list is stored for offline use, dismiss
// one and Clear all queued offline reach the server once when the phone is back (a lost answer
// included), a notification that arrived meanwhile is not cleared unseen, and a dismissal the
// server refuses needs the driver's attention with SPEC §8's text.

const harness = useSyncServer();

async function stored(device: Device, session: Session) {
  return (await readCache<DriverNotification[]>(device.db, session, CACHE_KEYS.notifications))?.data ?? null;
}

async function tabsOf(device: Device, session: Session) {
  const entries = await firstValueFrom(notificationDismissals$(device.db, session));
  return notificationTabs((await stored(device, session)) ?? [], dismissalState(entries));
}

const serverRows = () =>
  harness.server.query<{ id: number; dismissed_at: Date | null; title: string }>(
    `SELECT n.id, n.dismissed_at, n.title FROM notifications n JOIN accounts a ON a.id = n.account_id WHERE a.email = $1 ORDER BY n.id`,
    [DEMO_DRIVER.email],
  );

describe('notifications through the outbox', () => {
  it('dismiss one and Clear all queued offline are sent once when back online; what arrived meanwhile stays', async () => {
    const device = await harness.signedInDevice();
    const session = (await readSession(device.db))!;
    const list = (await stored(device, session))!;
    const rows = await serverRows();
    expect(list.map((n) => n.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id)); // seed: all recent
    const active = list.filter((n) => !n.dismissed);
    expect(active.length).toBeGreaterThan(2);
    // The company's contact came down with the same run (tech support offline).
    const contact = await readCache<CompanyContact>(device.db, session, CACHE_KEYS.companyContact);
    expect(contact?.data).toMatchObject({ name: 'Summit Sheds', phone: '(717) 555-0140', email: 'office@summit.test' });

    device.net.offline = true;
    const [first] = active;
    const t = Date.now();
    expect(await queueDismissNotification(device.db, session, first!, new Date(t + 1000))).toMatchObject({ ok: true });
    // A second tap is the same dismissal, not a second entry.
    expect(await queueDismissNotification(device.db, session, first!, new Date(t + 1500))).toMatchObject({ ok: true });
    let tabs = await tabsOf(device, session);
    expect(tabs.active.map((n) => n.id)).not.toContain(first!.id);
    expect(tabs.dismissed.find((r) => r.notification.id === first!.id)?.queued).toBe(true);
    const upTo = Math.max(...tabs.active.map((n) => n.id));
    expect(await queueDismissAll(device.db, session, upTo, new Date(t + 2000))).toMatchObject({ ok: true });
    await device.engine.syncNow();
    expect((await activeEntries(device)).map((e) => [e.kind, e.status])).toEqual([
      ['dismiss_notification', 'queued'],
      ['dismiss_all_notifications', 'queued'],
    ]);
    tabs = await tabsOf(device, session);
    expect(tabs.active).toEqual([]);
    expect(tabs.dismissed.filter((r) => r.queued)).toHaveLength(active.length);

    // The office sends something while the phone is away: not seen, so not cleared.
    const [later] = await harness.server.query<{ id: number }>(
      `INSERT INTO notifications (company_id, account_id, type, title, message)
      SELECT company_id, id, 'system', 'Yard closes early Friday', 'Pick up before 2 pm.' FROM accounts WHERE email = $1 RETURNING id`,
      [DEMO_DRIVER.email],
    );

    device.net.offline = false;
    device.net.inject(/POST \/secure\/driver\/notification_dismiss/, { kind: 'lose-response' }, 1);
    await syncUntilSettled(device);
    expect(device.net.reached(/POST \/secure\/driver\/notification_dismiss/)).toBe(2); // lost once; the replay answered from its key
    expect(device.net.reached(/POST \/secure\/driver\/dismiss_all_notifications/)).toBe(1);
    expect(await activeEntries(device)).toHaveLength(0);

    const after = await serverRows();
    expect(after.filter((r) => r.dismissed_at === null).map((r) => r.id)).toEqual([later!.id]);
    // The next pull stored the server's truth: only the new one is active, nothing shows as queued.
    tabs = await tabsOf(device, session);
    expect(tabs.active.map((n) => n.title)).toEqual(['Yard closes early Friday']);
    expect(tabs.dismissed.every((r) => !r.queued && r.notification.dismissed)).toBe(true);
  });

  it('a dismissal the server refuses needs attention (SPEC §8 "Failed to dismiss notification") and hides nothing any more', async () => {
    const device = await harness.signedInDevice({}, { email: 'driver2@summit.test', password: 'summit-driver-2' });
    const session = (await readSession(device.db))!;
    const [target] = ((await stored(device, session)) ?? []).filter((n) => !n.dismissed);
    expect(target).toBeDefined();
    device.net.offline = true;
    await queueDismissNotification(device.db, session, target!);
    expect((await tabsOf(device, session)).active.some((n) => n.id === target!.id)).toBe(false);
    // The office removes it before the phone is back.
    await harness.server.query('DELETE FROM notifications WHERE id = $1', [target!.id]);
    device.net.offline = false;
    await syncUntilSettled(device);
    const [entry] = await activeEntries(device);
    expect(entry?.status).toBe('needs_attention');
    expect(entry?.last_error).toMatchObject({ code: 'NotFound', status: 404 });
    expect(device.net.reached(/POST \/secure\/driver\/notification_dismiss/)).toBe(1); // not retried
    expect(kindDef(entry!.kind)?.failure).toBe('FailedToDismissNotification');
    const state = dismissalState(await firstValueFrom(notificationDismissals$(device.db, session)));
    expect(state.waiting.ids.has(target!.id)).toBe(false);
    expect(state.sent.ids.has(target!.id)).toBe(false);
  });

  it('a notifications read the server fails is reported with its SPEC text; the last copy stays', async () => {
    const device = await harness.signedInDevice();
    const session = (await readSession(device.db))!;
    const before = await stored(device, session);
    device.net.inject(/GET \/api\/notifications/, { kind: 'status', status: 500 }, 1);
    await forgetSyncVersion(device);
    await device.engine.syncNow();
    const status = await firstValueFrom(syncStatus$(device.db));
    expect(status.fetchFailures.map((f) => f.code)).toEqual(['FailedToFetchNotifications']);
    expect(await stored(device, session)).toEqual(before);
    await device.engine.syncNow();
    expect((await firstValueFrom(syncStatus$(device.db))).fetchFailures).toEqual([]);
  });
});
