// The driver's own screens through the worker's profile RPCs against the real server: settings
// saved online with a new profile picture (uploaded to the profile-pictures folder), the
// password changed only when given (with the current password, whose refusal is put on its
// field), the notification flags (queued, then sent), offline and refused saves keeping the
// draft; the delivery log and stats stored with their filters; the CSV export's bytes.
import { describe, expect, it } from 'vitest';
import { CACHE_KEYS, profilePictureBlobId, readCache, readSession, readSettingsDraft, uuidv7, writeSettingsDraft } from '../../src/db';
import {
  DELIVERY_LOG_CSV_COLUMNS,
  NO_LOG_FILTERS,
  type DeliveryLogSnapshot,
  type DeliveryStatsSnapshot,
  type DriverSettings,
  type SettingsForm,
} from '../../src/domain';
import { queueKind } from '../../src/outbox';
import { createProfileRpc } from '../../src/replication/profile';
import { makeJpeg } from '../support/images';
import { syncUntilSettled, useSyncServer, type Device } from '../support/device';

const harness = useSyncServer();
const EMAIL = 'driver@summit.test';

function rpcOf(device: Device) {
  return createProfileRpc({ db: device.db, blobs: device.blobs, http: device.engine.http });
}

async function sessionOf(device: Device) {
  const session = await readSession(device.db);
  if (!session) throw new Error('signed out');
  return session;
}

async function account() {
  const [row] = await harness.server.query<{ first_name: string; last_name: string; phone: string; password_hash: string; picture: string | null }>(
    `SELECT a.first_name, a.last_name, a.phone, a.password_hash, s.profile_image_guid picture
       FROM accounts a LEFT JOIN account_settings s ON s.account_id = a.id WHERE a.email = $1`,
    [EMAIL],
  );
  if (!row) throw new Error('no account');
  return row;
}

