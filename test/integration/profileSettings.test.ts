// Driver settings: read, edit (picture, phone format, unique email, password re-hash), the
// email-notification flags; company isolation, bad input and the Idempotency-Key cases.
import { describe, expect, it } from 'vitest';
import { PROFILE_API, type DriverSettings } from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, makeImage, newKey, postJson, uploadFiles, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;
let ridge: string;

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, summit2, ridge } = s));

async function profilePicture(token: string, folder = '/profile-pictures', seed = 5) {
  const res = await uploadFiles(server, token, [{ bytes: await makeImage('png', seed), name: 'me.png', type: 'image/png' }], { folder });
  expect(res.status).toBe(200);
  const path = (res.body as { path: string }[])[0]?.path ?? '';
  const guid = /\/files\/([0-9a-f-]{36})\./.exec(path)?.[1] ?? '';
  return { guid, mime_type: 'image/png' as const, extension: 'png' as const, download_urls: [path] };
}

const accountRow = async (email: string) =>
  (
    await server.query<{ first_name: string; last_name: string; phone: string; email: string; password_hash: string }>(
      'SELECT first_name, last_name, phone, email, password_hash FROM accounts WHERE email = $1',
      [email],
    )
  )[0];

const edit = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Dale',
  last_name: 'Hostetler',
  phone_number: '(717) 555-0101',
  email: SUMMIT_DRIVER.email,
  ...overrides,
});

describe('GET /api/driver/driver-settings', () => {
  it("answers the driver's own profile and flags, as stored", async () => {
    const res = await call<DriverSettings>(server, PROFILE_API.driverSettings, { token: summit });
    expect(res.status).toBe(200);
    const row = await accountRow(SUMMIT_DRIVER.email);
    expect(res.body).toEqual({
      first_name: row?.first_name,
      last_name: row?.last_name,
      phone_number: row?.phone,
      email: SUMMIT_DRIVER.email,
      profile_image_attributes: null,
      email_notifications_new_order_assigned: true,
      email_notifications_order_reassigned: true,
      email_notifications_order_finished_at_shop: expect.any(Boolean) as boolean,
    });
    // The seed turned the second driver's reassigned email off.
    const second = await call<DriverSettings>(server, PROFILE_API.driverSettings, { token: summit2 });
    expect(second.body.email_notifications_order_reassigned).toBe(false);
    const other = await call<DriverSettings>(server, PROFILE_API.driverSettings, { token: ridge });
    expect(other.body.email).toBe(RIDGE_DRIVER.email);
  });

  it('401 without a token', async () => {
    expect((await call(server, PROFILE_API.driverSettings)).status).toBe(401);
  });
});