// The log first: the settings test changes the driver's password.
describe('delivery log through the worker', () => {
  it('stores the log with its filters and the stats; exports the CSV as bytes', async () => {
    const device = await harness.signedInDevice();
    const rpc = rpcOf(device);
    const session = await sessionOf(device);
    const all = await rpc.refreshDeliveryLog(NO_LOG_FILTERS);
    expect(all).toMatchObject({ ok: true, offline: false, failures: [] });
    const log = await readCache<DeliveryLogSnapshot>(device.db, session, CACHE_KEYS.deliveryLog);
    expect(log?.data.filters).toEqual(NO_LOG_FILTERS);
    const [{ n } = { n: 0 }] = await harness.server.query<{ n: number }>(
      'SELECT count(*)::int n FROM deliveries d JOIN accounts a ON a.id = d.driver_id WHERE a.email = $1',
      [EMAIL],
    );
    expect(log?.data.log.totals.deliveries).toBe(n);
    const stats = await readCache<DeliveryStatsSnapshot>(device.db, session, CACHE_KEYS.deliveryStats);
    expect(stats?.data.undelivered.categories.map((c) => c.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const moves = { startDate: null, endDate: null, orderTypes: ['move-inventory' as const] };
    expect((await rpc.refreshDeliveryLog(moves)).ok).toBe(true);
    const filtered = await readCache<DeliveryLogSnapshot>(device.db, session, CACHE_KEYS.deliveryLog);
    expect(filtered?.data.filters).toEqual(moves);
    expect(filtered?.data.log.deliveries.every((d) => d.log_order_type === 'move-inventory')).toBe(true);

    const exported = await rpc.exportDeliveryLog(NO_LOG_FILTERS);
    if (!exported.ok) throw new Error(exported.message);
    expect(exported.filename).toMatch(/^delivery-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(exported.type).toContain('text/csv');
    const text = new TextDecoder().decode(exported.bytes);
    expect(text.split(/\r?\n/)[0]).toContain(DELIVERY_LOG_CSV_COLUMNS[0]);

    // A server failure is named with its SPEC §8 text; offline is not a failure.
    device.net.inject(/log-list/, { kind: 'status', status: 500 }, 1);
    expect(await rpc.refreshDeliveryLog(NO_LOG_FILTERS)).toMatchObject({ ok: false, offline: false, failures: ['Failed to fetch delivery log'] });
    device.net.inject(/exports\/log-list/, { kind: 'status', status: 500 }, 1);
    expect(await rpc.exportDeliveryLog(NO_LOG_FILTERS)).toMatchObject({ ok: false, message: 'Failed to export delivery log' });
    device.net.offline = true;
    expect(await rpc.refreshDeliveryLog(NO_LOG_FILTERS)).toMatchObject({ ok: false, offline: true, failures: [] });
    expect(await rpc.exportDeliveryLog(NO_LOG_FILTERS)).toMatchObject({ ok: false, offline: true });
    // The last log seen is still there for the screen.
    expect((await readCache<DeliveryLogSnapshot>(device.db, session, CACHE_KEYS.deliveryLog))?.data.filters).toEqual(moves);
  });
});

describe('settings through the worker', () => {
  it('saves a new profile picture and names online, the password only when given, and the flags', async () => {
    const device = await harness.signedInDevice();
    const rpc = rpcOf(device);
    const session = await sessionOf(device);
    const refreshed = await rpc.refreshSettings();
    expect(refreshed.ok).toBe(true);
    const before = await account();
    const cached = await readCache<DriverSettings>(device.db, session, CACHE_KEYS.settings);
    expect(cached?.data.email).toBe(EMAIL);

    // The edit screen's draft: the fields and a new picture whose bytes are in the blob store.
    const pictureId = uuidv7();
    await device.blobs.put({ id: pictureId, type: 'image/jpeg', bytes: await makeJpeg(77, 120, 120), created_at: new Date().toISOString() });
    const form: SettingsForm = { first_name: ' Dana ', last_name: 'Rivers', phone_number: '717.555.0199', email: EMAIL, password: '', current_password: '' };
    await writeSettingsDraft(device.db, session, {
      fields: { first_name: form.first_name, last_name: form.last_name, phone_number: form.phone_number, email: form.email },
      picture: { id: pictureId, type: 'image/jpeg', extension: 'jpg' },
      updated_at: new Date().toISOString(),
    });

    const saved = await rpc.saveSettings({ form, pictureId });
    if (!saved.ok) throw new Error(saved.message);
    const after = await account();
    expect(after.first_name).toBe('Dana');
    expect(after.last_name).toBe('Rivers');
    expect(after.phone).toBe('(717) 555-0199');
    expect(after.password_hash).toBe(before.password_hash); // no password typed: unchanged
    const guid = saved.settings.profile_image_attributes?.guid;
    expect(guid).toBeTruthy();
    expect(after.picture).toBe(guid);
    const [upload] = await harness.server.query<{ folder: string; mime: string }>('SELECT folder, mime FROM uploads WHERE guid = $1', [guid]);
    expect(upload?.folder).toBe('/profile-pictures');
    // Saved: the draft and its bytes are gone; the picture is kept for the screen to show offline.
    expect(await readSettingsDraft(device.db, session)).toBeNull();
    expect(await device.blobs.get(pictureId)).toBeNull();
    expect(await device.blobs.get(profilePictureBlobId(guid ?? ''))).not.toBeNull();
    expect((await readCache<DriverSettings>(device.db, session, CACHE_KEYS.settings))?.data.first_name).toBe('Dana');

    // A password given: changed (the new one signs in); no picture chosen: the picture stays.
    const uploadsBefore = await harness.server.query<{ n: number }>("SELECT count(*)::int n FROM uploads WHERE folder = '/profile-pictures'");
    const newPassword = { ...form, first_name: 'Dana', password: 'new-secret-42' };
    // Without the current password, or a wrong one: refused beside that field, nothing changed.
    expect(await rpc.saveSettings({ form: newPassword, pictureId: null })).toMatchObject({ ok: false, offline: false, field: 'current_password' });
    const wrong = await rpc.saveSettings({ form: { ...newPassword, current_password: 'not-my-password' }, pictureId: null });
    expect(wrong).toMatchObject({ ok: false, offline: false, message: 'Failed to save settings', field: 'current_password', code: 'CurrentPasswordIncorrect' });
    expect((await account()).password_hash).toBe(before.password_hash);
    const again = await rpc.saveSettings({ form: { ...newPassword, current_password: 'summit-driver-1' }, pictureId: null });
    expect(again.ok).toBe(true);
    const changed = await account();
    expect(changed.password_hash).not.toBe(before.password_hash);
    expect(changed.picture).toBe(guid);
    expect(await harness.server.query("SELECT count(*)::int n FROM uploads WHERE folder = '/profile-pictures'")).toEqual(uploadsBefore);
    await expect(harness.server.login(EMAIL, 'new-secret-42')).resolves.toEqual(expect.any(String));

    // The three notification flags, all sent every time: an outbox entry (test/sync/emailNotifications.test.ts).
    const flags = await queueKind(device.db, session, 'update_driver_email_notifications', {
      payload: { email_notifications_new_order_assigned: false, email_notifications_order_reassigned: true, email_notifications_order_finished_at_shop: false },
      name: 'Email notifications',
    });
    expect(flags.ok).toBe(true);
    await syncUntilSettled(device);
    const [row] = await harness.server.query<Record<string, boolean>>(
      `SELECT s.email_notifications_new_order_assigned a, s.email_notifications_order_reassigned r, s.email_notifications_order_finished_at_shop f
         FROM account_settings s JOIN accounts x ON x.id = s.account_id WHERE x.email = $1`,
      [EMAIL],
    );
    expect(row).toEqual({ a: false, r: true, f: false });
    expect((await readCache<DriverSettings>(device.db, session, CACHE_KEYS.settings))?.data.email_notifications_new_order_assigned).toBe(false);
  });

  it('offline or refused, nothing is saved and the draft stays; the refusal names its field', async () => {
    const device = await harness.signedInDevice({}, { email: 'driver2@summit.test', password: 'summit-driver-2' });
    const rpc = rpcOf(device);
    const session = await sessionOf(device);
    const fields = { first_name: 'Sam', last_name: 'Lee', phone_number: '(717) 555-0142', email: 'driver2@summit.test' };
    await writeSettingsDraft(device.db, session, { fields, picture: null, updated_at: new Date().toISOString() });
    device.net.offline = true;
    const offline = await rpc.saveSettings({ form: { ...fields, password: '', current_password: '' }, pictureId: null });
    expect(offline).toMatchObject({ ok: false, offline: true });
    expect(await rpc.refreshSettings()).toMatchObject({ ok: false, offline: true });
    device.net.offline = false;
    // Another account's email: refused by the server, shown beside the email field.
    const taken = await rpc.saveSettings({
      form: { ...fields, email: 'driver@summit.test', password: '', current_password: 'summit-driver-2' },
      pictureId: null,
    });
    expect(taken).toMatchObject({
      ok: false,
      offline: false,
      message: 'Failed to save settings',
      field: 'email',
      detail: 'This email is already used by another account',
    });
    expect((await readSettingsDraft(device.db, session))?.fields).toEqual(fields);
    // The form's own rules run before anything is sent.
    const invalid = await rpc.saveSettings({ form: { ...fields, phone_number: '12', password: '', current_password: '' }, pictureId: null });
    expect(invalid).toMatchObject({ ok: false, field: 'phone_number' });
    // Another email without the current password: asked for beside its field.
    const unconfirmed = await rpc.saveSettings({ form: { ...fields, email: 'sam.lee@summit.test', password: '', current_password: '' }, pictureId: null });
    expect(unconfirmed).toMatchObject({ ok: false, offline: false, field: 'current_password' });
    expect((await readSettingsDraft(device.db, session))?.fields).toEqual(fields);
  });
});