describe('POST /secure/driver/update_driver_settings', () => {
  it('saves name, a normalised phone and a new profile picture, and reads them back', async () => {
    const picture = await profilePicture(summit);
    const res = await postJson<DriverSettings>(
      server,
      PROFILE_API.updateDriverSettings,
      edit({ first_name: '  Dale J. ', phone_number: '717.555.0199', profile_image_attributes: picture }),
      { token: summit },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Dale J.',
      phone_number: '(717) 555-0199',
      profile_image_attributes: { guid: picture.guid, mime_type: 'image/png', extension: 'png', download_urls: [`/files/${picture.guid}.png`] },
    });
    const row = await accountRow(SUMMIT_DRIVER.email);
    expect(row).toMatchObject({ first_name: 'Dale J.', phone: '(717) 555-0199' });
    const [settings] = await server.query<{ profile_image_guid: string }>(
      'SELECT profile_image_guid FROM account_settings s JOIN accounts a ON a.id = s.account_id WHERE a.email = $1',
      [SUMMIT_DRIVER.email],
    );
    expect(settings?.profile_image_guid).toBe(picture.guid);
    const image = await call(server, `/files/${picture.guid}.png`, { token: summit });
    expect(image.status).toBe(200);
    // Leaving the picture out keeps it (SPEC §5: sent only when a new one was chosen); null removes it.
    const kept = await postJson<DriverSettings>(server, PROFILE_API.updateDriverSettings, edit(), { token: summit });
    expect(kept.body.profile_image_attributes?.guid).toBe(picture.guid);
    const removed = await postJson<DriverSettings>(server, PROFILE_API.updateDriverSettings, edit({ profile_image_attributes: null }), { token: summit });
    expect(removed.body.profile_image_attributes).toBeNull();
  });

  it('re-hashes a new password with scrypt: the new one signs in, the old one no longer does', async () => {
    const before = await accountRow(SUMMIT_DRIVER2.email);
    const res = await postJson(
      server,
      PROFILE_API.updateDriverSettings,
      {
        first_name: 'Marcy',
        last_name: 'Kauffman',
        phone_number: '(717) 555-0102',
        email: SUMMIT_DRIVER2.email,
        password: 'a-new-long-password',
        current_password: SUMMIT_DRIVER2.password,
      },
      { token: summit2 },
    );
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('password');
    const after = await accountRow(SUMMIT_DRIVER2.email);
    expect(after?.password_hash).toMatch(/^scrypt\$/);
    expect(after?.password_hash).not.toBe(before?.password_hash);
    await expect(server.login(SUMMIT_DRIVER2.email, 'a-new-long-password')).resolves.toEqual(expect.any(String));
    await expect(server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password)).rejects.toThrow(/401/);
  });

  it('refuses an email another account uses (any case), and changes nothing', async () => {
    for (const email of [RIDGE_DRIVER.email, 'DRIVER2@summit.test']) {
      const res = await postJson(server, PROFILE_API.updateDriverSettings, edit({ email, first_name: 'Changed', current_password: SUMMIT_DRIVER.password }), {
        token: summit,
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'EmailAlreadyInUse' });
    }
    expect((await accountRow(SUMMIT_DRIVER.email))?.first_name).not.toBe('Changed');
  });

  it('400 for bad input, naming the field, and for fields a driver may not set', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ phone_number: '555-01' }, 'phone_number'],
      [{ phone_number: '(117) 555-0101' }, 'phone_number'],
      [{ email: 'not-an-email' }, 'email'],
      [{ first_name: '   ' }, 'first_name'],
      [{ password: 'short' }, 'password'],
      [{ role: 'office_admin' }, 'role'],
      [{ company_id: 2 }, 'company_id'],
      [{ profile_image_attributes: { guid: 'x', extension: 'png', mime_type: 'image/png', download_urls: [] } }, 'profile_image_attributes'],
    ];
    for (const [override, field] of cases) {
      const res = await postJson<{ error: string; message: string }>(server, PROFILE_API.updateDriverSettings, edit({ ...override, last_name: 'Nope' }), {
        token: summit,
      });
      expect(res.status, field).toBe(400);
      expect(res.body.error).toBe('InvalidRequest');
      expect(res.body.message).toContain(field);
    }
    const bare = await postJson(server, PROFILE_API.updateDriverSettings, 'text', { token: summit });
    expect(bare.status).toBe(400);
    expect((await accountRow(SUMMIT_DRIVER.email))?.last_name).toBe('Hostetler');
  });

  it("takes a picture only from the driver's own /profile-pictures uploads", async () => {
    const ridgePicture = await profilePicture(ridge, '/profile-pictures', 6);
    const deliveryPhoto = await profilePicture(summit, '/deliver-onlot-inventory-order/delivery', 7);
    // Another Summit driver's picture was taken as this driver's own.
    const colleaguePicture = await profilePicture(summit2, '/profile-pictures', 8);
    for (const picture of [ridgePicture, deliveryPhoto, colleaguePicture]) {
      const res = await postJson(server, PROFILE_API.updateDriverSettings, edit({ profile_image_attributes: picture }), { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'ProfileImageNotFound' });
    }
    // Ridge's driver reads only Ridge's profile and cannot see Summit's picture file.
    const mine = await call<DriverSettings>(server, PROFILE_API.driverSettings, { token: summit });
    const theirs = await call(server, `/files/${ridgePicture.guid}.png`, { token: summit });
    expect(theirs.status).toBe(404);
    expect(mine.body.email).toBe(SUMMIT_DRIVER.email);
  });

  it('Idempotency-Key: the same body replays the first answer without re-hashing; another body → 422', async () => {
    const key = newKey();
    const body = edit({ password: 'replayed-password-1', current_password: SUMMIT_DRIVER.password });
    const first = await postJson(server, PROFILE_API.updateDriverSettings, body, { token: summit, key });
    expect(first.status).toBe(200);
    const hash = (await accountRow(SUMMIT_DRIVER.email))?.password_hash;
    const again = await postJson(server, PROFILE_API.updateDriverSettings, body, { token: summit, key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await accountRow(SUMMIT_DRIVER.email))?.password_hash).toBe(hash); // the work ran once
    const other = await postJson(server, PROFILE_API.updateDriverSettings, edit({ first_name: 'Other' }), { token: summit, key });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'IdempotencyKeyReused' });
  });
});

describe('POST /secure/driver/update_driver_email_notifications', () => {
  const flags = {
    email_notifications_new_order_assigned: false,
    email_notifications_order_reassigned: true,
    email_notifications_order_finished_at_shop: false,
  };

  it('saves the three flags and answers the settings', async () => {
    const res = await postJson<DriverSettings>(server, PROFILE_API.updateDriverEmailNotifications, flags, { token: ridge });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...flags, email: RIDGE_DRIVER.email });
    const [row] = await server.query(
      'SELECT email_notifications_new_order_assigned a, email_notifications_order_reassigned r, email_notifications_order_finished_at_shop f FROM account_settings s JOIN accounts x ON x.id = s.account_id WHERE x.email = $1',
      [RIDGE_DRIVER.email],
    );
    expect(row).toEqual({ a: false, r: true, f: false });
    const read = await call<DriverSettings>(server, PROFILE_API.driverSettings, { token: ridge });
    expect(read.body).toMatchObject(flags);
    // Summit's driver's flags are untouched.
    const summitRead = await call<DriverSettings>(server, PROFILE_API.driverSettings, { token: summit });
    expect(summitRead.body.email_notifications_new_order_assigned).toBe(true);
  });

  it('400 when a flag is missing, not a boolean, or unknown', async () => {
    for (const body of [
      { ...flags, email_notifications_order_reassigned: undefined },
      { ...flags, email_notifications_new_order_assigned: 'yes' },
      { ...flags, send_email: true },
    ]) {
      const res = await postJson(server, PROFILE_API.updateDriverEmailNotifications, body, { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });

  it('Idempotency-Key: replay, then 422 for another body under the same key', async () => {
    const key = newKey();
    const first = await postJson(server, PROFILE_API.updateDriverEmailNotifications, flags, { token: summit, key });
    // Changed behind the replay's back: a replay must not redo the write.
    await server.query(
      `UPDATE account_settings SET email_notifications_order_reassigned = false WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [SUMMIT_DRIVER.email],
    );
    const again = await postJson(server, PROFILE_API.updateDriverEmailNotifications, flags, { token: summit, key });
    expect(again.body).toEqual(first.body);
    const [row] = await server.query<{ r: boolean }>(
      'SELECT email_notifications_order_reassigned r FROM account_settings s JOIN accounts x ON x.id = s.account_id WHERE x.email = $1',
      [SUMMIT_DRIVER.email],
    );
    expect(row?.r).toBe(false);
    const other = await postJson(
      server,
      PROFILE_API.updateDriverEmailNotifications,
      { ...flags, email_notifications_new_order_assigned: true },
      { token: summit, key },
    );
    expect(other.status).toBe(422);
  });
});
